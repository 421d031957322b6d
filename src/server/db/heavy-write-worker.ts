// The write worker (db/heavy-write-pool.ts): its own connection to the SQLite file, writing a CSV
// import's transaction and merging the search indexes, so that their hundreds of milliseconds of
// better-sqlite3 hold this thread and not the live pages' event loop.
import { workerData } from 'node:worker_threads';
import { openDatabase } from './connect.js';
import type { HeavyWriteRequest } from './heavy-write-pool.js';
import { mergeSearchIndexes } from './search-index.js';
import { writeImport } from './song-import.js';
import { serveRequests } from './worker-serve.js';

const { db } = openDatabase({ dataDir: (workerData as { dataDir: string }).dataDir });

serveRequests((request: HeavyWriteRequest) =>
  'import' in request ? writeImport(db, request.import) : mergeSearchIndexes(db),
);
