import type { FastifyInstance } from 'fastify';
import type SQLite from 'better-sqlite3';
import fp from 'fastify-plugin';
import { type Db, type DbOptions, type Dialect, migrateToLatest, openDatabase } from '../db/connect.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    dialect: Dialect;
    /** The SQLite connection for online backups; null on PostgreSQL. */
    sqlite: SQLite.Database | null;
  }
}

/** Opens the configured database, brings its schema up to date and closes it with the app. */
async function databasePlugin(app: FastifyInstance, options: DbOptions) {
  const { db, dialect, sqlite } = openDatabase(options);
  await migrateToLatest(db, dialect === 'postgres' ? (options.databaseSchema ?? 'public') : undefined);
  app.decorate('db', db);
  app.decorate('dialect', dialect);
  app.decorate('sqlite', sqlite ?? null);
  app.addHook('onClose', async () => db.destroy());
}

export default fp(databasePlugin, { name: 'database' });
