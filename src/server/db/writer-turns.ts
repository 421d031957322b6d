/**
 * The main thread's database work before the write worker's (issue 25, point 2). SQLite lets one
 * connection write at a time; a guest's request on the main thread that finds an import's
 * transaction under way waits for it, trying again after a pause (connect.ts). On a busy machine
 * that pause (a timer on the live pages' event loop) often ended after the import had begun its next
 * transaction, so a guest waited for several. Now the main connection counts, in memory both
 * threads share, the statements and transactions waiting for it or running on it, and the worker
 * begins a transaction only when none is, or after YIELD_MAX_MS (an import is never held up for
 * long by a steady stream of guests).
 */
export const YIELD_MAX_MS = 50;

/** `Atomics.waitAsync` (ES2024; in Node since 16), which this TypeScript's library does not name. */
const waitAsync = (
  Atomics as unknown as {
    waitAsync(
      array: Int32Array,
      index: number,
      value: number,
      timeout: number,
    ): { async: boolean; value: Promise<string> | string };
  }
).waitAsync;

export class WriterTurns {
  readonly #count: Int32Array;

  /** `shared`: the main connection's turns (a worker's copy of them); none: a new count. */
  constructor(readonly shared = new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT)) {
    this.#count = new Int32Array(shared);
  }

  /** How many statements or transactions wait for the main connection or run on it. */
  get busy() {
    return Atomics.load(this.#count, 0);
  }

  /** The main connection is asked for (a statement or transaction waits for it or runs). */
  enter() {
    Atomics.add(this.#count, 0, 1);
  }

  /** ... and given back. */
  leave() {
    if (Atomics.sub(this.#count, 0, 1) === 1) Atomics.notify(this.#count, 0);
  }

  /** A background writer, before it takes the lock: waits while the main connection is busy, up to `maxMs`. */
  async yield(maxMs = YIELD_MAX_MS) {
    const deadline = performance.now() + maxMs;
    for (;;) {
      const busy = Atomics.load(this.#count, 0);
      const left = deadline - performance.now();
      if (busy === 0 || left <= 0) return;
      const wait = waitAsync(this.#count, 0, busy, left);
      if (wait.async) await wait.value;
    }
  }
}
