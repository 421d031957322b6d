import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type Db, type DbOptions, type Dialect, migrateToLatest, openDatabase } from '../db/connect.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    dialect: Dialect;
  }
}

/** Opens the configured database, brings its schema up to date and closes it with the app. */
async function databasePlugin(app: FastifyInstance, options: DbOptions) {
  const { db, dialect } = openDatabase(options);
  await migrateToLatest(db);
  app.decorate('db', db);
  app.decorate('dialect', dialect);
  app.addHook('onClose', async () => db.destroy());
}

export default fp(databasePlugin, { name: 'database' });
