// The write worker (db/heavy-write-pool.ts): its own connection to the SQLite file, writing a CSV
// import's transaction, merging the search indexes and purging old history, so that their hundreds
// of milliseconds of better-sqlite3 hold this thread and not the live pages' event loop.
import { workerData } from 'node:worker_threads';
import { openDatabase } from './connect.js';
import type { HeavyWriteRequest } from './heavy-write-pool.js';
import { purgeHistory } from './history-read.js';
import { mergeSearchIndexes } from './search-index.js';
import { writeImport } from './song-import.js';
import { serveRequests } from './worker-serve.js';

const { dataDir, after } = workerData as { dataDir: string; after?: SharedArrayBuffer };
// After the main connection's work (writer-turns.ts): a guest's request before an import's next transaction.
const { db } = openDatabase({ dataDir, after });

serveRequests((request: HeavyWriteRequest) => {
  if ('import' in request) return writeImport(db, request.import);
  if ('purgeHistoryBefore' in request) return purgeHistory(db, request.purgeHistoryBefore);
  return mergeSearchIndexes(db);
});
