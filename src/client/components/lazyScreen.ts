import { type ComponentProps, type ComponentType, createElement, lazy } from 'react';

/** How to try again each screen whose code failed to load (a network failure while it was asked for). */
const failed = new Set<() => void>();

/**
 * Loads again the code of every screen that failed to load: their next render imports it anew. Called
 * when the error page goes (Retry, or another screen chosen), not when the import fails: React renders
 * a failed screen once more before its error page, and a screen re-armed then would load for ever.
 */
export function retryFailedScreens() {
  for (const rearm of failed) rearm();
  failed.clear();
}

/**
 * The import, tried again. Chromium fetches a failed module again (whatwg/html#10327); a browser that
 * still keeps the failure in its module map fails at once, naming the chunk (Firefox): that chunk is
 * then imported at an address it has not seen. (Safari names none: there only a reload helps.)
 */
async function importAgain<M>(load: () => Promise<M>): Promise<M> {
  try {
    return await load();
  } catch (error) {
    const named = /\bhttps?:\/\/\S+\.js\b/.exec(error instanceof Error ? error.message : '')?.[0];
    if (!named || new URL(named).origin !== location.origin) throw error;
    return (await import(/* @vite-ignore */ `${named}?retry=${Date.now()}`)) as M;
  }
}

/** A screen loaded with its own chunk when first shown (React.lazy over a named export), so the
 *  login page and the dashboard do not carry the code of the other screens. React.lazy keeps a
 *  failed load for good: a screen whose load failed gets a new one on retryFailedScreens(). */
export function lazyScreen<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  type Screen = M[K] & ComponentType<any>;
  const loader = (again: boolean) =>
    lazy(async () => {
      try {
        return { default: (await (again ? importAgain(load) : load()))[name] as Screen };
      } catch (error) {
        failed.add(() => (Current = loader(true)));
        throw error;
      }
    });
  let Current = loader(false);
  return function LazyScreen(props: ComponentProps<Screen>) {
    return createElement(Current, props);
  };
}
