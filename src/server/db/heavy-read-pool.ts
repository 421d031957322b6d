import type { Db } from './connect.js';
import { HEAVY_READS, type HeavyRead, type HeavyReadAnswer, type HeavyReadArgs } from './heavy-reads.js';
import { type ListKind, type ListRequest, type ListResult, LISTS } from './lists.js';
import type { Memo } from './memo.js';
import { offThread, WorkerPool } from './worker-pool.js';

/** What a read worker is asked: a list's page, or one of the heavy reads by name. */
export type HeavyReadRequest = { list: ListRequest } | { read: HeavyRead; args: unknown[] };

/**
 * The lists' pages (songs, performers, playlists) and the other heavy reads (heavy-reads.ts) done off
 * the main thread on SQLite (issue 25, point 2): better-sqlite3 is synchronous, so a search's
 * milliseconds, an export's or the insights' hundreds held every websocket send and guest's request
 * behind them. Worker threads (heavy-read-worker.ts) with their own read-only connection answer them
 * instead; the main thread only waits. On PostgreSQL, whose queries do not hold the event loop, and
 * with no workers configured, they are read here as before; so is what a worker that went away held.
 */
export class HeavyReads {
  readonly #pool?: WorkerPool<HeavyReadRequest, unknown>;

  /** `dataDir`: the SQLite database's folder, for the workers; none: every read on this thread. */
  constructor(
    private readonly db: Db,
    dataDir: string | undefined,
    workers = 1,
  ) {
    if (dataDir && workers > 0)
      this.#pool = new WorkerPool(new URL('./heavy-read-worker.ts', import.meta.url), { dataDir }, workers);
  }

  /** A list's page; `memo` keeps its totals here, `request.memoScope` in the worker. */
  list<K extends ListKind>(kind: K, request: Omit<ListRequest, 'kind'>, memo?: Memo): Promise<ListResult<K>> {
    return offThread(this.#pool, { list: { kind, ...request } }, () =>
      LISTS[kind](this.db, request.user, request.options, memo),
    ) as Promise<ListResult<K>>;
  }

  read<N extends HeavyRead>(read: N, ...args: HeavyReadArgs<N>): Promise<HeavyReadAnswer<N>> {
    const here = HEAVY_READS[read] as (db: Db, ...args: unknown[]) => Promise<HeavyReadAnswer<N>>;
    return offThread(this.#pool, { read, args }, () => here(this.db, ...args)) as Promise<HeavyReadAnswer<N>>;
  }

  /** Starts the workers now rather than at the first request, answering once they serve (WorkerPool.warm); none on PostgreSQL. */
  async warm() {
    await this.#pool?.warm();
  }

  /** How many worker threads are running (what the tests check). */
  get workersRunning() {
    return this.#pool?.running ?? 0;
  }

  /** How many reads the workers have answered (what the tests check). */
  get answeredByWorkers() {
    return this.#pool?.answered ?? 0;
  }

  async close() {
    await this.#pool?.close();
  }
}
