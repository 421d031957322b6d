import os from 'node:os';

/** The database workers' nice value: behind the server's main thread (0), not starved (19). */
export const WORKER_NICE = 10;

/**
 * Puts the calling worker thread behind the live pages' event loop on a busy machine: on Linux a
 * nice value is a thread's own, and os.setPriority without a pid sets the calling thread's. Where
 * the system refuses, the worker runs at the server's priority.
 */
export function runBehindMainThread() {
  try {
    os.setPriority(WORKER_NICE);
  } catch {
    // Not allowed here.
  }
}
