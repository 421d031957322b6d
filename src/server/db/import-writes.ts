import type { Db } from './connect.js';
import { type ImportDone, type ImportRequest, writeImport } from './song-import.js';
import { offThread, WorkerPool } from './worker-pool.js';

/**
 * CSV imports written by a worker thread on SQLite (issue 25, point 2): a 5,000-row import's
 * transaction is some 200 ms of better-sqlite3, which on the main thread held every websocket send
 * behind it. The worker (import-write-worker.ts) writes it on a connection of its own; meanwhile the
 * main thread's writes wait for its lock between turns of the event loop (connect.ts), and its reads
 * go on beside it (WAL). One worker: SQLite writes one transaction at a time anyway. On PostgreSQL,
 * and with workers off, the import is written here.
 */
export class ImportWrites {
  readonly #pool?: WorkerPool<ImportRequest, ImportDone>;

  /** `dataDir`: the SQLite database's folder, for the worker; none: written on this thread. */
  constructor(
    private readonly db: Db,
    dataDir: string | undefined,
  ) {
    if (dataDir)
      this.#pool = new WorkerPool(new URL('./import-write-worker.ts', import.meta.url), { dataDir }, 1);
  }

  write(request: ImportRequest): Promise<ImportDone> {
    return offThread(this.#pool, request, () => writeImport(this.db, request));
  }

  /** How many imports the worker has written (what the tests check). */
  get writtenByWorker() {
    return this.#pool?.answered ?? 0;
  }

  async close() {
    await this.#pool?.close();
  }
}
