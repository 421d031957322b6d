/**
 * A band admin's (and a system admin's) search over the band's own songs that matches them through
 * their performers, mixed with songs of other bands and title matches (issue 25, point 1): on
 * PostgreSQL the band's own part is counted from its performers (songs.ts, `ownElsewhere`). The rows,
 * their order, the total and "more than" are what a plain filter of every row gives, page by page,
 * on both databases.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { PAGE_SIZE, SEARCH_TOTAL_CAP } from '../../src/shared/constants.js';
import { buildTestApp, call, type TestApp } from './helpers.js';
import { insertPerformer, postForm, seedPeople, type People } from './fixtures.js';
import { listSongs } from '../../src/server/db/songs.js';
import type { Memo } from '../../src/server/db/memo.js';
import type { UserWithBand } from '../../src/server/db/users.js';

let t: TestApp;
let people: People;

const CREATED = '2026-01-01T00:00:00.000Z';

beforeEach(async () => {
  t = await buildTestApp();
  people = await seedPeople(t.app);
  // The rows are written straight to the tables: each read counts afresh.
  t.app.listCache.enabled = false;
});
afterEach(() => t.close());

interface Performer {
  id: number;
  band: number;
  naziv: string;
  visibility: number;
}
interface Song {
  id: number;
  band: number;
  naziv: string;
  visibility: number;
  performer: Performer;
}

async function addPerformer(band: number, naziv: string, visibility: number): Promise<Performer> {
  return { id: await insertPerformer(t.app, band, naziv, visibility), band, naziv, visibility };
}

async function addSongs(rows: Omit<Song, 'id'>[]): Promise<Song[]> {
  const songs: Song[] = [];
  for (let i = 0; i < rows.length; i += 200) {
    const batch = rows.slice(i, i + 200);
    const ids = await t.app.db
      .insertInto('songs')
      .values(
        batch.map((s) => ({
          band_id: s.band,
          created_by: null,
          naziv: s.naziv,
          search: s.naziv.toLowerCase(),
          performer_id: s.performer.id,
          visibility: s.visibility,
          slika: null,
          resursi: null,
          resource_file: null,
          created_at: CREATED,
        })),
      )
      .returning('id')
      .execute();
    batch.forEach((s, k) => songs.push({ ...s, id: ids[k].id }));
  }
  return songs;
}

/** What the list must answer: every song the caller sees in the filter, by title or by a performer
 *  the caller may see, in list order. */
function expected(songs: Song[], q: string, ownership: 1 | 2 | 3, band: number | null, admin = false) {
  const mine = (s: { band: number }) => s.band === band;
  const inFilter = (s: Song) => {
    // A system admin without a band sees every song under every filter.
    if (admin && (ownership === 1 || band === null)) return true;
    if (ownership === 2) return mine(s);
    if (ownership === 3) return !mine(s) && (admin || s.visibility === 1);
    return mine(s) || s.visibility === 1;
  };
  const seen = (p: Performer) => admin || mine(p) || p.visibility === 1;
  const key = (s: Song) => s.naziv.toLowerCase();
  return songs
    .filter(
      (s) =>
        inFilter(s) &&
        (key(s).includes(q) || (seen(s.performer) && s.performer.naziv.toLowerCase().includes(q))),
    )
    .sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : a.id - b.id))
    .map((s) => s.naziv);
}

