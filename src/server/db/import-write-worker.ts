// The import worker (db/import-writes.ts): its own connection to the SQLite file, writing a CSV
// import's transaction, so that its hundreds of milliseconds of better-sqlite3 hold this thread and
// not the live pages' event loop.
import { workerData } from 'node:worker_threads';
import { openDatabase } from './connect.js';
import { type ImportRequest, writeImport } from './song-import.js';
import { serveRequests } from './worker-serve.js';

const { db } = openDatabase({ dataDir: (workerData as { dataDir: string }).dataDir });

serveRequests((request: ImportRequest) => writeImport(db, request));
