import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PAGE_SIZE } from '../../src/shared/constants.js';
import { buildTestApp, call, type TestApp } from './helpers.js';
import {
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
} from './fixtures.js';
import { type Catalogue, catalogue, type Playlist, type PlaylistRow } from './fixtures-gigs.js';

const UPLOAD_URL = /^\/uploads\/[\w-]+\.[a-z0-9]+$/;

let t: TestApp;
let people: People;
let c: Catalogue;
const token = (who: Who) => people.tokens[who];

beforeEach(async () => {
  t = await buildTestApp();
  people = await seedPeople(t.app);
  c = catalogue(t.app, people);
});
afterEach(() => t.close());

/**
 * Band A (owner, viewer): a public performer Đorđe Balašević with three private songs, a private
 * playlist "Subotnje veče" and a public one "Đačka zabava". Band B (outsider): a performer Zdravko
 * Čolić with a public and a private song, a public playlist "Svadba" and a private "Tajni spisak".
 */
async function seed() {
  const djordje = await c.addPerformer('Đorđe Balašević', { visible: true });
  const cola = await c.addPerformer('Zdravko Čolić', { who: 'outsider' });
  const songs = {
    a: await c.addSong('Ćevapi na žaru', djordje),
    b: await c.addSong('Jugoslovenka', djordje),
    c: await c.addSong('Lutka sa naslovne strane', djordje),
    otherPublic: await c.addSong('Ti si mi u krvi', cola, { visible: true, who: 'outsider' }),
    otherPrivate: await c.addSong('Tajna pesma', cola, { who: 'outsider' }),
  };
  const playlists = {
    ownPrivate: await c.addPlaylist('Subotnje veče'),
    ownPublic: await c.addPlaylist('Đačka zabava', { visible: true }),
    otherPublic: await c.addPlaylist('Svadba', { visible: true, who: 'outsider' }),
    otherPrivate: await c.addPlaylist('Tajni spisak', { who: 'outsider' }),
  };
  return { performers: { djordje, cola }, songs, playlists };
}
type Seeded = Awaited<ReturnType<typeof seed>>;

