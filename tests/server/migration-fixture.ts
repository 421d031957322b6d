/**
 * A database of its own (SQLite in a temporary folder, or with TEST_DB=postgres a PostgreSQL schema
 * of its own) migrated up to one migration, for tests of what a later migration does to the rows an
 * existing database holds. Removed after each test.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Migrator } from 'kysely';
import pg from 'pg';
import { afterEach, expect } from 'vitest';
import { migrateToLatest, openDatabase, retryingOtherSchemaDropped } from '../../src/server/db/connect.js';
import { migrations } from '../../src/server/db/migrations/index.js';

const cleanUps: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanUp of cleanUps.splice(0)) await cleanUp();
});

async function pgQuery(url: string, text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/** The database as it was after `migration`; `migrateRest()` then runs the migrations after it. */
export async function databaseAt(migration: string) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'encore-migration-'));
  const databaseUrl = process.env.TEST_DB === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
  const schema = databaseUrl ? `test_${randomBytes(6).toString('hex')}` : undefined;
  if (databaseUrl) await pgQuery(databaseUrl, `create schema ${schema}`);
  const { db } = openDatabase({ dataDir, databaseUrl, databaseSchema: schema });
  cleanUps.push(async () => {
    await db.destroy();
    if (databaseUrl) await pgQuery(databaseUrl, `drop schema ${schema} cascade`);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  expect((await retryingOtherSchemaDropped(() => migrator.migrateTo(migration))).error).toBeUndefined();
  return { db, migrateRest: () => migrateToLatest(db, schema) };
}
