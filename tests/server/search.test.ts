/**
 * Searching the lists (`q`) through the trigram indexes of migration 0008: a case- and
 * diacritic-insensitive substring of the name anywhere in it, short searches, characters that mean
 * something to LIKE or FTS5, both ways a page is read, and the index kept in step with every write.
 */
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PAGE_SIZE } from '../../src/shared/constants.js';
import { narrowSearch, searchOf } from '../../src/server/db/list-search.js';
import { mergeSearchIndexes } from '../../src/server/db/search-index.js';
import { buildTestApp, call, type TestApp } from './helpers.js';
import { catalogue, type Catalogue } from './fixtures-gigs.js';
import { postForm, seedPeople, type People, type Who } from './fixtures.js';

let t: TestApp;
let people: People;
let c: Catalogue;

beforeEach(async () => {
  t = await buildTestApp();
  people = await seedPeople(t.app);
  c = catalogue(t.app, people);
});
afterEach(() => t.close());

async function list(path: string, query: string, who: Who = 'owner', page = 0) {
  const response = await call(t.app, 'GET', `/api/admin/${path}?pg=${page}&${query}`, {
    token: people.tokens[who],
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { data: { naziv: string }[]; total: number };
}

/** The names a search finds (sorted) and its total, which must agree. */
async function found(path: string, q: string, who: Who = 'owner') {
  const body = await list(path, `q=${encodeURIComponent(q)}`, who);
  const names = body.data.map((row) => row.naziv).sort();
  expect(body.total, `total of ${path} q=${q}`).toBe(names.length);
  return names;
}

const songs = (q: string, who: Who = 'owner') => found('songs', q, who);

describe('a search', () => {
  let performer: number;
  beforeEach(async () => {
    performer = await c.addPerformer('Bora');
    await c.addPerformer('Zdravko Čolić');
    for (const title of [
      'Jugoslovenka',
      'Đurđevdan',
      'Čaša vina',
      'Žuta kuća',
      'Šumadija',
      'Rock "n" roll 100%',
    ])
      await c.addSong(title, performer);
  });

  it('finds a substring in the middle of a word, whatever its case', async () => {
    expect(await songs('oslov')).toEqual(['Jugoslovenka']);
    expect(await songs('SLOVEN')).toEqual(['Jugoslovenka']);
    expect(await songs('madij')).toEqual(['Šumadija']);
    expect(await songs('ORA')).toHaveLength(6); // every song, by its performer's name
    expect(await songs('oslovenkaa')).toEqual([]);
  });

  it('matches Serbian letters with or without their marks, in either case', async () => {
    for (const q of ['đurđ', 'ĐURĐ', 'djurdj', 'DJURĐEV', 'urđevd'])
      expect(await songs(q), q).toEqual(['Đurđevdan']);
    for (const q of ['čaša', 'ČAŠA', 'casa', 'Caša v']) expect(await songs(q), q).toEqual(['Čaša vina']);
    for (const q of ['žuta kuća', 'ŽUTA KUCA', 'uća']) expect(await songs(q), q).toEqual(['Žuta kuća']);
    expect(await songs('ŠUMA')).toEqual(['Šumadija']);
    expect(await found('performers', 'ČOLIĆ')).toEqual(['Zdravko Čolić']);
  });

  it('of one or two characters finds them anywhere too', async () => {
    expect(await songs('ž')).toEqual(['Žuta kuća']);
    expect(await songs('Đ')).toEqual(['Đurđevdan']);
    expect(await songs('KA')).toEqual(['Jugoslovenka']);
    expect(await songs('vi')).toEqual(['Čaša vina']);
    expect(await songs('ć')).toEqual(['Čaša vina', 'Rock "n" roll 100%', 'Žuta kuća'].sort());
  });

  it('takes quotes, percent signs and underscores as themselves', async () => {
    expect(await songs('"n" r')).toEqual(['Rock "n" roll 100%']);
    expect(await songs('100%')).toEqual(['Rock "n" roll 100%']);
    expect(await songs('0%')).toEqual(['Rock "n" roll 100%']);
    expect(await songs('"')).toEqual(['Rock "n" roll 100%']);
    expect(await songs('a%a')).toEqual([]);
    expect(await songs('l_1')).toEqual([]);
    expect(await songs('" OR "a')).toEqual([]);
  });
});

describe('a page of a search', () => {
  it('is in name order, with the right total, for few matches and for many', async () => {
    const performer = await c.addPerformer('Bajaga');
    const titles = Array.from({ length: 26 }, (_, i) => `Pesma ${i + 1}`);
    for (const title of titles) await c.addSong(title, performer);
    await c.addSong('Nešto drugo', performer, { who: 'owner' });
    const byName = (names: string[]) =>
      [...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()));
    // Many matches (every song): the ordered walk; a few: the matches from the index, sorted.
    for (const [q, expected] of [
      ['pesma', titles],
      ['esma 1', titles.filter((title) => /^Pesma 1/.test(title))],
      ['pesma 2', titles.filter((title) => /^Pesma 2/.test(title))],
      ['ajag', [...titles, 'Nešto drugo']],
    ] as [string, string[]][]) {
      const pages = [];
      for (let page = 0; page * PAGE_SIZE < expected.length; page++) {
        const body = await list('songs', `q=${encodeURIComponent(q)}`, 'owner', page);
        expect(body.total, q).toBe(expected.length);
        pages.push(...body.data.map((row) => row.naziv));
      }
      expect(pages, q).toEqual(byName(expected));
    }
  });
});

describe('a search with more than a hundred matches', () => {
  it('is paged in name order with its total, by title and by performer, only as far as the caller may see', async () => {
    // Past a hundred candidates a search is counted, then walked or read by id, not read whole.
    const performer = await c.addPerformer('Zvonko');
    const mine = Array.from({ length: 104 }, (_, i) => `Zvono ${String(i).padStart(3, '0')}`);
    for (const title of mine) await c.addSong(title, performer);
    const strangers = await c.addPerformer('Stranac', { who: 'outsider' });
    await c.addSong('Zvono tuđe', strangers, { who: 'outsider' });
    await c.addSong('Zvono javno', strangers, { who: 'outsider', visible: true });
    for (const [q, expected] of [
      ['zvono', [...mine, 'Zvono javno']],
      ['zvonk', mine],
    ] as [string, string[]][]) {
      const pages = [];
      for (let page = 0; page * PAGE_SIZE < expected.length; page++) {
        const body = await list('songs', `o=1&q=${q}`, 'owner', page);
        expect(body.total, q).toBe(expected.length);
        pages.push(...body.data.map((row) => row.naziv));
      }
      expect(pages, q).toEqual(expected);
    }
  });
});

describe('the search index', () => {
  it('follows a song renamed and deleted', async () => {
    const performer = await c.addPerformer('Bajaga');
    const id = await c.addSong('Jugoslovenka', performer);
    const renamed = await postForm(
      t.app,
      `/api/admin/song/${id}/update`,
      { title: 'Ćevapi na žaru', performer: String(performer), visible: '0' },
      { token: people.tokens.owner },
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await songs('evapi')).toEqual(['Ćevapi na žaru']);
    expect(await songs('goslov')).toEqual([]);
    await call(t.app, 'GET', `/api/admin/song/${id}/delete`, { token: people.tokens.owner });
    expect(await songs('evapi')).toEqual([]);
  });

  it('follows a performer renamed and deleted, in the songs found by it', async () => {
    const performer = await c.addPerformer('Bajaga');
    await c.addSong('Plavi safir', performer);
    const renamed = await postForm(
      t.app,
      `/api/admin/performer/${performer}/update`,
      { title: 'Riblja čorba', visible: '0' },
      { token: people.tokens.owner },
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await songs('CORBA')).toEqual(['Plavi safir']);
    expect(await found('performers', 'ibljA')).toEqual(['Riblja čorba']);
    expect(await songs('ajaga')).toEqual([]);
    expect(await found('performers', 'ajaga')).toEqual([]);
    await call(t.app, 'GET', `/api/admin/performer/${performer}/delete`, { token: people.tokens.owner });
    expect(await songs('corba')).toEqual([]);
    expect(await found('performers', 'corba')).toEqual([]);
    expect(await songs('safir')).toEqual(['Plavi safir']);
  });

  it('follows a playlist and a gig renamed, and a band deleted with everything it had', async () => {
    const playlist = await c.addPlaylist('Subotnje veče');
    await c.addGig({
      title: 'Svadba Petrović',
      lokacija: 'Hotel Šumadija, Kragujevac',
      status: '1',
      razmakpesme: '3',
      razmakvreme: '10',
      starttime: '2026-06-13T20:00',
      playlista: String(playlist),
    });
    const renamed = await c.updatePlaylist(playlist, { title: 'Nedeljni ručak', visible: '0' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(await found('playlists', 'RUČAK')).toEqual(['Nedeljni ručak']);
    expect(await found('playlists', 'otnje')).toEqual([]);
    expect(await found('gigs', 'umadij')).toEqual(['Svadba Petrović']);
    const [gig] = (await list('gigs', 'q=svadba')).data as unknown as { id: number }[];
    const moved = await postForm(
      t.app,
      `/api/admin/gig/${gig.id}/update`,
      {
        title: 'Krštenje',
        lokacija: 'Beograd',
        status: '1',
        razmakpesme: '3',
        razmakvreme: '10',
        starttime: '2026-06-13T20:00',
        playlista: String(playlist),
      },
      { token: people.tokens.owner },
    );
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await found('gigs', 'rstenj')).toEqual(['Krštenje']);
    expect(await found('gigs', 'eograd')).toEqual(['Krštenje']);
    expect(await found('gigs', 'umadij')).toEqual([]);
  });

  it('follows writes that are not the app’s: a band deleted with its rows, a row added by hand', async () => {
    const performer = await c.addPerformer('Bajaga', { who: 'outsider' });
    await c.addSong('Plavi safir', performer, { visible: true, who: 'outsider' });
    expect(await songs('safir', 'outsider')).toEqual(['Plavi safir']);
    // Deleting the band deletes its songs by the foreign key's cascade.
    await t.app.db.deleteFrom('bands').where('id', '=', people.bandB).execute();
    expect(await songs('safir', 'admin')).toEqual([]);
    await t.app.db
      .insertInto('songs')
      .values({
        band_id: people.bandA,
        created_by: null,
        naziv: 'Kafanska',
        search: 'kafanska',
        performer_id: null,
        visibility: 0,
        slika: null,
        resursi: null,
        resource_file: null,
        created_at: '2026-01-01T00:00:00.000Z',
      })
      .execute();
    expect(await songs('afansk')).toEqual(['Kafanska']);
  });
});

describe("the search indexes' segments", () => {
  it('are merged by a background job (SQLite), a bounded step at a time, finding the same rows', async () => {
    const performer = await c.addPerformer('Bajaga');
    // Each song is its own transaction, so its own segment of the index.
    for (let i = 0; i < 40; i++) await c.addSong(`Tamara ${i}`, performer);
    const before = await songs('amara 1');
    expect(before).toHaveLength(11);
    const { app } = t;
    if (app.dialect === 'postgres') {
      // pg_trgm's GIN indexes have no segments to merge; their lists of new rows are kept short (0010).
      expect(await mergeSearchIndexes(app.db)).toBe(0);
      expect(app.jobs.health().message).not.toMatch(/search-index/);
      const { rows } = await sql<{ relname: string; reloptions: string[] }>`select relname, reloptions
        from pg_class where relname like '%_search_trigrams' and relnamespace = current_schema()::regnamespace`.execute(
        app.db,
      );
      expect(rows.map((row) => [row.relname, row.reloptions]).sort()).toEqual(
        ['gigs', 'performers', 'playlists', 'songs'].map((table) => [
          `${table}_search_trigrams`,
          ['gin_pending_list_limit=64'],
        ]),
      );
      return;
    }
    expect(app.jobs.health().message).toMatch(/search-index/);
    expect(await mergeSearchIndexes(app.db)).toBeGreaterThan(0);
    // Merged: another run finds nothing to do.
    expect(await mergeSearchIndexes(app.db)).toBe(0);
    expect(await songs('amara 1')).toEqual(before);
    await c.addSong('Tamara 40', performer);
    expect(await songs('amara 4')).toEqual(['Tamara 4', 'Tamara 40']);
  });
});

describe('a search asked of its rarest trigrams (migration 0009)', () => {
  it('finds only the rows holding the whole search, though others hold every trigram of it', async () => {
    const performer = await c.addPerformer('Da 77 Zvezda');
    for (const title of ['Zvezda 77', 'Da 77 zvezda', 'Zvezda 78', 'Pesma 77'])
      await c.addSong(title, performer);
    expect(await songs('zvezda 77')).toEqual(['Zvezda 77']);
    expect(await songs('ZVEZDA 7')).toEqual(['Zvezda 77', 'Zvezda 78']);
    // By the performer's name, every song of theirs; by a name nobody has, nothing.
    expect(await songs('da 77 zv')).toEqual(['Da 77 zvezda', 'Pesma 77', 'Zvezda 77', 'Zvezda 78']);
    expect(await found('performers', '77 zvezda')).toEqual(['Da 77 Zvezda']);
    expect(await songs('zvezda 79')).toEqual([]);
  });

  it('keeps each list’s trigram counts as rows are added, renamed and deleted', async () => {
    const performer = await c.addPerformer('Bajaga');
    const ids = [];
    for (const title of ['Moji drugovi', 'Dobro jutro', 'Moj dom', 'Lepa Protina kći']) {
      ids.push(await c.addSong(title, performer));
    }
    const renamed = await postForm(
      t.app,
      `/api/admin/song/${ids[0]}/update`,
      { title: 'Tamara', performer: String(performer), visible: '0' },
      { token: people.tokens.owner },
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    await call(t.app, 'GET', `/api/admin/song/${ids[1]}/delete`, { token: people.tokens.owner });

    const { db } = t.app;
    const search = await narrowSearch(db, ['songs'], searchOf('Lepa Protina'));
    if (t.app.dialect === 'postgres') {
      // pg_trgm's index is asked for the whole search; there are no counts to keep.
      expect(search?.match).toBe('"lepa protina"');
      return;
    }
    // In how many songs each trigram is, as the songs now are.
    const expected = new Map<string, number>();
    for (const { search: name } of await db.selectFrom('songs').select('search').execute()) {
      const chars = [...name];
      const trigrams = new Set(chars.slice(2).map((_, at) => chars.slice(at, at + 3).join('')));
      for (const trigram of trigrams) expected.set(trigram, (expected.get(trigram) ?? 0) + 1);
    }
    const kept = await db
      .selectFrom('search_trigram_counts')
      .select(['trigram', 'n'])
      .where('tbl', '=', 'songs')
      .where('n', '>', 0)
      .execute();
    expect(new Map(kept.map((row) => [row.trigram, row.n]))).toEqual(expected);
    // Two of the search's trigrams are asked for, the rest checked by LIKE.
    expect(search?.match).toMatch(/^"[^"]{3}" AND "[^"]{3}"$/);
    expect(await songs('lepa protina')).toEqual(['Lepa Protina kći']);
  });
});
