import type { FastifyInstance } from 'fastify';
import type SQLite from 'better-sqlite3';
import fp from 'fastify-plugin';
import { type Db, type DbOptions, type Dialect, migrateToLatest, openDatabase } from '../db/connect.js';
import { HeavyWrites } from '../db/heavy-write-pool.js';
import { HeavyReads } from '../db/heavy-read-pool.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    dialect: Dialect;
    /** The SQLite connection for online backups; null on PostgreSQL. */
    sqlite: SQLite.Database | null;
    /** The lists' pages and the heavy reads, off the main thread on SQLite (db/heavy-read-pool.ts). */
    heavyReads: HeavyReads;
    /** CSV imports and the search indexes' merges, off the main thread on SQLite (db/heavy-write-pool.ts). */
    heavyWrites: HeavyWrites;
  }
}

/** Opens the configured database, brings its schema up to date and closes it with the app. */
async function databasePlugin(app: FastifyInstance, options: DbOptions & { readWorkers: number }) {
  const { db, dialect, sqlite, turns } = openDatabase(options);
  await migrateToLatest(db, dialect === 'postgres' ? (options.databaseSchema ?? 'public') : undefined);
  app.decorate('db', db);
  app.decorate('dialect', dialect);
  app.decorate('sqlite', sqlite ?? null);
  // Worker threads for SQLite's heavy work: the lists' and other heavy reads, and with any of them the long writes.
  const workerDir = dialect === 'sqlite' && options.readWorkers > 0 ? options.dataDir : undefined;
  const heavyReads = new HeavyReads(db, workerDir, options.readWorkers);
  const heavyWrites = new HeavyWrites(db, workerDir, turns);
  // The connection that commits past 1,000 pages of write-ahead log copies them into the file, some
  // 5-15 ms of the live pages' event loop when it was a guest's commit on this thread; the write
  // worker does it instead, after its own commits and every second (heavy-write-worker.ts).
  if (sqlite && heavyWrites.hasWorker) sqlite.pragma('wal_autocheckpoint = 0');
  app.decorate('heavyReads', heavyReads);
  app.decorate('heavyWrites', heavyWrites);
  // A server that listens starts its workers at once, not at the first band admin's search or
  // import: a worker loads the server's modules for a second or more on a busy machine. (Tests that
  // only inject requests start them when first asked.)
  app.addHook('onListen', async () => {
    void heavyReads.warm();
    void heavyWrites.warm();
  });
  app.addHook('onClose', async () => {
    await heavyReads.close();
    await heavyWrites.close();
    await db.destroy();
  });
}

export default fp(databasePlugin, { name: 'database' });
