// A read worker (db/heavy-read-pool.ts): its own read-only connection to the SQLite file (WAL lets it
// read beside the main thread's writes) answering list pages and the heavy reads, so that a search's
// milliseconds and an export's hundreds of better-sqlite3 run on another core than the live pages'
// event loop.
import os from 'node:os';
import { workerData } from 'node:worker_threads';
import { type Db, openSqliteReader } from './connect.js';
import type { HeavyReadRequest } from './heavy-read-pool.js';
import { HEAVY_READS } from './heavy-reads.js';
import { LISTS } from './lists.js';
import type { Memo } from './memo.js';
import { serveRequests } from './worker-serve.js';

/** The read workers' nice value: behind the server's threads (0), not starved (19). */
const READER_NICE = 10;

const db = openSqliteReader((workerData as { dataDir: string }).dataDir);

// On a busy machine the live pages' thread comes first: this thread runs at a lower priority (on
// Linux a nice value is a thread's own; os.setPriority without a pid sets the calling thread's). It
// holds no lock a writer waits for (WAL), so nothing waits on it but its own readers. Where the
// system refuses, it runs as it is.
try {
  os.setPriority(READER_NICE);
} catch {
  // Not allowed here: the same priority as the server.
}

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
