/**
 * A search of two characters (issue 25, point 1): each ownership part's names holding them are
 * counted from their pair counts (migrations 0020, SQLite, and 0025, PostgreSQL), kept by triggers on
 * every write of a name, a band or a visibility; a part whose names hold none is still searched for songs by a performer the
 * caller may see. The answers are the same as the walk's, on both databases.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { sql } from 'kysely';
import { SEARCH_TOTAL_CAP } from '../../src/shared/constants.js';
import { buildTestApp, call, type TestApp } from './helpers.js';
import { insertPerformer, seedPeople, type People } from './fixtures.js';

let t: TestApp;
let people: People;

const CREATED = '2026-01-01T00:00:00.000Z';

beforeEach(async () => {
  t = await buildTestApp();
  people = await seedPeople(t.app);
  // The rows are written straight to the tables here: each read counts afresh (the cache would trust
  // the versions it read for a second).
  t.app.listCache.enabled = false;
});
afterEach(() => t.close());

const song = (band: number, naziv: string, visibility: number, performer: number | null = null) => ({
  band_id: band,
  created_by: null,
  naziv,
  search: naziv.toLowerCase(),
  performer_id: performer,
  visibility,
  slika: null,
  resursi: null,
  resource_file: null,
  created_at: CREATED,
});

const addPerformer = (band: number, naziv: string, visibility: number) =>
  insertPerformer(t.app, band, naziv, visibility);

async function list(path: string, query: string) {
  const response = await call(t.app, 'GET', `/api/admin/${path}?pg=0&${query}`, {
    token: people.tokens.owner,
  });
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json() as { data: { naziv: string }[]; total: number; more_than_total?: boolean };
  return { names: body.data.map((row) => row.naziv), total: body.total, more: body.more_than_total ?? false };
}

it('follows a song’s name, band and visibility as they are written and deleted', async () => {
  const { id } = await t.app.db
    .insertInto('songs')
    .values(song(people.bandB, 'Qx pesma', 0))
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.app.db
    .insertInto('songs')
    .values(song(people.bandA, 'Moja pesma', 0))
    .execute();
  expect(await list('songs', 'o=3&q=qx')).toEqual({ names: [], total: 0, more: false });
  await t.app.db.updateTable('songs').set({ visibility: 1 }).where('id', '=', id).execute();
  expect(await list('songs', 'o=3&q=qx')).toEqual({ names: ['Qx pesma'], total: 1, more: false });
  await t.app.db
    .updateTable('songs')
    .set({ band_id: people.bandA, visibility: 0 })
    .where('id', '=', id)
    .execute();
  expect(await list('songs', 'o=3&q=qx')).toEqual({ names: [], total: 0, more: false });
  expect(await list('songs', 'o=2&q=qx')).toEqual({ names: ['Qx pesma'], total: 1, more: false });
  await t.app.db.updateTable('songs').set({ naziv: 'Pesma', search: 'pesma' }).where('id', '=', id).execute();
  expect(await list('songs', 'o=2&q=qx')).toEqual({ names: [], total: 0, more: false });
  await t.app.db.updateTable('songs').set({ naziv: 'Qx', search: 'qx' }).where('id', '=', id).execute();
  expect(await list('songs', 'o=1&q=qx')).toEqual({ names: ['Qx'], total: 1, more: false });
  await t.app.db.deleteFrom('songs').where('id', '=', id).execute();
  expect(await list('songs', 'o=1&q=qx')).toEqual({ names: [], total: 0, more: false });
});

it('finds a song of a part whose names hold none by a performer the caller may see', async () => {
  const ownPrivate = await addPerformer(people.bandA, 'Zsa Zsa', 0);
  const theirsPublic = await addPerformer(people.bandB, 'Zsuzsa', 1);
  const theirsPrivate = await addPerformer(people.bandB, 'Zsofia', 0);
  await t.app.db
    .insertInto('songs')
    .values([
      song(people.bandB, 'Kolo 1', 1, theirsPublic),
      song(people.bandB, 'Kolo 2', 1, ownPrivate),
      song(people.bandB, 'Kolo 3', 1, theirsPrivate),
      song(people.bandB, 'Kolo 4', 0, theirsPublic),
      song(people.bandA, 'Kolo 5', 0, null),
    ])
    .execute();
  expect(await list('songs', 'o=3&q=zs')).toEqual({ names: ['Kolo 1', 'Kolo 2'], total: 2, more: false });
  expect(await list('songs', 'o=1&q=zs')).toEqual({ names: ['Kolo 1', 'Kolo 2'], total: 2, more: false });
  expect(await list('songs', 'o=2&q=zs')).toEqual({ names: [], total: 0, more: false });
  expect(await list('performers', 'o=1&q=zs')).toEqual({
    names: ['Zsa Zsa', 'Zsuzsa'],
    total: 2,
    more: false,
  });
});

it('counts past the cap from the pairs, exactly at and under it', async () => {
  const titles = Array.from({ length: SEARCH_TOTAL_CAP + 1 }, (_, i) => `Vk ${String(i).padStart(4, '0')}`);
  for (let i = 0; i < titles.length; i += 200) {
    await t.app.db
      .insertInto('songs')
      .values(titles.slice(i, i + 200).map((naziv) => song(people.bandA, naziv, 0)))
      .execute();
  }
  const over = await list('songs', 'o=2&q=vk');
  expect([over.total, over.more, over.names[0]]).toEqual([SEARCH_TOTAL_CAP, true, 'Vk 0000']);
  await t.app.db.deleteFrom('songs').where('naziv', '=', 'Vk 0000').execute();
  const at = await list('songs', 'o=1&q=vk');
  expect([at.total, at.more, at.names[0]]).toEqual([SEARCH_TOTAL_CAP, false, 'Vk 0001']);
});

it('keeps the pair counts equal to a count of the names, through statements of many rows', async () => {
  await t.app.db
    .insertInto('songs')
    .values([
      song(people.bandA, 'Aba aba', 0),
      song(people.bandA, 'Abba', 1),
      song(people.bandB, 'Baba', 1),
      song(people.bandB, 'B', 0),
    ])
    .execute();
  await t.app.db.updateTable('songs').set({ visibility: 0 }).where('naziv', 'in', ['Abba', 'Baba']).execute();
  await t.app.db
    .updateTable('songs')
    .set({ naziv: 'Abab', search: 'abab' })
    .where('naziv', '=', 'Abba')
    .execute();
  // Written again as it was: nothing to count.
  await t.app.db.updateTable('songs').set({ search: 'baba' }).where('naziv', '=', 'Baba').execute();
  await t.app.db.deleteFrom('songs').where('naziv', '=', 'Aba aba').execute();
  const rows = await t.app.db.selectFrom('songs').select(['search', 'visibility', 'band_id']).execute();
  const expected = new Map<string, number>();
  for (const row of rows) {
    const chars = [...row.search];
    const pairs = new Set(chars.slice(1).map((c, i) => chars[i] + c));
    for (const pair of pairs) {
      const key = `${pair}|${row.visibility}|${row.band_id}`;
      expected.set(key, (expected.get(key) ?? 0) + 1);
    }
  }
  const { rows: kept } = await sql<{ pair: string; visibility: number; band_id: number; n: number }>`
    select pair, visibility, band_id, n from search_pair_counts where tbl = 'songs' and n <> 0`.execute(
    t.app.db,
  );
  const actual = new Map(kept.map((row) => [`${row.pair}|${row.visibility}|${row.band_id}`, Number(row.n)]));
  expect(Object.fromEntries([...actual].sort())).toEqual(Object.fromEntries([...expected].sort()));
});
