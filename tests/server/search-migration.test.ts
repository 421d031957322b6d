/** Migrations 0008 and 0009 index the rows there are (and count their trigrams), so that a search
 *  finds them on an existing database; 0013 folds them again, Đ found by "d" too. */
import { expect, it } from 'vitest';
import { OWNERSHIP } from '../../src/shared/constants.js';
import { foldForSearch } from '../../src/shared/search.js';
import { listGigs } from '../../src/server/db/gigs.js';
import { listPerformers } from '../../src/server/db/performers.js';
import { listPlaylists } from '../../src/server/db/playlists.js';
import { listSongs } from '../../src/server/db/songs.js';
import type { UserWithBand } from '../../src/server/db/users.js';
import { databaseAt } from './migration-fixture.js';

it('finds the rows written before it', async () => {
  const { db, migrateRest } = await databaseAt('0007_request_messages');

  const created_at = '2026-01-01T00:00:00.000Z';
  const band = await db
    .insertInto('bands')
    .values({ naziv: 'Band', slug: 'band', email: null, picture: null, created_at })
    .returning('id')
    .executeTakeFirstOrThrow();
  const owned = { band_id: band.id, created_by: null, created_at, slika: null, visibility: 0 };
  const performer = await db
    .insertInto('performers')
    .values({ ...owned, naziv: 'Đorđe Balašević', search: 'djordje balasevic' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('songs')
    .values({
      ...owned,
      naziv: 'Ćaletova pesma',
      search: 'caletova pesma',
      performer_id: performer.id,
      resursi: null,
      resource_file: null,
    })
    .execute();
  const playlist = await db
    .insertInto('playlists')
    .values({ ...owned, naziv: 'Nedeljni ručak', search: 'nedeljni rucak' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('gigs')
    .values({
      band_id: band.id,
      created_by: null,
      created_at,
      slika: null,
      naziv: 'Svadba',
      lokacija: 'Kragujevac',
      search: 'svadba kragujevac',
      pocetak: '2026-06-13T20:00',
      status: 1,
      razmakpesme: 1,
      razmakvreme: 2,
      playlist_id: playlist.id,
      token: 'gig-token',
    })
    .execute();

  await migrateRest();
  const admin = { id: 1, role: 'admin', band_id: null } as unknown as UserWithBand;
  const search = { ownership: OWNERSHIP.all, page: 0 };
  const names = (page: { rows: { naziv: string }[]; total: number }) => [
    page.total,
    page.rows.map((row) => row.naziv),
  ];
  expect(names(await listSongs(db, admin, { ...search, q: 'letova' }))).toEqual([1, ['Ćaletova pesma']]);
  expect(names(await listSongs(db, admin, { ...search, q: 'BALAŠ' }))).toEqual([1, ['Ćaletova pesma']]);
  expect(names(await listPerformers(db, admin, { ...search, q: 'orđe' }))).toEqual([1, ['Đorđe Balašević']]);
  expect(names(await listPlaylists(db, admin, { ...search, q: 'ručak' }))).toEqual([1, ['Nedeljni ručak']]);
  expect(names(await listGigs(db, admin, { page: 0, q: 'agujev' }))).toEqual([1, ['Svadba']]);
  // Long enough to be asked by its rarest trigrams, whose counts 0009 made from these rows.
  expect(names(await listSongs(db, admin, { ...search, q: 'caletova pes' }))).toEqual([
    1,
    ['Ćaletova pesma'],
  ]);
  if (process.env.TEST_DB !== 'postgres') {
    const counts = await db
      .selectFrom('search_trigram_counts')
      .select(['tbl', 'trigram', 'n'])
      .where('trigram', 'in', ['cal', 'a p', 'rag'])
      .orderBy('tbl')
      .orderBy('trigram')
      .execute();
    expect(counts).toEqual([
      { tbl: 'gigs', trigram: 'rag', n: 1 },
      { tbl: 'songs', trigram: 'a p', n: 1 },
      { tbl: 'songs', trigram: 'cal', n: 1 },
    ]);
  }
});

it('0013 makes the rows written before it findable by "d" for Đ, as the app now writes them', async () => {
  const { db, migrateRest } = await databaseAt('0012_login_counts');
  const created_at = '2026-01-01T00:00:00.000Z';
  const band = await db
    .insertInto('bands')
    .values({ naziv: 'Band', slug: 'band', email: null, picture: null, created_at })
    .returning('id')
    .executeTakeFirstOrThrow();
  const owned = { band_id: band.id, created_by: null, created_at, slika: null, visibility: 0 };
  // The search columns as the app wrote them before: Đ as "dj".
  const performer = await db
    .insertInto('performers')
    .values({ ...owned, naziv: 'Đorđe Balašević', search: 'djordje balasevic' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const song = { ...owned, performer_id: performer.id, resursi: null, resource_file: null };
  await db
    .insertInto('songs')
    .values([
      { ...song, naziv: 'Đurđevdan', search: 'djurdjevdan' },
      { ...song, naziv: 'Ringišpil', search: 'ringispil' },
    ])
    .execute();
  const playlist = await db
    .insertInto('playlists')
    .values({ ...owned, naziv: 'Đačka zabava', search: 'djacka zabava' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('gigs')
    .values({
      band_id: band.id,
      created_by: null,
      created_at,
      slika: null,
      naziv: 'Sabor',
      lokacija: 'Gornji Đurđevac',
      search: 'sabor gornji djurdjevac',
      pocetak: '2026-06-13T20:00',
      status: 1,
      razmakpesme: 1,
      razmakvreme: 2,
      playlist_id: playlist.id,
      token: 'gig-token',
    })
    .execute();

  await migrateRest();
  const admin = { id: 1, role: 'admin', band_id: null } as unknown as UserWithBand;
  const search = { ownership: OWNERSHIP.all, page: 0 };
  const names = (page: { rows: { naziv: string }[] }) => page.rows.map((row) => row.naziv).sort();
  for (const q of ['durdevdan', 'djurdjevdan', 'durdjevdan', 'đurđevdan'])
    expect(names(await listSongs(db, admin, { ...search, q })), q).toEqual(['Đurđevdan']);
  for (const q of ['dordje', 'dorde', 'djordje', 'đorđe']) {
    expect(names(await listPerformers(db, admin, { ...search, q })), q).toEqual(['Đorđe Balašević']);
    expect(names(await listSongs(db, admin, { ...search, q })), q).toEqual(['Ringišpil', 'Đurđevdan']);
  }
  expect(names(await listSongs(db, admin, { ...search, q: 'dj' }))).toEqual(['Ringišpil', 'Đurđevdan']);
  expect(names(await listPlaylists(db, admin, { ...search, q: 'dacka' }))).toEqual(['Đačka zabava']);
  expect(names(await listGigs(db, admin, { page: 0, q: 'durdevac' }))).toEqual(['Sabor']);
  // Exactly what the app writes now, so that names compared by it (import, setlist) still meet.
  for (const table of ['songs', 'performers', 'playlists'] as const) {
    for (const row of await db.selectFrom(table).select(['naziv', 'search']).execute())
      expect(row.search, row.naziv).toBe(foldForSearch(row.naziv));
  }
  const gig = await db.selectFrom('gigs').select(['naziv', 'lokacija', 'search']).executeTakeFirstOrThrow();
  expect(gig.search).toBe(foldForSearch(`${gig.naziv} ${gig.lokacija}`));
});
