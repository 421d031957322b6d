import type { FastifyInstance } from 'fastify';
import type SQLite from 'better-sqlite3';
import fp from 'fastify-plugin';
import { type Db, type DbOptions, type Dialect, migrateToLatest, openDatabase } from '../db/connect.js';
import { ListReads } from '../db/list-reads.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    dialect: Dialect;
    /** The SQLite connection for online backups; null on PostgreSQL. */
    sqlite: SQLite.Database | null;
    /** The lists' pages, read off the main thread on SQLite (db/list-reads.ts). */
    listReads: ListReads;
  }
}

/** Opens the configured database, brings its schema up to date and closes it with the app. */
async function databasePlugin(app: FastifyInstance, options: DbOptions & { readWorkers: number }) {
  const { db, dialect, sqlite } = openDatabase(options);
  await migrateToLatest(db, dialect === 'postgres' ? (options.databaseSchema ?? 'public') : undefined);
  app.decorate('db', db);
  app.decorate('dialect', dialect);
  app.decorate('sqlite', sqlite ?? null);
  const listReads = new ListReads(
    db,
    dialect === 'sqlite' ? options.dataDir : undefined,
    options.readWorkers,
  );
  app.decorate('listReads', listReads);
  app.addHook('onClose', async () => {
    await listReads.close();
    await db.destroy();
  });
}

export default fp(databasePlugin, { name: 'database' });
