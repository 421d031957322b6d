// A read worker (db/heavy-read-pool.ts): its own read-only connection to the SQLite file (WAL lets it
// read beside the main thread's writes) answering list pages and the heavy reads, so that a search's
// milliseconds and an export's hundreds of better-sqlite3 run on another core than the live pages'
// event loop.
import { workerData } from 'node:worker_threads';
import { type Db, openSqliteReader } from './connect.js';
import type { HeavyReadRequest } from './heavy-read-pool.js';
import { HEAVY_READS } from './heavy-reads.js';
import { LISTS } from './lists.js';
import type { Memo } from './memo.js';
import { runBehindMainThread } from './worker-priority.js';
import { serveRequests } from './worker-serve.js';

const db = openSqliteReader((workerData as { dataDir: string }).dataDir);

// It holds no lock a writer waits for (WAL), so nothing waits on it but its own readers.
runBehindMainThread();

/** Totals kept per scope and its versions, as the main thread's list cache keeps them; bounded. */
const kept = new Map<string, Promise<unknown>>();
const MAX_KEPT = 5000;

function memoFor(scope: string | undefined): Memo | undefined {
  if (scope === undefined) return undefined;
  return <T>(key: string, compute: () => Promise<T>) => {
    const full = `${scope}:${key}`;
    let value = kept.get(full) as Promise<T> | undefined;
    if (!value) {
      if (kept.size >= MAX_KEPT) kept.delete(kept.keys().next().value!);
      value = compute();
      kept.set(full, value);
      value.catch(() => kept.delete(full));
    }
    return value;
  };
}

serveRequests((request: HeavyReadRequest) => {
  if ('list' in request) {
    const { kind, user, options, memoScope } = request.list;
    return LISTS[kind](db, user, options, memoFor(memoScope));
  }
  const read = HEAVY_READS[request.read] as (db: Db, ...args: unknown[]) => Promise<unknown>;
  return read(db, ...request.args);
});
