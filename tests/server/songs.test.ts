import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PAGE_SIZE } from '../../src/shared/constants.js';
import { buildTestApp, call, type TestApp } from './helpers.js';
import {
  binary,
  expectInvalid,
  fetchUpload,
  type Fields,
  pdf,
  png,
  postForm,
  seedPeople,
  text,
  upload,
  type People,
  type Who,
  zip,
} from './fixtures.js';

interface Song {
  id: number;
  naziv: string;
  slika: string | null;
  nazivizvodjaca: string | null;
  idizvodjaca: number | null;
  owned: boolean;
  visibility: boolean;
  resursi: string | null;
  resource: string | null;
  version: number;
}

const SONG_KEYS = [
  'id',
  'idizvodjaca',
  'naziv',
  'nazivizvodjaca',
  'owned',
  'resource',
  'resursi',
  'slika',
  'tempo',
  'tonalitet',
  'trajanje',
  'visibility',
];
const UPLOAD_URL = /^\/uploads\/[\w-]+\.[a-z0-9]+$/;

let t: TestApp;
let people: People;
const token = (who: Who) => people.tokens[who];

beforeEach(async () => {
  t = await buildTestApp();
  people = await seedPeople(t.app);
});
afterEach(() => t.close());

// ---------------------------------------------------------------------------------------------
// Seeding, through the API so that the app writes its own search column