async function pages(token: string, o: number, q: string) {
  const names: string[] = [];
  let total = -1;
  let more = false;
  for (let pg = 0; ; pg++) {
    const response = await call(t.app, 'GET', `/api/admin/songs?pg=${pg}&o=${o}&q=${encodeURIComponent(q)}`, {
      token,
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as { data: { naziv: string }[]; total: number; more_than_total?: boolean };
    if (pg === 0) [total, more] = [body.total, body.more_than_total ?? false];
    else expect([body.total, body.more_than_total ?? false]).toEqual([total, more]);
    names.push(...body.data.map((row) => row.naziv));
    if (body.data.length < PAGE_SIZE || names.length >= SEARCH_TOTAL_CAP) return { names, total, more };
  }
}

async function catalogue() {
  const { bandA, bandB } = people;
  const ownHit = await addPerformer(bandA, 'Djordje', 0);
  const ownMiss = await addPerformer(bandA, 'Marko', 0);
  const theirsPublic = await addPerformer(bandB, 'Djuka', 1);
  const theirsPrivate = await addPerformer(bandB, 'Djole', 0);
  const rows: Omit<Song, 'id'>[] = [];
  for (let i = 0; i < 14; i++) {
    rows.push({ band: bandA, naziv: `Kolo ${i} a`, visibility: i % 2, performer: ownHit });
    rows.push({ band: bandA, naziv: `Kolo ${i} b`, visibility: 0, performer: theirsPublic });
    rows.push({ band: bandA, naziv: `Kolo ${i} c`, visibility: 1, performer: ownMiss });
    rows.push({ band: bandB, naziv: `Kolo ${i} d`, visibility: i % 2, performer: theirsPrivate });
    rows.push({ band: bandB, naziv: `Kolo ${i} e`, visibility: 1, performer: theirsPublic });
  }
  return addSongs(rows);
}

it('finds a band’s own songs through its performers and others’ public ones, page by page', async () => {
  const songs = await catalogue();
  for (const o of [1, 2, 3] as const) {
    const want = expected(songs, 'dj', o, people.bandA);
    expect(want.length).toBeGreaterThan(o === 3 ? 0 : PAGE_SIZE);
    expect(await pages(people.tokens.owner, o, 'dj')).toEqual({
      names: want,
      total: want.length,
      more: false,
    });
    const admin = expected(songs, 'dj', o, null, true);
    expect(await pages(people.tokens.admin, o, 'dj')).toEqual({
      names: admin,
      total: admin.length,
      more: false,
    });
  }
});

it('finds them mixed with title matches of the part', async () => {
  const songs = await catalogue();
  const ownMiss = songs.find((s) => s.naziv === 'Kolo 0 c')!.performer;
  songs.push(
    ...(await addSongs([
      { band: people.bandA, naziv: 'Djeram', visibility: 0, performer: ownMiss },
      { band: people.bandA, naziv: 'Kolo djevojka', visibility: 1, performer: ownMiss },
    ])),
  );
  for (const o of [1, 2] as const) {
    const want = expected(songs, 'dj', o, people.bandA);
    expect(await pages(people.tokens.owner, o, 'dj')).toEqual({
      names: want,
      total: want.length,
      more: false,
    });
  }
});

it('counts past the cap through the band’s own performer, exactly at the cap', async () => {
  const ownHit = await addPerformer(people.bandA, 'Djordje', 0);
  const theirsPublic = await addPerformer(people.bandB, 'Djuka', 1);
  const rows = Array.from({ length: SEARCH_TOTAL_CAP - 1 }, (_, i) => ({
    band: people.bandA,
    naziv: `Kolo ${String(i).padStart(4, '0')}`,
    visibility: 0,
    performer: ownHit,
  }));
  const songs = await addSongs([
    ...rows,
    { band: people.bandA, naziv: 'Kolo x', visibility: 0, performer: theirsPublic },
  ]);
  const at = await pages(people.tokens.owner, 2, 'dj');
  expect([at.total, at.more, at.names]).toEqual([
    SEARCH_TOTAL_CAP,
    false,
    expected(songs, 'dj', 2, people.bandA),
  ]);
  await addSongs([{ band: people.bandA, naziv: 'Kolo y', visibility: 0, performer: theirsPublic }]);
  const over = await pages(people.tokens.owner, 2, 'dj');
  expect([over.total, over.more, over.names[0]]).toEqual([SEARCH_TOTAL_CAP, true, 'Kolo 0000']);
});

it('reads a page from where the page before it ended, as it reads it afresh', async () => {
  const { bandA, bandB } = people;
  const ownHit = await addPerformer(bandA, 'Ljubo', 0);
  const theirsPublic = await addPerformer(bandB, 'Ljuba', 1);
  const plain = await addPerformer(bandB, 'Marko', 1);
  const rows: Omit<Song, 'id'>[] = [];
  for (let i = 0; i < 40; i++) {
    rows.push({ band: bandA, naziv: `Ljubav ${i}`, visibility: i % 2, performer: plain });
    rows.push({ band: bandB, naziv: `Ljubav ${i}`, visibility: i % 3 === 0 ? 0 : 1, performer: plain });
    rows.push({ band: bandA, naziv: `Kolo ${i}`, visibility: 0, performer: i % 2 ? ownHit : theirsPublic });
    rows.push({ band: bandB, naziv: `Kolo ${i}`, visibility: 1, performer: i % 2 ? theirsPublic : plain });
  }
  const songs = await addSongs(rows);
  // Read through the list cache, which keeps each search's total and page starts (nothing is
  // written from here on).
  t.app.listCache.enabled = true;
  const page = async (token: string, o: number, q: string, pg: number) => {
    const response = await call(t.app, 'GET', `/api/admin/songs?pg=${pg}&o=${o}&q=${q}`, { token });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as { data: { naziv: string }[]; total: number };
    return { names: body.data.map((row) => row.naziv), total: body.total };
  };
  for (const q of ['ljub', 'lj']) {
    for (const [who, band, admin] of [
      ['owner', people.bandA, false],
      ['admin', null, true],
    ] as const) {
      for (const o of [1, 2, 3] as const) {
        const want = expected(songs, q, o, band, admin);
        const slice = (pg: number) => ({
          names: want.slice(pg * PAGE_SIZE, (pg + 1) * PAGE_SIZE),
          total: want.length,
        });
        // Out of order first (a page without a kept start), then again, then in order.
        for (const pg of [3, 3, 4, 1, 0, 1, 2, 3, 4, 5, 6, 7, 2])
          expect(await page(people.tokens[who], o, q, pg), `${who} o=${o} q=${q} pg=${pg}`).toEqual(
            slice(pg),
          );
        // The same past the response cache, with the kept values alone (as bench/list-probe.ts reads
        // a page again): a page read again starts from the row before it, kept at its first read.
        const kept = new Map<string, Promise<unknown>>();
        const memo: Memo = <T>(key: string, make: () => Promise<T>) => {
          if (!kept.has(key)) kept.set(key, make());
          return kept.get(key) as Promise<T>;
        };
        const user = {
          id: 0,
          role: admin ? 'admin' : 'band_admin',
          band_id: band,
        } as unknown as UserWithBand;
        for (const pg of [3, 3, 3, 4, 1, 1, 0, 2, 5, 5]) {
          const { rows, total } = await listSongs(t.app.db, user, { ownership: o, q, page: pg }, memo);
          expect({ names: rows.map((row) => row.naziv), total }, `${who} o=${o} q=${q} pg=${pg}`).toEqual(
            slice(pg),
          );
        }
      }
    }
  }
});

it('answers a word of few titles by the few matches’ shortcut, and with many performers the general way', async () => {
  const { bandA, bandB } = people;
  const plain = await addPerformer(bandB, 'Marko', 1);
  const kometa = await addPerformer(bandA, 'Kometa', 0);
  const rows: Omit<Song, 'id'>[] = [
    { band: bandA, naziv: 'Kometa 1', visibility: 0, performer: plain },
    { band: bandB, naziv: 'Kometa 2', visibility: 1, performer: plain },
    { band: bandB, naziv: 'Kometa 3', visibility: 0, performer: plain },
    { band: bandA, naziv: 'Kolo', visibility: 1, performer: kometa },
  ];
  // Few titles (two), more performers than the shortcut takes: counted the general way.
  for (let i = 0; i < 105; i++) {
    const zvezda = await addPerformer(i % 2 ? bandA : bandB, `Zvezda ${i}`, i % 3 ? 1 : 0);
    rows.push({
      band: i % 2 ? bandA : bandB,
      naziv: `Pesma ${i}`,
      visibility: i % 4 ? 1 : 0,
      performer: zvezda,
    });
  }
  rows.push({ band: bandA, naziv: 'Zvezda dana', visibility: 0, performer: plain });
  rows.push({ band: bandB, naziv: 'Zvezda noci', visibility: 1, performer: plain });
  const songs = await addSongs(rows);
  for (const q of ['kometa', 'zvezda']) {
    for (const o of [1, 2, 3] as const) {
      const want = expected(songs, q, o, people.bandA);
      expect(await pages(people.tokens.owner, o, q), `o=${o} q=${q}`).toEqual({
        names: want,
        total: want.length,
        more: false,
      });
      const admin = expected(songs, q, o, null, true);
      expect(await pages(people.tokens.admin, o, q), `admin o=${o} q=${q}`).toEqual({
        names: admin,
        total: admin.length,
        more: false,
      });
    }
  }
});

it('finds a band’s own songs by other bands’ public performers on the general way, not by private ones', async () => {
  const { bandA, bandB } = people;
  const theirsPublic = await addPerformer(bandB, 'Zorana', 1);
  const theirsPrivate = await addPerformer(bandB, 'Zoran', 0);
  const ownHit = await addPerformer(bandA, 'Zorica', 0);
  const ownMiss = await addPerformer(bandA, 'Marko', 0);
  const plain = await addPerformer(bandB, 'Jovan', 1);
  const rows: Omit<Song, 'id'>[] = [];
  // More titles than the few matches' shortcut takes: counted and paged the general way.
  for (let i = 0; i < 120; i++)
    rows.push({ band: bandB, naziv: `Zora ${i}`, visibility: 1, performer: plain });
  for (let i = 0; i < 30; i++) {
    rows.push({ band: bandA, naziv: `Pesma ${i} a`, visibility: i % 2, performer: theirsPublic });
    rows.push({ band: bandA, naziv: `Pesma ${i} b`, visibility: i % 2, performer: theirsPrivate });
    rows.push({ band: bandA, naziv: `Pesma ${i} c`, visibility: 0, performer: ownHit });
    rows.push({ band: bandA, naziv: `Pesma ${i} d`, visibility: 1, performer: ownMiss });
  }
  const songs = await addSongs(rows);
  for (const o of [1, 2] as const) {
    const want = expected(songs, 'zor', o, bandA);
    // The band's songs by the public performer and by its own are found, by the private one not.
    expect(want.filter((naziv) => naziv.startsWith('Pesma')).length).toBe(60);
    expect(await pages(people.tokens.owner, o, 'zor'), `o=${o}`).toEqual({
      names: want,
      total: want.length,
      more: false,
    });
    const admin = expected(songs, 'zor', o, null, true);
    expect(await pages(people.tokens.admin, o, 'zor'), `admin o=${o}`).toEqual({
      names: admin,
      total: admin.length,
      more: false,
    });
  }
});

it('keeps with its scope whether a band’s songs name another band’s performer: a song that starts to is found at once', async () => {
  const { bandA, bandB } = people;
  const ownHit = await addPerformer(bandA, 'Ljubo', 0);
  const ownMiss = await addPerformer(bandA, 'Marko', 0);
  const theirsPublic = await addPerformer(bandB, 'Ljuba', 1);
  const rows: Omit<Song, 'id'>[] = [];
  // More titles than the few matches' shortcut reads whole: the general way, whose count and walk
  // narrow the band's own part by its own performers while none of its songs names another band's.
  for (let i = 0; i < 110; i++)
    rows.push({ band: bandA, naziv: `Ljubav ${i}`, visibility: i % 2, performer: ownMiss });
  rows.push({ band: bandA, naziv: 'Ajde', visibility: 0, performer: ownHit });
  rows.push({ band: bandA, naziv: 'Ako', visibility: 0, performer: ownMiss });
  rows.push({ band: bandB, naziv: 'Aman', visibility: 1, performer: theirsPublic });
  const songs = await addSongs(rows);
  // Through the list cache, which keeps the scope's values (nothing is written past it from here).
  t.app.listCache.enabled = true;
  const searched = async (o: 1 | 2) => {
    const { names, total } = await pages(people.tokens.owner, o, 'ljub');
    return { names, total };
  };
  const want = (o: 1 | 2) => {
    const names = expected(songs, 'ljub', o, bandA);
    return { names, total: names.length };
  };
  for (const o of [1, 2] as const) expect(await searched(o), `o=${o}`).toEqual(want(o));
  expect((await searched(2)).names.slice(0, 2)).toEqual(['Ajde', 'Ljubav 0']);

  // "Ako" now names the other band's public performer: the write changes the scope, so the next
  // search no longer narrows the band's part by its own performers alone, and finds it.
  const ako = songs.find((s) => s.naziv === 'Ako')!;
  const update = await postForm(
    t.app,
    `/api/admin/song/${ako.id}/update`,
    { title: 'Ako', performer: String(theirsPublic.id), visible: '0' },
    { token: people.tokens.owner },
  );
  expect(update.statusCode, update.body).toBe(200);
  ako.performer = theirsPublic;
  for (const o of [1, 2] as const) expect(await searched(o), `o=${o}, after`).toEqual(want(o));
  expect((await searched(2)).names.slice(0, 3)).toEqual(['Ajde', 'Ako', 'Ljubav 0']);
});
