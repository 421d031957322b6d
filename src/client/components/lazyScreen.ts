import { type ComponentType, lazy } from 'react';

/** A screen loaded with its own chunk when first shown (React.lazy over a named export), so the
 *  login page and the dashboard do not carry the code of the other screens. */
export function lazyScreen<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return lazy(async () => ({ default: (await load())[name] as M[K] & ComponentType<any> }));
}