async function addPerformer(naziv: string, { visible = false, who = 'owner' as Who } = {}) {
  const response = await postForm(
    t.app,
    '/api/admin/addperformer',
    { title: naziv, visible: visible ? '1' : '0' },
    { token: token(who) },
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json().id as number;
}

async function addSong(fields: Fields, who: Who = 'owner') {
  const response = await postForm(t.app, '/api/admin/addsong', fields, { token: token(who) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().id as number;
}

/**
 * Band A: a public performer Đorđe Balašević and a private one, Bajaga; a private song by Đorđe
 * and a public one by Bajaga. Band B: a public performer Zdravko Čolić with a public song, and a
 * private performer with a private song.
 */
async function seedRepertoire() {
  const djordje = await addPerformer('Đorđe Balašević', { visible: true });
  const bajaga = await addPerformer('Bajaga');
  const cola = await addPerformer('Zdravko Čolić', { visible: true, who: 'outsider' });
  const secret = await addPerformer('Tajni gost', { who: 'outsider' });
  const songs = {
    ownPrivate: await addSong({ title: 'Ćevapi na žaru', performer: String(djordje) }),
    ownPublic: await addSong({ title: 'Jugoslovenka', performer: String(bajaga), visible: '1' }),
    otherPublic: await addSong(
      { title: 'Ti si mi u krvi', performer: String(cola), visible: '1' },
      'outsider',
    ),
    otherPrivate: await addSong({ title: 'Tajna pesma', performer: String(secret) }, 'outsider'),
  };
  return { performers: { djordje, bajaga, cola, secret }, songs };
}

async function listSongs(who: Who, query = '') {
  const response = await call(t.app, 'GET', `/api/admin/songs${query}`, { token: token(who) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { data: Song[]; total: number };
}

const namesOf = (body: { data: Song[] }) => body.data.map((song) => song.naziv).sort();

async function getSong(id: number, who: Who = 'owner') {
  return call(t.app, 'GET', `/api/admin/song/${id}`, { token: token(who) });
}

async function songCount() {
  const row = await t.app.db
    .selectFrom('songs')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

// ---------------------------------------------------------------------------------------------

describe('GET /api/admin/songs', () => {
  let seeded: Awaited<ReturnType<typeof seedRepertoire>>;
  beforeEach(async () => {
    seeded = await seedRepertoire();
  });

  it('answers 401 {login: true} without a token', async () => {
    const response = await call(t.app, 'GET', '/api/admin/songs');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ login: true, message: expect.any(String) });
  });

  it('filters by ownership (o or os): 1 own + public, 2 mine (default), 3 others’ public', async () => {
    const own = ['Jugoslovenka', 'Ćevapi na žaru'];
    const bandB = ['Tajna pesma', 'Ti si mi u krvi'];
    const all = [...own, ...bandB];
    const expected: Record<Exclude<Who, 'bandless'>, Record<1 | 2 | 3, string[]>> = {
      owner: { 1: [...own, 'Ti si mi u krvi'], 2: own, 3: ['Ti si mi u krvi'] },
      viewer: { 1: [...own, 'Ti si mi u krvi'], 2: own, 3: ['Ti si mi u krvi'] },
      outsider: { 1: [...bandB, 'Jugoslovenka'], 2: bandB, 3: ['Jugoslovenka'] },
      admin: { 1: all, 2: all, 3: all },
    };
    for (const [who, byFilter] of Object.entries(expected) as [Who, Record<1 | 2 | 3, string[]>][]) {
      for (const value of [1, 2, 3] as const) {
        for (const name of ['o', 'os']) {
          const body = await listSongs(who, `?${name}=${value}&pg=0`);
          expect(namesOf(body), `${who} ${name}=${value}`).toEqual([...byFilter[value]].sort());
          expect(body.total, `${who} ${name}=${value}`).toBe(byFilter[value].length);
        }
      }
      expect(namesOf(await listSongs(who)), `${who} default`).toEqual([...byFilter[2]].sort());
    }
  });

  it('shows a user without a band only public songs, and nothing under "mine"', async () => {
    expect(namesOf(await listSongs('bandless', '?o=2'))).toEqual([]);
    expect(namesOf(await listSongs('bandless', '?o=1'))).toEqual(['Jugoslovenka', 'Ti si mi u krvi']);
    expect(namesOf(await listSongs('bandless', '?o=3'))).toEqual(['Jugoslovenka', 'Ti si mi u krvi']);
  });

  it('answers rows with the song fields, owned and visibility as booleans', async () => {
    const { performers, songs } = seeded;
    const owner = await listSongs('owner', '?o=1');
    expect(owner.data.find((song) => song.id === songs.ownPrivate)).toEqual({
      id: songs.ownPrivate,
      naziv: 'Ćevapi na žaru',
      slika: null,
      nazivizvodjaca: 'Đorđe Balašević',
      idizvodjaca: performers.djordje,
      owned: true,
      visibility: false,
      resursi: null,
      resource: null,
      tonalitet: null,
      tempo: null,
      trajanje: null,
    });
    for (const song of owner.data) expect(Object.keys(song).sort()).toEqual(SONG_KEYS);
    const flags = (body: { data: Song[] }) =>
      Object.fromEntries(body.data.map((song) => [song.naziv, [song.owned, song.visibility]]));
    expect(flags(owner)).toEqual({
      'Ćevapi na žaru': [true, false],
      Jugoslovenka: [true, true],
      'Ti si mi u krvi': [false, true],
    });
    expect(flags(await listSongs('viewer', '?o=1'))).toEqual(flags(owner));
    expect(flags(await listSongs('outsider', '?o=1'))).toEqual({
      'Tajna pesma': [true, false],
      'Ti si mi u krvi': [true, true],
      Jugoslovenka: [false, true],
    });
    expect(flags(await listSongs('admin', '?o=1'))).toEqual({
      'Ćevapi na žaru': [true, false],
      Jugoslovenka: [true, true],
      'Ti si mi u krvi': [true, true],
      'Tajna pesma': [true, false],
    });
  });

  it('searches song and performer names case- and diacritic-insensitively', async () => {
    const cases: [string, Who, number, string[]][] = [
      ['cevap', 'owner', 1, ['Ćevapi na žaru']],
      ['ĆEVAPI', 'owner', 1, ['Ćevapi na žaru']],
      ['na zaru', 'owner', 1, ['Ćevapi na žaru']],
      // by the performer's name
      ['dj', 'owner', 1, ['Ćevapi na žaru']],
      ['DJORDJE', 'owner', 1, ['Ćevapi na žaru']],
      ['Đorđe', 'owner', 1, ['Ćevapi na žaru']],
      ['balasevic', 'owner', 1, ['Ćevapi na žaru']],
      ['colic', 'owner', 1, ['Ti si mi u krvi']],
      ['BAJAGA', 'owner', 3, []],
      // the search never widens what the caller may see
      ['tajn', 'owner', 1, []],
      ['tajn', 'outsider', 2, ['Tajna pesma']],
      ['tajn', 'admin', 1, ['Tajna pesma']],
      // LIKE wildcards are plain characters
      ['%', 'owner', 1, []],
      ['_', 'owner', 1, []],
      ['\\', 'owner', 1, []],
      // blank is no search
      ['   ', 'owner', 1, ['Jugoslovenka', 'Ti si mi u krvi', 'Ćevapi na žaru']],
    ];
    for (const [q, who, o, names] of cases) {
      const body = await listSongs(who, `?o=${o}&pg=0&q=${encodeURIComponent(q)}`);
      expect(namesOf(body), `${who} q=${q}`).toEqual([...names].sort());
      expect(body.total, `${who} q=${q}`).toBe(names.length);
    }
  });

  it('refuses bad query values with 422 {message, errors}', async () => {
    const cases: [string, string][] = [
      ['o=7', 'o'],
      ['o=0', 'o'],
      ['o=x', 'o'],
      ['os=4', 'os'],
      ['pg=-1', 'pg'],
      ['pg=abc', 'pg'],
      ['pg=1.5', 'pg'],
      [`q=${'a'.repeat(201)}`, 'q'],
    ];
    for (const [query, field] of cases) {
      const response = await call(t.app, 'GET', `/api/admin/songs?${query}`, { token: token('owner') });
      expect(response.statusCode, query).toBe(422);
      const body = response.json();
      expect(typeof body.message, query).toBe('string');
      expect(Object.keys(body.errors), query).toEqual([field]);
    }
  });
});

describe('paging', () => {
  it(`pages by ${PAGE_SIZE} from pg=0; total counts every match`, async () => {
    const performer = String(await addPerformer('Bajaga'));
    for (let i = 1; i <= 25; i++) {
      await addSong({ title: `Pesma ${String(i).padStart(2, '0')}`, performer });
    }
    await addSong(
      { title: 'Tuđa pesma', performer: String(await addPerformer('Neko', { who: 'outsider' })) },
      'outsider',
    );

    const first = await listSongs('owner', '?pg=0');
    const second = await listSongs('owner', '?pg=1');
    const third = await listSongs('owner', '?pg=2');
    expect(first.data).toHaveLength(PAGE_SIZE);
    expect(second.data).toHaveLength(25 - PAGE_SIZE);
    expect(third.data).toEqual([]);
    expect([first.total, second.total, third.total]).toEqual([25, 25, 25]);
    const ids = [...first.data, ...second.data].map((song) => song.id);
    expect(new Set(ids).size).toBe(25);
    expect((await listSongs('owner')).data.map((song) => song.id)).toEqual(first.data.map((s) => s.id));

    const searched = await listSongs('owner', `?pg=0&q=${encodeURIComponent('PESMA 1')}`);
    expect(searched.total).toBe(10);
    expect(namesOf(searched)).toEqual(Array.from({ length: 10 }, (_, i) => `Pesma 1${i}`));

    const admin = await listSongs('admin', '?o=1&pg=1');
    expect(admin.total).toBe(26);
    expect(admin.data).toHaveLength(26 - PAGE_SIZE);
  });
});

describe('GET /api/admin/song/{id}', () => {
  it('answers the song fields with its picture and resource URLs', async () => {
    const performer = await addPerformer('Đorđe Balašević');
    const id = await addSong({
      title: 'Ćevapi na žaru',
      performer: String(performer),
      picture: upload(png(), 'cover.png', 'image/png'),
      resource: upload(pdf(), 'chords.pdf', 'application/pdf'),
      resursi: 'https://example.com/cevapi',
      visible: '1',
    });
    const response = await getSong(id);
    expect(response.statusCode).toBe(200);
    const song = response.json() as Song;
    expect(song).toEqual({
      id,
      naziv: 'Ćevapi na žaru',
      slika: expect.stringMatching(UPLOAD_URL),
      visibility: true,
      resursi: 'https://example.com/cevapi',
      idizvodjaca: performer,
      nazivizvodjaca: 'Đorđe Balašević',
      owned: true,
      resource: expect.stringMatching(UPLOAD_URL),
      tonalitet: null,
      tempo: null,
      trajanje: null,
      akordi: null,
      // Issue 28: not saved since it was added.
      version: 1,
      updated_at: null,
      updated_by: null,
    });
    expect(song.slika).toMatch(/\.png$/);
    expect(song.resource).toMatch(/\.pdf$/);
    expect((await fetchUpload(t.app, song.slika!)).rawPayload.equals(png())).toBe(true);
    expect((await fetchUpload(t.app, song.resource!)).rawPayload.equals(pdf())).toBe(true);
  });

  it('lets the owning band read it, other bands only when public; admin owns everything', async () => {
    const { songs } = await seedRepertoire();
    const read = async (id: number, who: Who) => {
      const response = await getSong(id, who);
      return response.statusCode === 200 ? { owned: response.json().owned } : response.statusCode;
    };
    expect(await read(songs.ownPrivate, 'owner')).toEqual({ owned: true });
    expect(await read(songs.ownPrivate, 'viewer')).toEqual({ owned: true });
    expect(await read(songs.ownPrivate, 'admin')).toEqual({ owned: true });
    expect(await read(songs.ownPrivate, 'outsider')).toBe(404);
    expect(await read(songs.ownPrivate, 'bandless')).toBe(404);
    expect(await read(songs.ownPublic, 'outsider')).toEqual({ owned: false });
    expect(await read(songs.otherPublic, 'owner')).toEqual({ owned: false });

    const hidden = await getSong(songs.ownPrivate, 'outsider');
    expect(hidden.json()).toMatchObject({ message: expect.any(String) });
    const anonymous = await call(t.app, 'GET', `/api/admin/song/${songs.ownPrivate}`);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().login).toBe(true);
  });

  it('answers 404 for a song that does not exist and 422 for an id that is not one', async () => {
    expect((await getSong(999_999)).statusCode).toBe(404);
    const bad = await call(t.app, 'GET', '/api/admin/song/abc', { token: token('owner') });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toHaveProperty('id');
  });
});

describe('POST /api/admin/addsong', () => {
  let performer: string;
  beforeEach(async () => {
    performer = String(await addPerformer('Bajaga'));
  });

  it('answers {id} of the new song, owned by the caller’s band', async () => {
    const response = await postForm(
      t.app,
      '/api/admin/addsong',
      { title: '  Jugoslovenka  ', performer, visible: '1', resursi: 'http://example.com/j' },
      { token: token('owner') },
    );
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toEqual({ id: expect.any(Number) });
    const song = (await getSong(body.id)).json();
    expect(song).toMatchObject({
      naziv: 'Jugoslovenka',
      visibility: true,
      resursi: 'http://example.com/j',
      nazivizvodjaca: 'Bajaga',
      owned: true,
      slika: null,
      resource: null,
    });
    const row = await t.app.db
      .selectFrom('songs')
      .select(['band_id'])
      .where('id', '=', body.id)
      .executeTakeFirstOrThrow();
    expect(row.band_id).toBe(people.bandA);
  });

  it('is private unless visible is on; an empty resursi is none', async () => {
    const visibilityOf = async (visible: string | undefined) => {
      const id = await addSong({ title: `Pesma ${visible}`, performer, visible, resursi: '' });
      const song = (await getSong(id)).json();
      expect(song.resursi).toBeNull();
      return song.visibility;
    };
    expect(await visibilityOf(undefined)).toBe(false);
    expect(await visibilityOf('0')).toBe(false);
    expect(await visibilityOf('false')).toBe(false);
    expect(await visibilityOf('1')).toBe(true);
    expect(await visibilityOf('true')).toBe(true);
    expect(await visibilityOf('on')).toBe(true);
    const outsider = await listSongs('outsider', '?o=3');
    expect(namesOf(outsider)).toEqual(['Pesma 1', 'Pesma on', 'Pesma true']);
  });

  it('lets a band use another band’s public performer, never a private one', async () => {
    const publicOne = await addPerformer('Zdravko Čolić', { visible: true, who: 'outsider' });
    const privateOne = await addPerformer('Tajni gost', { who: 'outsider' });
    const id = await addSong({ title: 'Ti si mi u krvi', performer: String(publicOne) });
    expect((await getSong(id)).json()).toMatchObject({
      idizvodjaca: publicOne,
      nazivizvodjaca: 'Zdravko Čolić',
    });
    const refused = await postForm(
      t.app,
      '/api/admin/addsong',
      { title: 'Tajna', performer: String(privateOne) },
      { token: token('owner') },
    );
    expect(expectInvalid(refused, ['performer']).performer).toEqual(['The performer does not exist.']);
  });

  it('validates every field with 422 {message, errors} and stores nothing', async () => {
    const before = await songCount();
    const otherPrivate = String(await addPerformer('Tajni gost', { who: 'outsider' }));
    const ok = { title: 'Pesma', performer };
    const cases: [string, Fields, string[]][] = [
      ['nothing', {}, ['title', 'performer']],
      ['blank title', { ...ok, title: '   ' }, ['title']],
      ['title of 201 characters', { ...ok, title: 'a'.repeat(201) }, ['title']],
      ['no performer', { title: 'Pesma' }, ['performer']],
      ['unknown performer', { ...ok, performer: '999999' }, ['performer']],
      ['performer not a number', { ...ok, performer: 'abc' }, ['performer']],
      ['another band’s private performer', { ...ok, performer: otherPrivate }, ['performer']],
      ['ftp link', { ...ok, resursi: 'ftp://example.com/a.pdf' }, ['resursi']],
      ['javascript link', { ...ok, resursi: 'javascript:alert(1)' }, ['resursi']],
      ['link without scheme', { ...ok, resursi: 'www.example.com' }, ['resursi']],
      ['link too long', { ...ok, resursi: `https://example.com/${'a'.repeat(2000)}` }, ['resursi']],
      ['visible not a boolean', { ...ok, visible: 'maybe' }, ['visible']],
      ['text named picture.png', { ...ok, picture: upload(text(), 'picture.png', 'image/png') }, ['picture']],
      ['PDF as picture', { ...ok, picture: upload(pdf(), 'cover.png', 'image/png') }, ['picture']],
      ['zip as resource', { ...ok, resource: upload(zip(), 'song.pdf', 'application/pdf') }, ['resource']],
      ['binary as resource', { ...ok, resource: upload(binary(), 'song.mp3', 'audio/mpeg') }, ['resource']],
      [
        'good picture, bad resource',
        { ...ok, picture: upload(png(), 'a.png', 'image/png'), resource: upload(binary(), 'b.bin') },
        ['resource'],
      ],
      [
        'several at once',
        { title: '', performer: 'abc', resursi: 'nope' },
        ['title', 'performer', 'resursi'],
      ],
    ];
    for (const [label, fields, errorFields] of cases) {
      const response = await postForm(t.app, '/api/admin/addsong', fields, { token: token('owner') });
      expect(response.statusCode, label).toBe(422);
      expectInvalid(response, errorFields);
    }
    expect(await songCount()).toBe(before);
  });

  it('says what is wrong in plain sentences', async () => {
    const errorsOf = async (fields: Fields) =>
      (await postForm(t.app, '/api/admin/addsong', fields, { token: token('owner') })).json();
    expect(await errorsOf({ performer })).toMatchObject({
      message: 'The title field is required.',
      errors: { title: ['The title field is required.'] },
    });
    expect((await errorsOf({ title: 'a'.repeat(201), performer })).errors.title[0]).toMatch(/200/);
    expect((await errorsOf({ title: 'Pesma' })).errors.performer).toEqual([
      'The performer field is required.',
    ]);
    expect((await errorsOf({ title: 'Pesma', performer, resursi: 'ftp://x' })).errors.resursi[0]).toMatch(
      /http:\/\/ or https:\/\//,
    );
  });

  it('accepts a title of exactly 200 characters', async () => {
    const id = await addSong({ title: 'ć'.repeat(200), performer });
    expect((await getSong(id)).json().naziv).toBe('ć'.repeat(200));
  });

  it('answers 422 to a user without a band', async () => {
    const publicPerformer = String(await addPerformer('Javni', { visible: true }));
    for (const who of ['bandless', 'admin'] as const) {
      const response = await postForm(
        t.app,
        '/api/admin/addsong',
        { title: 'Pesma', performer: publicPerformer },
        { token: token(who) },
      );
      expectInvalid(response, ['band']);
    }
    expect(await songCount()).toBe(0);
  });

  it('refuses viewers (403), anonymous callers (401) and calls without the CSRF token (419)', async () => {
    const fields = { title: 'Pesma', performer };
    const viewer = await postForm(t.app, '/api/admin/addsong', fields, { token: token('viewer') });
    expect(viewer.statusCode).toBe(403);
    expect(viewer.json()).toMatchObject({ message: expect.any(String) });
    const anonymous = await postForm(t.app, '/api/admin/addsong', fields);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ login: true, message: expect.any(String) });
    const noCsrf = await postForm(t.app, '/api/admin/addsong', fields, {
      token: token('owner'),
      csrf: false,
    });
    expect(noCsrf.statusCode).toBe(419);
    expect(await songCount()).toBe(0);
  });
});

describe('POST /api/admin/song/{id}/update', () => {
  let performers: { first: number; second: number };
  let id: number;
  let original: Song;
  beforeEach(async () => {
    performers = { first: await addPerformer('Bajaga'), second: await addPerformer('Đorđe Balašević') };
    id = await addSong({
      title: 'Jugoslovenka',
      performer: String(performers.first),
      visible: '1',
      picture: upload(png([1, 2, 3]), 'old.png', 'image/png'),
      resource: upload(pdf(), 'old.pdf', 'application/pdf'),
      resursi: 'https://example.com/old',
    });
    original = (await getSong(id)).json();
  });

  const update = (fields: Fields, who: Who = 'owner', songId = id) =>
    postForm(t.app, `/api/admin/song/${songId}/update`, fields, { token: token(who) });

  it('answers the updated song, which a later read agrees with', async () => {
    const response = await update({
      title: 'Ćevapi na žaru',
      performer: String(performers.second),
      visible: '0',
      resursi: 'https://example.com/new',
    });
    expect(response.statusCode, response.body).toBe(200);
    const expected = {
      id,
      naziv: 'Ćevapi na žaru',
      slika: original.slika,
      nazivizvodjaca: 'Đorđe Balašević',
      idizvodjaca: performers.second,
      owned: true,
      visibility: false,
      resursi: 'https://example.com/new',
      resource: original.resource,
      tonalitet: null,
      tempo: null,
      trajanje: null,
      akordi: null,
      // Issue 28: saved once more, by the band's admin.
      version: original.version + 1,
      updated_at: expect.any(String),
      updated_by: 'owner',
    };
    expect(response.json()).toEqual(expected);
    expect((await getSong(id)).json()).toEqual(expected);
    // search follows the new name
    expect(namesOf(await listSongs('owner', '?q=cevapi'))).toEqual(['Ćevapi na žaru']);
    expect(namesOf(await listSongs('owner', '?q=jugoslovenka'))).toEqual([]);
    // and the song is private now
    expect((await getSong(id, 'outsider')).statusCode).toBe(404);
  });

  it('keeps the files when none are sent', async () => {
    const response = await update({ title: 'Jugoslovenka 2', performer: String(performers.first) });
    expect(response.json()).toMatchObject({ slika: original.slika, resource: original.resource });
    expect((await fetchUpload(t.app, original.slika!)).statusCode).toBe(200);
    expect((await fetchUpload(t.app, original.resource!)).statusCode).toBe(200);
  });

  it('replacing the picture and the resource removes the old files', async () => {
    const response = await update({
      title: 'Jugoslovenka',
      performer: String(performers.first),
      picture: upload(png([9, 9, 9]), 'new.png', 'image/png'),
      resource: upload(text(), 'new.txt', 'text/plain'),
    });
    expect(response.statusCode, response.body).toBe(200);
    const song = response.json() as Song;
    expect(song.slika).toMatch(UPLOAD_URL);
    expect(song.slika).not.toBe(original.slika);
    expect(song.resource).toMatch(/\.txt$/);
    expect((await fetchUpload(t.app, original.slika!)).statusCode).toBe(404);
    expect((await fetchUpload(t.app, original.resource!)).statusCode).toBe(404);
    const picture = await fetchUpload(t.app, song.slika!);
    expect(picture.statusCode).toBe(200);
    expect(picture.rawPayload.equals(png([9, 9, 9]))).toBe(true);
    expect((await fetchUpload(t.app, song.resource!)).body).toBe(text().toString('utf8'));
  });

  it('removes the picture or the resource on request', async () => {
    const response = await update({
      title: 'Jugoslovenka',
      performer: String(performers.first),
      remove_picture: '1',
      remove_resource: '1',
    });
    expect(response.json()).toMatchObject({ slika: null, resource: null });
    expect((await fetchUpload(t.app, original.slika!)).statusCode).toBe(404);
    expect((await fetchUpload(t.app, original.resource!)).statusCode).toBe(404);
  });

  it('validates like add and changes nothing when invalid', async () => {
    const cases: [Fields, string[]][] = [
      [{ performer: String(performers.first) }, ['title']],
      [{ title: 'x' }, ['performer']],
      [{ title: 'x', performer: String(performers.first), resursi: 'mailto:a@b.c' }, ['resursi']],
      [
        {
          title: 'x',
          performer: String(performers.first),
          picture: upload(text('not a picture'), 'picture.png', 'image/png'),
        },
        ['picture'],
      ],
    ];
    for (const [fields, errorFields] of cases) expectInvalid(await update(fields), errorFields);
    expect((await getSong(id)).json()).toEqual(original);
    expect((await fetchUpload(t.app, original.slika!)).statusCode).toBe(200);
  });

  it('lets only the owning band (and the admin) change it', async () => {
    const fields = { title: 'Changed', performer: String(performers.first), visible: '1' };
    const anonymous = await postForm(t.app, `/api/admin/song/${id}/update`, fields);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().login).toBe(true);
    expect((await update(fields, 'viewer')).statusCode).toBe(403);
    // a public song of band A: band B may read it but not change it
    const outsider = await update(fields, 'outsider');
    expect(outsider.statusCode).toBe(403);
    expect(outsider.json()).toMatchObject({ message: expect.any(String) });
    expect((await getSong(id)).json()).toEqual(original);

    const admin = await update(fields, 'admin');
    expect(admin.statusCode, admin.body).toBe(200);
    expect(admin.json()).toMatchObject({ naziv: 'Changed', owned: true });
  });

  it('answers 404 to another band for a private song, and for a song that does not exist', async () => {
    await update({ title: 'Jugoslovenka', performer: String(performers.first), visible: '0' });
    const fields = { title: 'Changed', performer: String(performers.first) };
    expect((await update(fields, 'outsider')).statusCode).toBe(404);
    expect((await update(fields, 'owner', 999_999)).statusCode).toBe(404);
    expect((await getSong(id)).json().naziv).toBe('Jugoslovenka');
  });
});