async function listPlaylists(who: Who, query: string) {
  const response = await call(t.app, 'GET', `/api/admin/playlists${query}`, { token: token(who) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { data: PlaylistRow[]; total: number };
}

const namesOf = (body: { data: { naziv: string }[] }) => body.data.map((row) => row.naziv).sort();
const sorted = (names: string[]) => [...names].sort();
const songIdsOf = (playlist: Playlist) => playlist.songs.map((song) => song.id);

const entriesOf = async (playlistId: number) =>
  (
    await t.app.db
      .selectFrom('playlist_songs')
      .select(['song_id', 'position'])
      .where('playlist_id', '=', playlistId)
      .orderBy('position')
      .execute()
  ).map((row) => [row.song_id, row.position]);

// ---------------------------------------------------------------------------------------------

describe('GET /api/admin/playlists (a page of the list)', () => {
  let seeded: Seeded;
  beforeEach(async () => {
    seeded = await seed();
  });

  it('answers 401 {login: true} without a token, with or without a query', async () => {
    for (const url of ['/api/admin/playlists?pg=0', '/api/admin/playlists']) {
      const response = await call(t.app, 'GET', url);
      expect(response.statusCode, url).toBe(401);
      expect(response.json(), url).toMatchObject({ login: true, message: expect.any(String) });
    }
  });

  it('filters by ownership (os or o): 1 own + others’ public, 2 mine (default), 3 others’ public', async () => {
    const own = ['Subotnje veče', 'Đačka zabava'];
    const bandB = ['Svadba', 'Tajni spisak'];
    const expected: Record<Exclude<Who, 'bandless'>, Record<1 | 2 | 3, string[]>> = {
      owner: { 1: [...own, 'Svadba'], 2: own, 3: ['Svadba'] },
      viewer: { 1: [...own, 'Svadba'], 2: own, 3: ['Svadba'] },
      outsider: { 1: [...bandB, 'Đačka zabava'], 2: bandB, 3: ['Đačka zabava'] },
      admin: { 1: [...own, ...bandB], 2: [...own, ...bandB], 3: [...own, ...bandB] },
    };
    for (const [who, byFilter] of Object.entries(expected) as [Who, Record<1 | 2 | 3, string[]>][]) {
      for (const value of [1, 2, 3] as const) {
        for (const name of ['os', 'o']) {
          const body = await listPlaylists(who, `?${name}=${value}&pg=0`);
          expect(namesOf(body), `${who} ${name}=${value}`).toEqual(sorted(byFilter[value]));
          expect(body.total, `${who} ${name}=${value}`).toBe(byFilter[value].length);
        }
      }
      expect(namesOf(await listPlaylists(who, '?pg=0')), `${who} default`).toEqual(sorted(byFilter[2]));
    }
  });

  it('shows a user without a band only public playlists, and nothing under "mine"', async () => {
    expect(namesOf(await listPlaylists('bandless', '?os=2&pg=0'))).toEqual([]);
    expect(namesOf(await listPlaylists('bandless', '?os=1&pg=0'))).toEqual(['Svadba', 'Đačka zabava']);
    expect(namesOf(await listPlaylists('bandless', '?os=3&pg=0'))).toEqual(['Svadba', 'Đačka zabava']);
  });

  it('answers rows of id, naziv, slika, songscount, owned and visibility (real booleans)', async () => {
    const { songs, playlists } = seeded;
    await c.setSongs(playlists.ownPrivate, [songs.a, songs.b, songs.c]);
    await c.setSongs(playlists.otherPublic, [songs.otherPublic], 'outsider');
    const owner = await listPlaylists('owner', '?os=1&pg=0');
    expect(owner.data.find((row) => row.id === playlists.ownPrivate)).toEqual({
      id: playlists.ownPrivate,
      naziv: 'Subotnje veče',
      slika: null,
      songscount: 3,
      owned: true,
      visibility: false,
    });
    const summary = (body: { data: PlaylistRow[] }) =>
      Object.fromEntries(body.data.map((row) => [row.naziv, [row.songscount, row.owned, row.visibility]]));
    expect(summary(owner)).toEqual({
      'Subotnje veče': [3, true, false],
      'Đačka zabava': [0, true, true],
      Svadba: [1, false, true],
    });
    expect(summary(await listPlaylists('viewer', '?os=1&pg=0'))).toEqual(summary(owner));
    expect(summary(await listPlaylists('outsider', '?os=1&pg=0'))).toEqual({
      Svadba: [1, true, true],
      'Tajni spisak': [0, true, false],
      'Đačka zabava': [0, false, true],
    });
    expect(summary(await listPlaylists('admin', '?os=1&pg=0'))).toEqual({
      'Subotnje veče': [3, true, false],
      'Đačka zabava': [0, true, true],
      Svadba: [1, true, true],
      'Tajni spisak': [0, true, false],
    });
  });

  it('keeps songscount, names and visibility current after updates and deletes', async () => {
    const { songs, playlists } = seeded;
    const counts = async () =>
      Object.fromEntries(
        (await listPlaylists('owner', '?os=2&pg=0')).data.map((row) => [row.naziv, row.songscount]),
      );
    expect(await counts()).toEqual({ 'Subotnje veče': 0, 'Đačka zabava': 0 });
    await c.setSongs(playlists.ownPublic, [songs.b, songs.a]);
    expect(await counts()).toEqual({ 'Subotnje veče': 0, 'Đačka zabava': 2 });
    await c.setSongs(playlists.ownPublic, [songs.c]);
    expect(await counts()).toEqual({ 'Subotnje veče': 0, 'Đačka zabava': 1 });
    // deleting a song removes its entries from the count
    await call(t.app, 'GET', `/api/admin/song/${songs.c}/delete`, { token: token('owner') });
    expect(await counts()).toEqual({ 'Subotnje veče': 0, 'Đačka zabava': 0 });
    // a rename and a change of visibility show at once, to other bands too
    await c.updatePlaylist(playlists.ownPrivate, { title: 'Nedelja', visible: '1' });
    expect(await counts()).toEqual({ Nedelja: 0, 'Đačka zabava': 0 });
    expect(namesOf(await listPlaylists('outsider', '?os=3&pg=0'))).toEqual(['Nedelja', 'Đačka zabava']);
    await call(t.app, 'GET', `/api/admin/playlist/${playlists.ownPublic}/delete`, { token: token('owner') });
    expect(await counts()).toEqual({ Nedelja: 0 });
  });

  it('searches playlist names case- and diacritic-insensitively, within what the caller may see', async () => {
    const cases: [string, Who, number, string[]][] = [
      ['djacka', 'owner', 1, ['Đačka zabava']],
      ['ĐAČKA', 'owner', 1, ['Đačka zabava']],
      ['dj', 'owner', 1, ['Đačka zabava']],
      ['zabava', 'owner', 2, ['Đačka zabava']],
      ['vece', 'owner', 1, ['Subotnje veče']],
      ['VEČE', 'owner', 2, ['Subotnje veče']],
      ['SVADBA', 'owner', 1, ['Svadba']],
      ['svadba', 'owner', 2, []],
      // the search never widens what the caller may see
      ['subotnje', 'outsider', 1, []],
      ['tajni', 'owner', 1, []],
      ['tajni', 'outsider', 2, ['Tajni spisak']],
      ['tajni', 'admin', 1, ['Tajni spisak']],
      // LIKE wildcards are plain characters
      ['%', 'owner', 1, []],
      ['_', 'owner', 1, []],
      // blank is no search
      ['  ', 'owner', 2, ['Subotnje veče', 'Đačka zabava']],
    ];
    for (const [q, who, os, names] of cases) {
      const body = await listPlaylists(who, `?os=${os}&pg=0&q=${encodeURIComponent(q)}`);
      expect(namesOf(body), `${who} q=${q}`).toEqual(sorted(names));
      expect(body.total, `${who} q=${q}`).toBe(names.length);
    }
  });

  it('refuses bad query values with 422 {message, errors}', async () => {
    const cases: [string, string][] = [
      ['os=4', 'os'],
      ['o=0', 'o'],
      ['pg=-1', 'pg'],
      ['pg=x', 'pg'],
      [`q=${'a'.repeat(201)}`, 'q'],
    ];
    for (const [query, field] of cases) {
      const response = await call(t.app, 'GET', `/api/admin/playlists?${query}`, { token: token('owner') });
      expect(response.statusCode, query).toBe(422);
      expect(Object.keys(response.json().errors), query).toEqual([field]);
    }
  });
});

describe('paging', () => {
  it(`pages by ${PAGE_SIZE} from pg=0; total counts every match`, async () => {
    for (let i = 1; i <= 25; i++) await c.addPlaylist(`Lista ${String(i).padStart(2, '0')}`);
    await c.addPlaylist('Tuđa lista', { who: 'outsider' });

    const pages = [
      await listPlaylists('owner', '?pg=0'),
      await listPlaylists('owner', '?pg=1'),
      await listPlaylists('owner', '?pg=2'),
    ];
    expect(pages.map((page) => page.data.length)).toEqual([PAGE_SIZE, 25 - PAGE_SIZE, 0]);
    expect(pages.map((page) => page.total)).toEqual([25, 25, 25]);
    const names = pages.flatMap((page) => page.data.map((row) => row.naziv));
    expect(new Set(names).size).toBe(25);
    expect(names.every((name) => /^Lista \d\d$/.test(name))).toBe(true);

    const searched = await listPlaylists('owner', `?pg=0&q=${encodeURIComponent('LISTA 1')}`);
    expect(searched.total).toBe(10);
    expect(namesOf(searched)).toEqual(Array.from({ length: 10 }, (_, i) => `Lista 1${i}`));

    const admin = await listPlaylists('admin', '?os=1&pg=1');
    expect(admin.total).toBe(26);
    expect(admin.data).toHaveLength(26 - PAGE_SIZE);
  });
});

describe('GET /api/admin/playlists without a query (the gig form’s selector)', () => {
  it('answers {data: [{id, naziv, owned}]} of the caller’s and other bands’ public playlists, oldest first', async () => {
    const { playlists } = await seed();
    const options = async (who: Who) => {
      const response = await call(t.app, 'GET', '/api/admin/playlists', { token: token(who) });
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json();
      expect(Object.keys(body)).toEqual(['data']);
      for (const row of body.data) expect(Object.keys(row).sort()).toEqual(['id', 'naziv', 'owned']);
      const ids = (body.data as { id: number }[]).map((row) => row.id);
      expect(ids, 'oldest first').toEqual([...ids].sort((x, y) => x - y));
      return body.data as { id: number; naziv: string; owned: boolean }[];
    };
    // owned: the caller's band's own, the only ones a new gig preselects (issue 26).
    const row = (id: number, naziv: string, owned: boolean) => ({ id, naziv, owned });
    const ownPrivate = (owned: boolean) => row(playlists.ownPrivate, 'Subotnje veče', owned);
    const ownPublic = (owned: boolean) => row(playlists.ownPublic, 'Đačka zabava', owned);
    const otherPublic = (owned: boolean) => row(playlists.otherPublic, 'Svadba', owned);
    const otherPrivate = (owned: boolean) => row(playlists.otherPrivate, 'Tajni spisak', owned);
    expect(await options('owner')).toEqual([ownPrivate(true), ownPublic(true), otherPublic(false)]);
    expect(await options('viewer')).toEqual([ownPrivate(true), ownPublic(true), otherPublic(false)]);
    expect(await options('outsider')).toEqual([ownPublic(false), otherPublic(true), otherPrivate(true)]);
    expect(await options('bandless')).toEqual([ownPublic(false), otherPublic(false)]);
    expect(await options('admin')).toEqual([
      ownPrivate(true),
      ownPublic(true),
      otherPublic(true),
      otherPrivate(true),
    ]);
  });
});

describe('GET /api/admin/playlist/{id}', () => {
  it('answers error, naziv, slika, visibility, owned and the songs in order', async () => {
    const { songs } = await seed();
    const id = await c.addPlaylist('Venčanje', {
      visible: true,
      extra: { picture: upload(png(), 'cover.png', 'image/png') },
    });
    await c.setSongs(id, [songs.c, songs.otherPublic, songs.a]);
    const response = await c.getPlaylist(id);
    expect(response.statusCode).toBe(200);
    const playlist = response.json() as Playlist;
    expect(playlist).toEqual({
      error: false,
      id,
      naziv: 'Venčanje',
      slika: expect.stringMatching(UPLOAD_URL),
      visibility: true,
      owned: true,
      songs: [
        {
          id: songs.c,
          naziv: 'Lutka sa naslovne strane',
          slika: null,
          nazivizvodjaca: 'Đorđe Balašević',
          position: 1,
        },
        {
          id: songs.otherPublic,
          naziv: 'Ti si mi u krvi',
          slika: null,
          nazivizvodjaca: 'Zdravko Čolić',
          position: 2,
        },
        { id: songs.a, naziv: 'Ćevapi na žaru', slika: null, nazivizvodjaca: 'Đorđe Balašević', position: 3 },
      ],
      gigs: [],
      // Issue 28: saved once (its songs), by the band's admin.
      version: 2,
      updated_at: expect.any(String),
      updated_by: 'owner',
    });
    const picture = await fetchUpload(t.app, playlist.slika!);
    expect(picture.statusCode).toBe(200);
    expect(picture.rawPayload.equals(png())).toBe(true);
  });

  it('lets the owning band read it, other bands only when public; the admin owns everything', async () => {
    const { playlists } = await seed();
    const read = async (id: number, who: Who) => {
      const response = await c.getPlaylist(id, who);
      return response.statusCode === 200 ? { owned: response.json().owned } : response.statusCode;
    };
    expect(await read(playlists.ownPrivate, 'owner')).toEqual({ owned: true });
    expect(await read(playlists.ownPrivate, 'viewer')).toEqual({ owned: true });
    expect(await read(playlists.ownPrivate, 'admin')).toEqual({ owned: true });
    expect(await read(playlists.otherPrivate, 'admin')).toEqual({ owned: true });
    expect(await read(playlists.ownPrivate, 'outsider')).toBe(404);
    expect(await read(playlists.ownPrivate, 'bandless')).toBe(404);
    expect(await read(playlists.otherPrivate, 'owner')).toBe(404);
    expect(await read(playlists.otherPrivate, 'viewer')).toBe(404);
    expect(await read(playlists.ownPublic, 'outsider')).toEqual({ owned: false });
    expect(await read(playlists.otherPublic, 'owner')).toEqual({ owned: false });

    const hidden = await c.getPlaylist(playlists.otherPrivate, 'owner');
    expect(hidden.json()).toMatchObject({ message: expect.any(String) });
    const anonymous = await call(t.app, 'GET', `/api/admin/playlist/${playlists.ownPrivate}`);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ login: true, message: expect.any(String) });
  });

  it('answers 404 for a playlist that does not exist and 422 for an id that is not one', async () => {
    expect((await c.getPlaylist(999_999)).statusCode).toBe(404);
    const bad = await call(t.app, 'GET', '/api/admin/playlist/abc', { token: token('owner') });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toHaveProperty('id');
  });
});

