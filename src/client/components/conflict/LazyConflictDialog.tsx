import { type ComponentProps, Suspense } from 'react';
import { HttpError } from 'react-admin';
import { lazyScreen } from '../lazyScreen';

/** Shown only after a refused save: its code is loaded then, not with every screen that saves. */
const ConflictDialog = lazyScreen(() => import('./ConflictDialog'), 'ConflictDialog');

export function LazyConflictDialog(props: ComponentProps<typeof ConflictDialog>) {
  return (
    <Suspense fallback={null}>
      <ConflictDialog {...props} />
    </Suspense>
  );
}

/**
 * The record as it is now, when a save was refused because someone saved it first (issue 28: a 409
 * carrying it as `current`); undefined for any other failure.
 */
export function savedMeanwhile(error: unknown): Record<string, unknown> | undefined {
  if (!(error instanceof HttpError) || error.status !== 409) return undefined;
  const current = (error.body as { current?: unknown } | null)?.current;
  return current && typeof current === 'object' ? (current as Record<string, unknown>) : undefined;
}
