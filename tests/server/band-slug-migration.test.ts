/** Migration 0006 gives the bands there are a slug each, made from their names and unique. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Migrator } from 'kysely';
import pg from 'pg';
import { afterEach, expect, it } from 'vitest';
import { migrateToLatest, openDatabase } from '../../src/server/db/connect.js';
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

it('fills a unique slug for every existing band from its name', async () => {
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
  const before = await migrator.migrateTo('0005_list_scopes');
  expect(before.error).toBeUndefined();
  const names = ['Kafana Ćevap', 'Kafana – Ćevap!', 'Ђорђе', 'Đorđe Balašević Tribute'];
  for (const naziv of names)
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the schema before the slug column
    await (db as any).insertInto('bands').values({ naziv, created_at: '2026-01-01T00:00:00Z' }).execute();

  await migrateToLatest(db, schema);
  const rows = await db.selectFrom('bands').select(['naziv', 'slug']).orderBy('id').execute();
  expect(rows.map((row) => row.slug)).toEqual([
    'kafana-cevap',
    'kafana-cevap-2',
    'band',
    'djordje-balasevic-tribute',
  ]);
});