describe('POST /api/admin/addplaylist', () => {
  it('answers {id} of a new, empty, private playlist of the caller’s band', async () => {
    const response = await postForm(
      t.app,
      '/api/admin/addplaylist',
      { title: '  Subotnje veče  ' },
      { token: token('owner') },
    );
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toEqual({ id: expect.any(Number) });
    expect(await c.readPlaylist(body.id)).toEqual({
      error: false,
      id: body.id,
      naziv: 'Subotnje veče',
      slika: null,
      visibility: false,
      owned: true,
      songs: [],
      gigs: [],
      // Issue 28: not saved since it was added.
      version: 1,
      updated_at: null,
      updated_by: null,
    });
    const row = await t.app.db
      .selectFrom('playlists')
      .select(['band_id'])
      .where('id', '=', body.id)
      .executeTakeFirstOrThrow();
    expect(row.band_id).toBe(people.bandA);

    const outsider = await c.addPlaylist('Svadba', { who: 'outsider' });
    expect((await c.readPlaylist(outsider, 'outsider')).owned).toBe(true);
    expect((await c.getPlaylist(outsider, 'owner')).statusCode).toBe(404);
  });

  it('is public when visible is on', async () => {
    const visibilityOf = async (visible: string | undefined) => {
      const response = await postForm(
        t.app,
        '/api/admin/addplaylist',
        { title: `Lista ${visible}`, visible },
        { token: token('owner') },
      );
      expect(response.statusCode, response.body).toBe(200);
      return (await c.readPlaylist(response.json().id)).visibility;
    };
    expect(await visibilityOf(undefined)).toBe(false);
    expect(await visibilityOf('0')).toBe(false);
    expect(await visibilityOf('false')).toBe(false);
    expect(await visibilityOf('1')).toBe(true);
    expect(await visibilityOf('true')).toBe(true);
    expect(namesOf(await listPlaylists('outsider', '?os=3&pg=0'))).toEqual(['Lista 1', 'Lista true']);
  });

  it('stores the picture', async () => {
    const id = await c.addPlaylist('Sa slikom', {
      extra: { picture: upload(png([5, 6, 7]), 'p.png', 'image/png') },
    });
    const playlist = await c.readPlaylist(id);
    expect(playlist.slika).toMatch(/^\/uploads\/[\w-]+\.png$/);
    expect((await fetchUpload(t.app, playlist.slika!)).rawPayload.equals(png([5, 6, 7]))).toBe(true);
  });

  it('refuses invalid input with 422 naming the fields, and creates nothing', async () => {
    const cases: [string, Fields, string[]][] = [
      ['no title', { visible: '1' }, ['title']],
      ['blank title', { title: '   ' }, ['title']],
      ['title too long', { title: 'a'.repeat(201) }, ['title']],
      ['visible not a boolean', { title: 'Lista', visible: 'maybe' }, ['visible']],
      ['text as picture', { title: 'Lista', picture: upload(text(), 'a.png', 'image/png') }, ['picture']],
      ['PDF as picture', { title: 'Lista', picture: upload(pdf(), 'a.png', 'image/png') }, ['picture']],
      ['several', { title: '', visible: 'x' }, ['title', 'visible']],
    ];
    for (const [label, fields, errorFields] of cases) {
      const response = await postForm(t.app, '/api/admin/addplaylist', fields, { token: token('owner') });
      expect(response.statusCode, label).toBe(422);
      expectInvalid(response, errorFields);
    }
    const missing = await postForm(t.app, '/api/admin/addplaylist', {}, { token: token('owner') });
    expect(missing.json()).toMatchObject({
      message: 'The title field is required.',
      errors: { title: ['The title field is required.'] },
    });
    expect(await c.count('playlists')).toBe(0);
  });

  it('refuses viewers (403), anonymous callers (401) and users without a band (422)', async () => {
    const fields = { title: 'Lista' };
    const viewer = await postForm(t.app, '/api/admin/addplaylist', fields, { token: token('viewer') });
    expect(viewer.statusCode).toBe(403);
    expect(viewer.json()).toMatchObject({ message: expect.any(String) });
    const anonymous = await postForm(t.app, '/api/admin/addplaylist', fields);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ login: true, message: expect.any(String) });
    for (const who of ['bandless', 'admin'] as const) {
      expectInvalid(await postForm(t.app, '/api/admin/addplaylist', fields, { token: token(who) }), ['band']);
    }
    const noCsrf = await postForm(t.app, '/api/admin/addplaylist', fields, {
      token: token('owner'),
      csrf: false,
    });
    expect(noCsrf.statusCode).toBe(419);
    expect(await c.count('playlists')).toBe(0);
  });
});

