/**
 * PostgreSQL's count of a search reads the sizes of its ownership parts inside its own query
 * (partSizesSql, list-page.ts), where the other lists read them by a query of their own
 * (partSizes): both give the same figures for every kind of caller and ownership filter.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { sql } from 'kysely';
import { partSizes, partSizesSql } from '../../src/server/db/list-page.js';
import { isPostgres } from '../../src/server/db/locks.js';
import type { Ownership } from '../../src/server/db/ownership.js';
import type { UserWithBand } from '../../src/server/db/users.js';
import { buildTestApp, type TestApp } from './helpers.js';
import { seedPeople, type People } from './fixtures.js';

let t: TestApp;
let people: People;

beforeEach(async () => {
  t = await buildTestApp();
  people = await seedPeople(t.app);
});
afterEach(() => t.close());

it('reads the same part sizes in SQL as by their own query (PostgreSQL)', async () => {
  if (!isPostgres(t.app.db)) return;
  const { bandA, bandB } = people;
  const rows = [
    [bandA, 0],
    [bandA, 1],
    [bandA, 1],
    [bandB, 0],
    [bandB, 1],
    [bandB, 0],
    [bandB, 1],
  ].map(([band, visibility], i) => ({
    band_id: band,
    created_by: null,
    naziv: `Pesma ${i}`,
    search: `pesma ${i}`,
    performer_id: null,
    visibility,
    slika: null,
    resursi: null,
    resource_file: null,
    created_at: '2026-01-01T00:00:00.000Z',
  }));
  await t.app.db.insertInto('songs').values(rows).execute();
  const callers = [
    { role: 'band_admin', band_id: bandA },
    { role: 'band_admin', band_id: null },
    { role: 'admin', band_id: bandB },
    { role: 'admin', band_id: null },
  ].map((caller) => ({ id: 0, ...caller }) as unknown as UserWithBand);
  for (const user of callers) {
    for (const ownership of [1, 2, 3] as Ownership[]) {
      const inSql = partSizesSql('songs', user, ownership);
      const query = sql<Record<string, string>>`select ${sql.join(
        [...inSql.parts, inSql.table].map((size, i) => sql`${size} as ${sql.ref(`s${i}`)}`),
      )}`;
      const { rows: read } = await query.execute(t.app.db);
      const figures = Object.values(read[0]).map(Number);
      const { parts, table } = await partSizes(t.app.db, 'songs', user, ownership);
      expect(figures, `${user.role} ${user.band_id} o=${ownership}`).toEqual([...parts, table]);
    }
  }
});
