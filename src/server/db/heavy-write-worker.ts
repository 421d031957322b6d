// The write worker (db/heavy-write-pool.ts): its own connection to the SQLite file, writing a CSV
// import's transaction, merging the search indexes and purging old history, so that their hundreds
// of milliseconds of better-sqlite3 hold this thread and not the live pages' event loop.
import { workerData } from 'node:worker_threads';
import { sql } from 'kysely';
import { openDatabase } from './connect.js';
import type { HeavyWriteRequest } from './heavy-write-pool.js';
import { purgeHistory } from './history-read.js';
import { mergeSearchIndexes } from './search-index.js';
import { writeImport } from './song-import.js';
import { runBehindMainThread } from './worker-priority.js';
import { serveRequests } from './worker-serve.js';

const { dataDir, after } = workerData as { dataDir: string; after?: SharedArrayBuffer };
// After the main connection's work (writer-turns.ts): a guest's request before an import's next transaction.
const { db } = openDatabase({ dataDir, after });

// Behind the live pages too. It holds the write lock for one transaction at a time (an import's 500
// songs, ~20 ms) and the main thread's writes go before its next one; on a saturated machine that
// transaction takes longer at this priority, which a guest's write waiting on it feels. Measured at
// gig night (docs/performance.md): the phones' delivery p99 down by a quarter, the guests' request
// p99 a little up (within its target), a sixth to a third fewer imports in the same seconds.
runBehindMainThread();

/** How often this worker copies the write-ahead log into the database file (plugins/database.ts). */
const CHECKPOINT_MS = 1000;
// A timer of its own, not a job of the main thread's: a busy checkpoint fails harmlessly and the
// next one catches up; the search-index job (every minute) brings back a worker that went away.
// PASSIVE: no writer or reader waits for it.
setInterval(
  () => void sql`pragma wal_checkpoint(PASSIVE)`.execute(db).catch(() => undefined),
  CHECKPOINT_MS,
).unref();

serveRequests((request: HeavyWriteRequest) => {
  if ('import' in request) return writeImport(db, request.import);
  if ('purgeHistoryBefore' in request) return purgeHistory(db, request.purgeHistoryBefore);
  return mergeSearchIndexes(db);
});