describe('POST /api/admin/playlist/{id}/update', () => {
  let seeded: Seeded;
  let id: number;
  beforeEach(async () => {
    seeded = await seed();
    id = seeded.playlists.ownPrivate;
  });

  const update = (fields: Fields, who: Who = 'owner', playlistId = id) =>
    c.updatePlaylist(playlistId, fields, who);

  it('stores the order of the songs string: a later read answers the songs in that order', async () => {
    const { a, b, c: third } = seeded.songs;
    const response = await update({ title: 'Subotnje veče', songs: `${third},1;${a},2;${b},3` });
    expect(response.statusCode, response.body).toBe(200);
    const answered = response.json() as Playlist;
    expect(songIdsOf(answered)).toEqual([third, a, b]);
    expect(answered.songs.map((song) => song.position)).toEqual([1, 2, 3]);
    const read = await c.readPlaylist(id);
    expect(read).toEqual(answered);
    expect(read.songs.map((song) => song.naziv)).toEqual([
      'Lutka sa naslovne strane',
      'Ćevapi na žaru',
      'Jugoslovenka',
    ]);
    // and a different order replaces it
    await update({ title: 'Subotnje veče', songs: `${b},1;${third},2;${a},3` });
    expect(songIdsOf(await c.readPlaylist(id))).toEqual([b, third, a]);
    expect(await entriesOf(id)).toEqual([
      [b, 1],
      [third, 2],
      [a, 3],
    ]);
  });

  it('orders by the positions given, whatever the order of the pairs, and renumbers them 1..n', async () => {
    const { a, b, c: third } = seeded.songs;
    const response = await update({ title: 'Subotnje veče', songs: `${a},20;${b},35;${third},7` });
    expect(response.statusCode, response.body).toBe(200);
    expect(songIdsOf(response.json())).toEqual([third, a, b]);
    expect(await entriesOf(id)).toEqual([
      [third, 1],
      [a, 2],
      [b, 3],
    ]);
    expect((await c.readPlaylist(id)).songs.map((song) => song.position)).toEqual([1, 2, 3]);
  });

  it('keeps the given order for songs with the same position', async () => {
    const { a, b, c: third } = seeded.songs;
    await update({ title: 'Subotnje veče', songs: `${b},1;${third},1;${a},1` });
    expect(songIdsOf(await c.readPlaylist(id))).toEqual([b, third, a]);
    await update({ title: 'Subotnje veče', songs: `${a},2;${third},1;${b},2` });
    expect(songIdsOf(await c.readPlaylist(id))).toEqual([third, a, b]);
  });

  it('clears the songs with an empty string', async () => {
    const { a, b } = seeded.songs;
    await c.setSongs(id, [a, b]);
    const response = await update({ title: 'Subotnje veče', songs: '' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().songs).toEqual([]);
    expect((await c.readPlaylist(id)).songs).toEqual([]);
    expect(await entriesOf(id)).toEqual([]);
    // the songs themselves stay
    for (const song of [a, b]) {
      expect(
        (await call(t.app, 'GET', `/api/admin/song/${song}`, { token: token('owner') })).statusCode,
      ).toBe(200);
    }
  });

  it('keeps the songs when the songs field is left out, while changing name and visibility', async () => {
    const { a, b, c: third } = seeded.songs;
    await c.setSongs(id, [third, a, b]);
    const response = await update({ title: 'Nedeljni ručak', visible: '1' });
    expect(response.statusCode, response.body).toBe(200);
    const playlist = await c.readPlaylist(id);
    expect(playlist).toMatchObject({ naziv: 'Nedeljni ručak', visibility: true });
    expect(songIdsOf(playlist)).toEqual([third, a, b]);
    expect(namesOf(await listPlaylists('owner', '?pg=0&q=rucak'))).toEqual(['Nedeljni ručak']);
    expect(namesOf(await listPlaylists('owner', '?pg=0&q=subotnje'))).toEqual([]);
  });

  it('answers the playlist with the visibility it stored', async () => {
    const on = await update({ title: 'Subotnje veče', visible: '1' });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toMatchObject({
      error: false,
      id,
      naziv: 'Subotnje veče',
      visibility: true,
      owned: true,
    });
    expect((await c.readPlaylist(id)).visibility).toBe(true);
    expect((await c.getPlaylist(id, 'outsider')).statusCode).toBe(200);

    const off = await update({ title: 'Subotnje veče', visible: '0' });
    expect(off.json().visibility).toBe(false);
    expect((await c.readPlaylist(id)).visibility).toBe(false);
    expect((await c.getPlaylist(id, 'outsider')).statusCode).toBe(404);
  });

  it('lets a band use another band’s public song', async () => {
    const { a, otherPublic } = seeded.songs;
    const response = await update({ title: 'Subotnje veče', songs: `${otherPublic},1;${a},2` });
    expect(response.statusCode, response.body).toBe(200);
    expect((await c.readPlaylist(id)).songs.map((song) => [song.id, song.nazivizvodjaca])).toEqual([
      [otherPublic, 'Zdravko Čolić'],
      [a, 'Đorđe Balašević'],
    ]);
  });

  it('refuses a bad songs string with 422 naming the problem, and changes nothing', async () => {
    const { a, b, c: third, otherPrivate } = seeded.songs;
    await c.setSongs(id, [b, a]);
    const before = await c.readPlaylist(id);
    const entriesBefore = await entriesOf(id);
    const cases: [string, string, RegExp][] = [
      ['not a pair', `${a},1;3`, /"3"/],
      ['letters', 'a,b', /"a,b"/],
      ['three numbers', `1,2,3;${b},2`, /"1,2,3"/],
      ['negative id', '-1,1', /"-1,1"/],
      ['negative position', `${a},-1`, new RegExp(`"${a},-1"`)],
      ['duplicate id', `${a},1;${third},2;${a},3`, new RegExp(`\\b${a}\\b.*more than once`)],
      ['unknown id', `${a},1;999999,2`, /999999/],
      ['another band’s private song', `${otherPrivate},1;${a},2`, new RegExp(`\\b${otherPrivate}\\b`)],
    ];
    for (const [label, songs, problem] of cases) {
      const response = await update({ title: 'Promenjeno', visible: '1', songs });
      expect(response.statusCode, label).toBe(422);
      const errors = expectInvalid(response, ['songs']);
      expect(errors.songs.join(' '), label).toMatch(problem);
      expect(response.json().message, label).toMatch(problem);
      expect(await c.readPlaylist(id), label).toEqual(before);
      expect(await entriesOf(id), label).toEqual(entriesBefore);
    }
    // the unknown-id message names only the songs at fault
    const unknown = await update({ title: 'Subotnje veče', songs: `${a},1;999998,2` });
    expect(expectInvalid(unknown, ['songs']).songs.join(' ')).not.toMatch(new RegExp(`\\b${a}\\b`));
    expect((await c.getPlaylist(id, 'outsider')).statusCode).toBe(404);
  });

  it("keeps another band's private song out even when a system admin edits the playlist", async () => {
    const { a, otherPrivate, otherPublic } = seeded.songs;
    const refused = await update({ title: 'Subotnje veče', songs: `${otherPrivate},1;${a},2` }, 'admin');
    expect(refused.statusCode).toBe(422);
    expect(expectInvalid(refused, ['songs']).songs.join(' ')).toMatch(new RegExp(`\\b${otherPrivate}\\b`));
    const allowed = await update({ title: 'Subotnje veče', songs: `${otherPublic},1;${a},2` }, 'admin');
    expect(allowed.statusCode).toBe(200);
  });

  it('stores a long playlist in the order given (600 songs, reversed)', async () => {
    const now = new Date().toISOString();
    const rows = await t.app.db
      .insertInto('songs')
      .values(
        Array.from({ length: 600 }, (_, i) => ({
          band_id: people.bandA,
          created_by: null,
          naziv: `Pesma ${i}`,
          search: `pesma ${i}`,
          created_at: now,
          slika: null,
          performer_id: null,
          visibility: 0,
          resursi: null,
          resource_file: null,
        })),
      )
      .returning('id')
      .execute();
    const reversed = rows.map((row) => row.id).reverse();
    const saved = await c.setSongs(id, reversed);
    expect(songIdsOf(saved)).toEqual(reversed);
    const read = await c.readPlaylist(id);
    expect(songIdsOf(read)).toEqual(reversed);
    expect(read.songs.map((song) => song.position)).toEqual(reversed.map((_, i) => i + 1));
    expect((await listPlaylists('owner', '?pg=0&q=subotnje')).data[0].songscount).toBe(600);
  });

  it('refuses more songs than a playlist may hold, changing nothing', async () => {
    const { a } = seeded.songs;
    await c.setSongs(id, [a]);
    const songs = Array.from({ length: 2001 }, (_, i) => `${i + 1},${i + 1}`).join(';');
    const errors = expectInvalid(await update({ title: 'Subotnje veče', songs }), ['songs']);
    expect(errors.songs[0]).toMatch(/2000/);
    expect(songIdsOf(await c.readPlaylist(id))).toEqual([a]);
  });

  it('keeps a song whose performer was deleted, with no performer name', async () => {
    const { a, b } = seeded.songs;
    await c.setSongs(id, [a, b]);
    const deleted = await call(t.app, 'GET', `/api/admin/performer/${seeded.performers.djordje}/delete`, {
      token: token('owner'),
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await c.readPlaylist(id)).songs.map((song) => [song.id, song.nazivizvodjaca])).toEqual([
      [a, null],
      [b, null],
    ]);
  });

  it('validates title and visible like add, and changes nothing when invalid', async () => {
    const { a } = seeded.songs;
    await c.setSongs(id, [a]);
    const before = await c.readPlaylist(id);
    expectInvalid(await update({ songs: '' }), ['title']);
    expectInvalid(await update({ title: 'x'.repeat(201), songs: '' }), ['title']);
    expectInvalid(await update({ title: 'Ok', visible: 'perhaps', songs: '' }), ['visible']);
    expectInvalid(await update({ title: '', songs: 'x' }), ['title', 'songs']);
    expectInvalid(
      await update({ title: 'Ok', picture: upload(text('nope'), 'p.png', 'image/png'), songs: '' }),
      ['picture'],
    );
    expect(await c.readPlaylist(id)).toEqual(before);
  });

  it('replaces or removes the picture, removing the old file', async () => {
    const first = await update({
      title: 'Subotnje veče',
      picture: upload(png([1, 1, 1]), 'a.png', 'image/png'),
    });
    const old = (first.json() as Playlist).slika!;
    expect(old).toMatch(UPLOAD_URL);
    // kept when none is sent
    expect((await update({ title: 'Subotnje veče' })).json().slika).toBe(old);
    const second = await update({
      title: 'Subotnje veče',
      picture: upload(png([2, 2, 2]), 'b.png', 'image/png'),
    });
    const replaced = (second.json() as Playlist).slika!;
    expect(replaced).toMatch(UPLOAD_URL);
    expect(replaced).not.toBe(old);
    expect((await fetchUpload(t.app, old)).statusCode).toBe(404);
    expect((await fetchUpload(t.app, replaced)).rawPayload.equals(png([2, 2, 2]))).toBe(true);
    const removed = await update({ title: 'Subotnje veče', remove_picture: '1' });
    expect(removed.json().slika).toBeNull();
    expect((await fetchUpload(t.app, replaced)).statusCode).toBe(404);
  });

  it('lets only the owning band (and the admin) change it', async () => {
    const { a, b } = seeded.songs;
    const { ownPublic, otherPrivate } = seeded.playlists;
    await c.setSongs(ownPublic, [a]);
    const before = await c.readPlaylist(ownPublic);
    const fields = { title: 'Changed', visible: '1', songs: `${b},1` };

    const anonymous = await postForm(t.app, `/api/admin/playlist/${ownPublic}/update`, fields);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ login: true, message: expect.any(String) });
    const viewer = await update(fields, 'viewer', ownPublic);
    expect(viewer.statusCode).toBe(403);
    expect(viewer.json()).toMatchObject({ message: expect.any(String) });
    // a public playlist of band A: band B may read it but not change it
    const outsider = await update({ ...fields, songs: '' }, 'outsider', ownPublic);
    expect(outsider.statusCode).toBe(403);
    expect(outsider.json()).toMatchObject({ message: expect.any(String) });
    // a private one of band A does not exist for band B
    expect((await update({ ...fields, songs: '' }, 'outsider', id)).statusCode).toBe(404);
    expect((await update(fields, 'bandless', ownPublic)).statusCode).toBe(403);
    // nor band B's private one for band A
    expect((await update(fields, 'owner', otherPrivate)).statusCode).toBe(404);
    expect((await update(fields, 'owner', 999_999)).statusCode).toBe(404);
    expect(await c.readPlaylist(ownPublic)).toEqual(before);
    expect((await c.readPlaylist(otherPrivate, 'outsider')).naziv).toBe('Tajni spisak');

    const admin = await update(fields, 'admin', ownPublic);
    expect(admin.statusCode, admin.body).toBe(200);
    expect(admin.json()).toMatchObject({ naziv: 'Changed', owned: true, visibility: true });
    expect(songIdsOf(await c.readPlaylist(ownPublic))).toEqual([b]);
  });
});