describe('/api/admin/song/{id}/delete', () => {
  async function songWithFilesInPlaylist() {
    const performer = String(await addPerformer('Bajaga'));
    const id = await addSong({
      title: 'Jugoslovenka',
      performer,
      visible: '1',
      picture: upload(png(), 'a.png', 'image/png'),
      resource: upload(pdf(), 'a.pdf', 'application/pdf'),
    });
    const other = await addSong({ title: 'Ostaje', performer });
    const playlist = await t.app.db
      .insertInto('playlists')
      .values({
        band_id: people.bandA,
        created_by: null,
        naziv: 'Subota',
        search: 'subota',
        created_at: new Date().toISOString(),
        slika: null,
        visibility: 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.app.db
      .insertInto('playlist_songs')
      .values([
        { playlist_id: playlist.id, song_id: id, position: 1 },
        { playlist_id: playlist.id, song_id: other, position: 2 },
      ])
      .execute();
    const song = (await getSong(id)).json() as Song;
    return { id, other, playlistId: playlist.id, song };
  }

  const playlistEntries = (playlistId: number) =>
    t.app.db
      .selectFrom('playlist_songs')
      .select('song_id')
      .where('playlist_id', '=', playlistId)
      .execute()
      .then((rows) => rows.map((row) => row.song_id));

  for (const method of ['GET', 'POST'] as const) {
    it(`${method} removes the song and its playlist entries, keeping its files while it may be restored`, async () => {
      const { id, other, playlistId, song } = await songWithFilesInPlaylist();
      const response = await call(t.app, method, `/api/admin/song/${id}/delete`, { token: token('owner') });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ error: false });
      expect((await getSong(id)).statusCode).toBe(404);
      expect((await listSongs('owner')).data.map((s) => s.id)).toEqual([other]);
      expect(await playlistEntries(playlistId)).toEqual([other]);
      const playlists = await t.app.db.selectFrom('playlists').select('id').execute();
      expect(playlists).toHaveLength(1);
      // Kept while the song may be restored (issue 28; trash.test.ts checks their purge).
      expect((await fetchUpload(t.app, song.slika!)).statusCode).toBe(200);
      expect((await fetchUpload(t.app, song.resource!)).statusCode).toBe(200);
    });
  }

  it('lets only the owning band (and the admin) delete it', async () => {
    const { id, playlistId, song } = await songWithFilesInPlaylist();
    const url = `/api/admin/song/${id}/delete`;
    const anonymous = await call(t.app, 'GET', url);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().login).toBe(true);
    expect((await call(t.app, 'GET', url, { token: token('viewer') })).statusCode).toBe(403);
    const outsider = await call(t.app, 'GET', url, { token: token('outsider') });
    expect(outsider.statusCode).toBe(403);
    expect(outsider.json()).toMatchObject({ message: expect.any(String) });
    expect((await call(t.app, 'POST', url, { token: token('outsider') })).statusCode).toBe(403);
    expect((await getSong(id)).statusCode).toBe(200);
    expect(await playlistEntries(playlistId)).toContain(id);
    expect((await fetchUpload(t.app, song.slika!)).statusCode).toBe(200);

    const admin = await call(t.app, 'GET', url, { token: token('admin') });
    expect(admin.statusCode).toBe(200);
    expect((await getSong(id)).statusCode).toBe(404);
  });

  it('answers 404 to another band for a private song, and for a song that does not exist', async () => {
    const performer = String(await addPerformer('Bajaga'));
    const id = await addSong({ title: 'Privatna', performer });
    const outsider = await call(t.app, 'GET', `/api/admin/song/${id}/delete`, { token: token('outsider') });
    expect(outsider.statusCode).toBe(404);
    expect((await getSong(id)).statusCode).toBe(200);
    const missing = await call(t.app, 'GET', '/api/admin/song/999999/delete', { token: token('owner') });
    expect(missing.statusCode).toBe(404);
  });
});
