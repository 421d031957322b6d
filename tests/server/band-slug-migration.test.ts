/** Migration 0006 gives the bands there are a slug each, made from their names and unique. */
import { expect, it } from 'vitest';
import { databaseAt } from './migration-fixture.js';

it('fills a unique slug for every existing band from its name', async () => {
  const { db, migrateRest } = await databaseAt('0005_list_scopes');
  const names = ['Kafana Ćevap', 'Kafana – Ćevap!', 'Ђорђе', 'Đorđe Balašević Tribute'];
  for (const naziv of names)
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the schema before the slug column
    await (db as any).insertInto('bands').values({ naziv, created_at: '2026-01-01T00:00:00Z' }).execute();

  await migrateRest();
  const rows = await db.selectFrom('bands').select(['naziv', 'slug']).orderBy('id').execute();
  expect(rows.map((row) => row.slug)).toEqual([
    'kafana-cevap',
    'kafana-cevap-2',
    'band',
    'djordje-balasevic-tribute',
  ]);
});
