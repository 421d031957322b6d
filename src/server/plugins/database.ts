import type { FastifyInstance } from 'fastify';
import type SQLite from 'better-sqlite3';
import fp from 'fastify-plugin';
import { type Db, type DbOptions, type Dialect, migrateToLatest, openDatabase } from '../db/connect.js';
import { ImportWrites } from '../db/import-writes.js';
import { HeavyReads } from '../db/heavy-read-pool.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    dialect: Dialect;
    /** The SQLite connection for online backups; null on PostgreSQL. */
    sqlite: SQLite.Database | null;
    /** The lists' pages and the heavy reads, off the main thread on SQLite (db/heavy-read-pool.ts). */
    heavyReads: HeavyReads;
    /** CSV imports, written off the main thread on SQLite (db/import-writes.ts). */
    importWrites: ImportWrites;
  }
}

/** Opens the configured database, brings its schema up to date and closes it with the app. */
async function databasePlugin(app: FastifyInstance, options: DbOptions & { readWorkers: number }) {
  const { db, dialect, sqlite } = openDatabase(options);
  await migrateToLatest(db, dialect === 'postgres' ? (options.databaseSchema ?? 'public') : undefined);
  app.decorate('db', db);
  app.decorate('dialect', dialect);
  app.decorate('sqlite', sqlite ?? null);
  // Worker threads for SQLite's heavy work: the lists' and other heavy reads, and with any of them the imports' writes.
  const workerDir = dialect === 'sqlite' && options.readWorkers > 0 ? options.dataDir : undefined;
  const heavyReads = new HeavyReads(db, workerDir, options.readWorkers);
  const importWrites = new ImportWrites(db, workerDir);
  app.decorate('heavyReads', heavyReads);
  app.decorate('importWrites', importWrites);
  app.addHook('onClose', async () => {
    await heavyReads.close();
    await importWrites.close();
    await db.destroy();
  });
}

export default fp(databasePlugin, { name: 'database' });
