// A read worker (db/list-reads.ts): its own read-only connection to the SQLite file (WAL lets it read
// beside the main thread's writes) answering list pages, so that a search's milliseconds of
// better-sqlite3 run on another core than the live pages' event loop.
import { parentPort, workerData } from 'node:worker_threads';
import { openSqliteReader } from './connect.js';
import { LISTS, type ListRequest } from './lists.js';
import type { Memo } from './memo.js';

const db = openSqliteReader((workerData as { dataDir: string }).dataDir);

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

parentPort!.on('message', async ({ id, request }: { id: number; request: ListRequest }) => {
  try {
    const read = LISTS[request.kind];
    const page = await read(db, request.user, request.options, memoFor(request.memoScope));
    parentPort!.postMessage({ id, page });
  } catch (error) {
    parentPort!.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