describe('/api/admin/playlist/{id}/delete', () => {
  for (const method of ['GET', 'POST'] as const) {
    it(`${method} answers deleted_playlist.naziv and deleted_songs; the songs stay`, async () => {
      const { songs } = await seed();
      const id = await c.addPlaylist('Za brisanje', {
        extra: { picture: upload(png(), 'p.png', 'image/png') },
      });
      await c.setSongs(id, [songs.a, songs.b, songs.otherPublic]);
      const { slika } = await c.readPlaylist(id);
      const songsBefore = await c.count('songs');
      const entriesBefore = await c.count('playlist_songs');

      const response = await call(t.app, method, `/api/admin/playlist/${id}/delete`, {
        token: token('owner'),
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({
        error: false,
        code: 'playlist_deleted',
        message: 'Playlist Za brisanje with 3 songs has been deleted',
        params: { name: 'Za brisanje', smart_count: 3 },
        deleted_playlist: { id, naziv: 'Za brisanje' },
        deleted_songs: 3,
      });
      expect((await c.getPlaylist(id)).statusCode).toBe(404);
      expect(await entriesOf(id)).toEqual([]);
      expect(await c.count('playlist_songs')).toBe(entriesBefore - 3);
      expect(await c.count('songs')).toBe(songsBefore);
      for (const song of [songs.a, songs.b, songs.otherPublic]) {
        const read = await call(t.app, 'GET', `/api/admin/song/${song}`, { token: token('owner') });
        expect(read.statusCode).toBe(200);
      }
      // Kept while the playlist may be restored (issue 28; trash.test.ts checks its purge).
      expect((await fetchUpload(t.app, slika!)).statusCode).toBe(200);
    });
  }

  it("is refused while an active gig plays it, naming the gig, unless forced; the caller's gigs are listed", async () => {
    const id = await c.addPlaylist('Večerašnja');
    const gigFields = (title: string, status: string) => ({
      title,
      lokacija: 'Klub',
      status,
      razmakpesme: '1',
      razmakvreme: '2',
      starttime: '2026-11-21T20:00',
      playlista: String(id),
    });
    const tonight = await c.addGig(gigFields('Petak uveče', '1'));
    const later = await c.addGig(gigFields('Subota', '0'));
    expect((await c.readPlaylist(id)).gigs).toEqual([
      { id: tonight, naziv: 'Petak uveče', active: true },
      { id: later, naziv: 'Subota', active: false },
    ]);
    const url = `/api/admin/playlist/${id}/delete`;
    const refused = await call(t.app, 'GET', url, { token: token('owner') });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ message: 'The active gig Petak uveče plays this playlist.' });
    expect((await c.getPlaylist(id)).statusCode).toBe(200);
    const forced = await call(t.app, 'GET', `${url}?force=1`, { token: token('owner') });
    expect(forced.statusCode, forced.body).toBe(200);
    expect((await c.getPlaylist(id)).statusCode).toBe(404);
    // The gigs stay, without a playlist.
    expect((await c.readGig(tonight)).playlista).toBeNull();
  });

  it('answers deleted_songs 0 for an empty playlist', async () => {
    const id = await c.addPlaylist('Prazna');
    const response = await call(t.app, 'GET', `/api/admin/playlist/${id}/delete`, { token: token('owner') });
    expect(response.json()).toMatchObject({ deleted_playlist: { naziv: 'Prazna' }, deleted_songs: 0 });
  });

  it('lets only the owning band (and the admin) delete it', async () => {
    const { songs, playlists } = await seed();
    await c.setSongs(playlists.ownPublic, [songs.a]);
    const url = (id: number) => `/api/admin/playlist/${id}/delete`;

    const anonymous = await call(t.app, 'GET', url(playlists.ownPublic));
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ login: true, message: expect.any(String) });
    for (const method of ['GET', 'POST'] as const) {
      const viewer = await call(t.app, method, url(playlists.ownPublic), { token: token('viewer') });
      expect(viewer.statusCode).toBe(403);
      const outsider = await call(t.app, method, url(playlists.ownPublic), { token: token('outsider') });
      expect(outsider.statusCode).toBe(403);
      expect(outsider.json()).toMatchObject({ message: expect.any(String) });
      const hidden = await call(t.app, method, url(playlists.ownPrivate), { token: token('outsider') });
      expect(hidden.statusCode).toBe(404);
      const notOurs = await call(t.app, method, url(playlists.otherPrivate), { token: token('owner') });
      expect(notOurs.statusCode).toBe(404);
    }
    expect(songIdsOf(await c.readPlaylist(playlists.ownPublic))).toEqual([songs.a]);
    expect((await c.readPlaylist(playlists.ownPrivate)).naziv).toBe('Subotnje veče');
    expect((await c.readPlaylist(playlists.otherPrivate, 'outsider')).naziv).toBe('Tajni spisak');
    const missing = await call(t.app, 'GET', url(999_999), { token: token('owner') });
    expect(missing.statusCode).toBe(404);

    const admin = await call(t.app, 'GET', url(playlists.ownPublic), { token: token('admin') });
    expect(admin.statusCode, admin.body).toBe(200);
    expect(admin.json()).toMatchObject({ deleted_playlist: { naziv: 'Đačka zabava' }, deleted_songs: 1 });
    expect((await c.getPlaylist(playlists.ownPublic)).statusCode).toBe(404);
  });
});
