import type { Db } from './connect.js';
import { purgeHistory } from './history-read.js';
import { mergeSearchIndexes } from './search-index.js';
import { type ImportDone, type ImportRequest, writeImport } from './song-import.js';
import { offThread, WorkerPool } from './worker-pool.js';

/** What the write worker is asked: an import to write, the search indexes to merge, old history to purge. */
export type HeavyWriteRequest =
  { import: ImportRequest } | { mergeSearchIndexes: true } | { purgeHistoryBefore: string };

/**
 * The long writes done by a worker thread on SQLite (issue 25, point 2): a 5,000-row CSV import's
 * transaction (some 200 ms of better-sqlite3), the search-index job's merge steps (10–50 ms each,
 * hundreds of them a minute after many saves) and the daily purge of old history (a row per song an
 * import added), which on the main thread held every websocket send
 * behind them. The worker (heavy-write-worker.ts) writes on a connection of its own; meanwhile the
 * main thread's writes wait for its lock between turns of the event loop (connect.ts), and its reads
 * go on beside it (WAL). One worker: SQLite writes one transaction at a time anyway. On PostgreSQL,
 * and with workers off, the work is done here.
 */
export class HeavyWrites {
  readonly #pool?: WorkerPool<HeavyWriteRequest, unknown>;

  /**
   * `dataDir`: the SQLite database's folder, for the worker; none: written on this thread. `after`:
   * the main connection's turns (DbHandle.turns), which the worker's transactions let go first.
   */
  constructor(
    private readonly db: Db,
    dataDir: string | undefined,
    after?: SharedArrayBuffer,
  ) {
    if (dataDir)
      this.#pool = new WorkerPool(new URL('./heavy-write-worker.ts', import.meta.url), { dataDir, after }, 1);
  }

  importSongs(request: ImportRequest): Promise<ImportDone> {
    return offThread(this.#pool, { import: request }, () =>
      writeImport(this.db, request),
    ) as Promise<ImportDone>;
  }

  /** Merges the SQLite trigram indexes' segments (search-index.ts); answers how many steps worked. */
  mergeSearchIndexes(): Promise<number> {
    return offThread(this.#pool, { mergeSearchIndexes: true }, () =>
      mergeSearchIndexes(this.db),
    ) as Promise<number>;
  }

  /** Whether a worker does this work (SQLite with workers), and so copies the write-ahead log too (every second). */
  get hasWorker() {
    return this.#pool !== undefined;
  }

  /** Deletes the history older than `before` (history-read.ts); answers how many rows. */
  purgeHistory(before: string): Promise<number> {
    return offThread(this.#pool, { purgeHistoryBefore: before }, () =>
      purgeHistory(this.db, before),
    ) as Promise<number>;
  }

  /** Starts the workers now rather than at the first request, answering once they serve (WorkerPool.warm); none on PostgreSQL. */
  async warm() {
    await this.#pool?.warm();
  }

  /** How many worker threads are running (what the tests check). */
  get workersRunning() {
    return this.#pool?.running ?? 0;
  }

  /** How many writes the worker has done (what the tests check). */
  get answeredByWorker() {
    return this.#pool?.answered ?? 0;
  }

  async close() {
    await this.#pool?.close();
  }
}
