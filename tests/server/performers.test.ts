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

interface Performer {
  id: number;
  naziv: string;
  slika: string | null;
  owned: boolean;
  visibility: boolean;
  version: number;
}

const UPLOAD_URL = /^\/uploads\/[\w-]+\.png$/;

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

async function addPerformer(fields: Fields, who: Who = 'owner') {
  const response = await postForm(t.app, '/api/admin/addperformer', fields, { token: token(who) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().id as number;
}

async function addSong(title: string, performer: number, who: Who = 'owner') {
  const response = await postForm(
    t.app,
    '/api/admin/addsong',
    { title, performer: String(performer), visible: '1' },
    { token: token(who) },
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json().id as number;
}

/** Band A: Đorđe Balašević (public), Bajaga (private). Band B: Zdravko Čolić (public), Tajni gost (private). */
async function seedPerformers() {
  return {
    ownPublic: await addPerformer({ title: 'Đorđe Balašević', visible: '1' }),
    ownPrivate: await addPerformer({ title: 'Bajaga' }),
    otherPublic: await addPerformer({ title: 'Zdravko Čolić', visible: '1' }, 'outsider'),
    otherPrivate: await addPerformer({ title: 'Tajni gost' }, 'outsider'),
  };
}

async function listPerformers(who: Who, query = '?pg=0') {
  const response = await call(t.app, 'GET', `/api/admin/performers${query}`, { token: token(who) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { data: Performer[]; total: number };
}

const namesOf = (items: { naziv: string }[]) => items.map((item) => item.naziv).sort();

const getPerformer = (id: number, who: Who = 'owner') =>
  call(t.app, 'GET', `/api/admin/performer/${id}`, { token: token(who) });

async function performerCount() {
  const row = await t.app.db
    .selectFrom('performers')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

// ---------------------------------------------------------------------------------------------

describe('GET /api/admin/performers?pg=…', () => {
  let seeded: Awaited<ReturnType<typeof seedPerformers>>;
  beforeEach(async () => {
    seeded = await seedPerformers();
  });

  it('answers 401 {login: true} without a token', async () => {
    const response = await call(t.app, 'GET', '/api/admin/performers?pg=0');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ login: true, message: expect.any(String) });
  });

  it('filters by ownership (os or o): 1 own + public, 2 mine (default), 3 others’ public', async () => {
    const own = ['Bajaga', 'Đorđe Balašević'];
    const bandB = ['Tajni gost', 'Zdravko Čolić'];
    const expected: Record<Exclude<Who, 'bandless'>, Record<1 | 2 | 3, string[]>> = {
      owner: { 1: [...own, 'Zdravko Čolić'], 2: own, 3: ['Zdravko Čolić'] },
      viewer: { 1: [...own, 'Zdravko Čolić'], 2: own, 3: ['Zdravko Čolić'] },
      outsider: { 1: [...bandB, 'Đorđe Balašević'], 2: bandB, 3: ['Đorđe Balašević'] },
      admin: { 1: [...own, ...bandB], 2: [...own, ...bandB], 3: [...own, ...bandB] },
    };
    for (const [who, byFilter] of Object.entries(expected) as [Who, Record<1 | 2 | 3, string[]>][]) {
      for (const value of [1, 2, 3] as const) {
        for (const name of ['os', 'o']) {
          const body = await listPerformers(who, `?pg=0&${name}=${value}`);
          expect(namesOf(body.data), `${who} ${name}=${value}`).toEqual([...byFilter[value]].sort());
          expect(body.total, `${who} ${name}=${value}`).toBe(byFilter[value].length);
        }
      }
      expect(namesOf((await listPerformers(who)).data), `${who} default`).toEqual([...byFilter[2]].sort());
    }
    expect(namesOf((await listPerformers('bandless', '?pg=0&os=2')).data)).toEqual([]);
    expect(namesOf((await listPerformers('bandless', '?pg=0&os=1')).data)).toEqual([
      'Zdravko Čolić',
      'Đorđe Balašević',
    ]);
  });

  it('answers rows of id, naziv, slika, owned and visibility, with real booleans', async () => {
    const owner = await listPerformers('owner', '?pg=0&os=1');
    expect(owner.data.find((row) => row.id === seeded.ownPrivate)).toEqual({
      id: seeded.ownPrivate,
      naziv: 'Bajaga',
      slika: null,
      owned: true,
      visibility: false,
    });
    const flags = (rows: Performer[]) =>
      Object.fromEntries(rows.map((row) => [row.naziv, [row.owned, row.visibility]]));
    expect(flags(owner.data)).toEqual({
      Bajaga: [true, false],
      'Đorđe Balašević': [true, true],
      'Zdravko Čolić': [false, true],
    });
    expect(flags((await listPerformers('outsider', '?pg=0&os=1')).data)).toEqual({
      'Tajni gost': [true, false],
      'Zdravko Čolić': [true, true],
      'Đorđe Balašević': [false, true],
    });
    for (const row of (await listPerformers('admin', '?pg=0&os=1')).data) expect(row.owned).toBe(true);
  });

  it('searches names case- and diacritic-insensitively', async () => {
    const cases: [string, Who, number, string[]][] = [
      ['dj', 'owner', 1, ['Đorđe Balašević']],
      ['DJORDJE', 'owner', 1, ['Đorđe Balašević']],
      ['Đorđe', 'owner', 1, ['Đorđe Balašević']],
      ['balasevic', 'owner', 1, ['Đorđe Balašević']],
      ['COLIC', 'owner', 1, ['Zdravko Čolić']],
      ['čolić', 'owner', 2, []],
      ['tajni', 'owner', 1, []],
      ['tajni', 'outsider', 2, ['Tajni gost']],
      ['%', 'owner', 1, []],
      ['_', 'owner', 1, []],
    ];
    for (const [q, who, os, names] of cases) {
      const body = await listPerformers(who, `?pg=0&os=${os}&q=${encodeURIComponent(q)}`);
      expect(namesOf(body.data), `${who} q=${q}`).toEqual([...names].sort());
      expect(body.total, `${who} q=${q}`).toBe(names.length);
    }
  });

  it('refuses bad query values with 422 {message, errors}', async () => {
    for (const [query, field] of [
      ['pg=0&os=7', 'os'],
      ['pg=0&o=7', 'o'],
      ['pg=-1', 'pg'],
      ['pg=abc', 'pg'],
    ]) {
      const response = await call(t.app, 'GET', `/api/admin/performers?${query}`, { token: token('owner') });
      expect(response.statusCode, query).toBe(422);
      expect(response.json(), query).toMatchObject({
        message: expect.any(String),
        errors: { [field]: [expect.any(String)] },
      });
    }
  });
});

describe('paging', () => {
  it(`pages by ${PAGE_SIZE} from pg=0; total counts every match`, async () => {
    for (let i = 1; i <= 25; i++) await addPerformer({ title: `Izvođač ${String(i).padStart(2, '0')}` });
    const first = await listPerformers('owner', '?pg=0');
    const second = await listPerformers('owner', '?pg=1');
    expect(first.data).toHaveLength(PAGE_SIZE);
    expect(second.data).toHaveLength(25 - PAGE_SIZE);
    expect([first.total, second.total]).toEqual([25, 25]);
    expect(new Set([...first.data, ...second.data].map((row) => row.id)).size).toBe(25);
    expect((await listPerformers('owner', '?pg=2')).data).toEqual([]);

    const searched = await listPerformers('owner', `?pg=0&q=${encodeURIComponent('izvodjac 2')}`);
    expect(searched.total).toBe(6);
    expect(namesOf(searched.data)).toEqual(['20', '21', '22', '23', '24', '25'].map((n) => `Izvođač ${n}`));
  });
});

describe('GET /api/admin/performers without pg (the song form’s select)', () => {
  it('answers a plain array of {id, naziv}: own performers and other bands’ public ones', async () => {
    const ids = await seedPerformers();
    const response = await call(t.app, 'GET', '/api/admin/performers', { token: token('owner') });
    expect(response.statusCode).toBe(200);
    const options = response.json() as { id: number; naziv: string }[];
    expect(Array.isArray(options)).toBe(true);
    for (const option of options) expect(Object.keys(option).sort()).toEqual(['id', 'naziv']);
    expect(options).toEqual(
      expect.arrayContaining([
        { id: ids.ownPublic, naziv: 'Đorđe Balašević' },
        { id: ids.ownPrivate, naziv: 'Bajaga' },
        { id: ids.otherPublic, naziv: 'Zdravko Čolić' },
      ]),
    );
    expect(options).toHaveLength(3);

    const names = async (who: Who, query = '') => {
      const answer = await call(t.app, 'GET', `/api/admin/performers${query}`, { token: token(who) });
      expect(answer.statusCode).toBe(200);
      return namesOf(answer.json());
    };
    expect(await names('viewer')).toEqual(namesOf(options));
    expect(await names('outsider')).toEqual(['Tajni gost', 'Zdravko Čolić', 'Đorđe Balašević']);
    expect(await names('bandless')).toEqual(['Zdravko Čolić', 'Đorđe Balašević']);
    expect(await names('admin')).toHaveLength(4);
    expect(await names('owner', '?q=dj')).toEqual(['Đorđe Balašević']);

    const anonymous = await call(t.app, 'GET', '/api/admin/performers');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().login).toBe(true);
  });
});

describe('GET /api/admin/performer/{id}', () => {
  it('answers id, naziv, slika (an /uploads/ URL), owned and visibility', async () => {
    const id = await addPerformer({
      title: 'Đorđe Balašević',
      visible: '1',
      picture: upload(png(), 'djordje.png', 'image/png'),
    });
    const response = await getPerformer(id);
    expect(response.statusCode).toBe(200);
    const performer = response.json() as Performer;
    expect(performer).toEqual({
      id,
      naziv: 'Đorđe Balašević',
      slika: expect.stringMatching(UPLOAD_URL),
      owned: true,
      visibility: true,
      // Issue 28: not saved since it was added.
      version: 1,
      updated_at: null,
      updated_by: null,
    });
    const picture = await fetchUpload(t.app, performer.slika!);
    expect(picture.headers['content-type']).toBe('image/png');
    expect(picture.rawPayload.equals(png())).toBe(true);
  });

  it('lets the owning band read it, other bands only when public; admin owns everything', async () => {
    const ids = await seedPerformers();
    const read = async (id: number, who: Who) => {
      const response = await getPerformer(id, who);
      return response.statusCode === 200 ? { owned: response.json().owned } : response.statusCode;
    };
    expect(await read(ids.ownPrivate, 'owner')).toEqual({ owned: true });
    expect(await read(ids.ownPrivate, 'viewer')).toEqual({ owned: true });
    expect(await read(ids.ownPrivate, 'admin')).toEqual({ owned: true });
    expect(await read(ids.ownPrivate, 'outsider')).toBe(404);
    expect(await read(ids.ownPublic, 'outsider')).toEqual({ owned: false });
    expect(await read(999_999, 'owner')).toBe(404);
    expect((await call(t.app, 'GET', `/api/admin/performer/${ids.ownPublic}`)).statusCode).toBe(401);
  });
});

describe('POST /api/admin/addperformer', () => {
  it('answers {id}; the performer belongs to the caller’s band and is private by default', async () => {
    const response = await postForm(
      t.app,
      '/api/admin/addperformer',
      { title: ' Bajaga ' },
      { token: token('owner') },
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ id: expect.any(Number) });
    const { id } = response.json();
    expect((await getPerformer(id)).json()).toEqual({
      id,
      naziv: 'Bajaga',
      slika: null,
      owned: true,
      visibility: false,
      version: 1,
      updated_at: null,
      updated_by: null,
    });
    const row = await t.app.db
      .selectFrom('performers')
      .select('band_id')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.band_id).toBe(people.bandA);
    expect((await getPerformer(id, 'outsider')).statusCode).toBe(404);
  });

  it('validates with 422 {message, errors} and stores nothing', async () => {
    const cases: [string, Fields, string[]][] = [
      ['nothing', {}, ['title']],
      ['blank title', { title: '  ' }, ['title']],
      ['title of 201 characters', { title: 'x'.repeat(201) }, ['title']],
      ['visible not a boolean', { title: 'A', visible: 'sometimes' }, ['visible']],
      [
        'text named picture.png',
        { title: 'A', picture: upload(text(), 'picture.png', 'image/png') },
        ['picture'],
      ],
      ['PDF as picture', { title: 'A', picture: upload(pdf(), 'picture.jpg', 'image/jpeg') }, ['picture']],
    ];
    for (const [label, fields, errorFields] of cases) {
      const response = await postForm(t.app, '/api/admin/addperformer', fields, { token: token('owner') });
      expect(response.statusCode, label).toBe(422);
      expectInvalid(response, errorFields);
    }
    expect(await performerCount()).toBe(0);
    const ok = await postForm(
      t.app,
      '/api/admin/addperformer',
      { title: 'x'.repeat(200) },
      { token: token('owner') },
    );
    expect(ok.statusCode).toBe(200);
  });

  it('answers 422 to a user without a band, 403 to a viewer and 401 without a token', async () => {
    for (const who of ['bandless', 'admin'] as const) {
      const response = await postForm(
        t.app,
        '/api/admin/addperformer',
        { title: 'A' },
        { token: token(who) },
      );
      expectInvalid(response, ['band']);
    }
    const viewer = await postForm(
      t.app,
      '/api/admin/addperformer',
      { title: 'A' },
      { token: token('viewer') },
    );
    expect(viewer.statusCode).toBe(403);
    expect(viewer.json()).toMatchObject({ message: expect.any(String) });
    const anonymous = await postForm(t.app, '/api/admin/addperformer', { title: 'A' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ login: true, message: expect.any(String) });
    expect(await performerCount()).toBe(0);
  });
});

describe('POST /api/admin/performer/{id}/update', () => {
  let id: number;
  let original: Performer;
  beforeEach(async () => {
    id = await addPerformer({
      title: 'Bajaga',
      visible: '1',
      picture: upload(png([1, 1, 1]), 'old.png', 'image/png'),
    });
    original = (await getPerformer(id)).json();
  });

  const update = (fields: Fields, who: Who = 'owner', performerId = id) =>
    postForm(t.app, `/api/admin/performer/${performerId}/update`, fields, { token: token(who) });

  it('answers the updated performer, which a later read agrees with', async () => {
    const response = await update({ title: 'Đorđe Balašević', visible: '0' });
    expect(response.statusCode, response.body).toBe(200);
    const expected = {
      id,
      naziv: 'Đorđe Balašević',
      slika: original.slika,
      owned: true,
      visibility: false,
      // Issue 28: saved once more, by the band's admin.
      version: original.version + 1,
      updated_at: expect.any(String),
      updated_by: 'owner',
    };
    expect(response.json()).toEqual(expected);
    expect((await getPerformer(id)).json()).toEqual(expected);
    expect(namesOf((await listPerformers('owner', '?pg=0&q=djordje')).data)).toEqual(['Đorđe Balašević']);
    expect((await listPerformers('owner', '?pg=0&q=bajaga')).total).toBe(0);
    expect((await getPerformer(id, 'outsider')).statusCode).toBe(404);
  });

  it('renames the performer on its songs, and song search follows the new name', async () => {
    const song = await addSong('Jugoslovenka', id);
    await update({ title: 'Đorđe', visible: '1' });
    const found = await call(t.app, 'GET', '/api/admin/songs?q=DJORDJE', { token: token('owner') });
    expect(found.json().data).toEqual([expect.objectContaining({ id: song, nazivizvodjaca: 'Đorđe' })]);
    const old = await call(t.app, 'GET', '/api/admin/songs?q=bajaga', { token: token('owner') });
    expect(old.json().total).toBe(0);
  });

  it('replacing the picture removes the old file; sending none keeps it', async () => {
    const kept = await update({ title: 'Bajaga', visible: '1' });
    expect(kept.json().slika).toBe(original.slika);
    expect((await fetchUpload(t.app, original.slika!)).statusCode).toBe(200);

    const replaced = await update({
      title: 'Bajaga',
      picture: upload(png([2, 2, 2]), 'new.png', 'image/png'),
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    const slika = replaced.json().slika as string;
    expect(slika).toMatch(UPLOAD_URL);
    expect(slika).not.toBe(original.slika);
    expect((await fetchUpload(t.app, original.slika!)).statusCode).toBe(404);
    expect((await fetchUpload(t.app, slika)).rawPayload.equals(png([2, 2, 2]))).toBe(true);

    const removed = await update({ title: 'Bajaga', remove_picture: '1' });
    expect(removed.json().slika).toBeNull();
    expect((await fetchUpload(t.app, slika)).statusCode).toBe(404);
  });

  it('validates like add and changes nothing when invalid', async () => {
    expectInvalid(await update({ title: '' }), ['title']);
    expectInvalid(await update({ title: 'x'.repeat(201) }), ['title']);
    expectInvalid(await update({ title: 'A', picture: upload(text(), 'picture.png', 'image/png') }), [
      'picture',
    ]);
    expect((await getPerformer(id)).json()).toEqual(original);
    expect((await fetchUpload(t.app, original.slika!)).statusCode).toBe(200);
  });

  it('lets only the owning band (and the admin) change it', async () => {
    const anonymous = await postForm(t.app, `/api/admin/performer/${id}/update`, { title: 'X' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().login).toBe(true);
    expect((await update({ title: 'X', visible: '1' }, 'viewer')).statusCode).toBe(403);
    const outsider = await update({ title: 'X', visible: '1' }, 'outsider');
    expect(outsider.statusCode).toBe(403);
    expect(outsider.json()).toMatchObject({ message: expect.any(String) });
    expect((await getPerformer(id)).json()).toEqual(original);

    const admin = await update({ title: 'X', visible: '1' }, 'admin');
    expect(admin.statusCode, admin.body).toBe(200);
    expect(admin.json()).toMatchObject({ naziv: 'X', owned: true });
  });

  it('answers 404 to another band for a private performer, and for one that does not exist', async () => {
    await update({ title: 'Bajaga', visible: '0' });
    expect((await update({ title: 'X' }, 'outsider')).statusCode).toBe(404);
    expect((await update({ title: 'X' }, 'owner', 999_999)).statusCode).toBe(404);
    expect((await getPerformer(id)).json().naziv).toBe('Bajaga');
  });
});

describe('/api/admin/performer/{id}/delete', () => {
  for (const method of ['GET', 'POST'] as const) {
    it(`${method} answers affected_songs and deleted_performer; the songs stay, with no performer`, async () => {
      const id = await addPerformer({
        title: 'Đorđe Balašević',
        visible: '1',
        picture: upload(png(), 'djordje.png', 'image/png'),
      });
      const slika = (await getPerformer(id)).json().slika as string;
      const ownSongs = [await addSong('Ćevapi na žaru', id), await addSong('Ne lomite mi bagrenje', id)];
      // band B used the public performer too
      const otherSong = await addSong('Tuđa pesma', id, 'outsider');
      const untouched = await addSong('Jugoslovenka', await addPerformer({ title: 'Bajaga' }));

      const response = await call(t.app, method, `/api/admin/performer/${id}/delete`, {
        token: token('owner'),
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({
        error: false,
        affected_songs: 3,
        deleted_performer: { id, naziv: 'Đorđe Balašević', slika },
      });

      expect((await getPerformer(id)).statusCode).toBe(404);
      // Kept while the performer may be restored (issue 28; trash.test.ts checks its purge).
      expect((await fetchUpload(t.app, slika)).statusCode).toBe(200);
      for (const [song, who] of [
        ...ownSongs.map((s) => [s, 'owner'] as const),
        [otherSong, 'outsider'] as const,
      ]) {
        const answer = await call(t.app, 'GET', `/api/admin/song/${song}`, { token: token(who) });
        expect(answer.statusCode).toBe(200);
        expect(answer.json()).toMatchObject({ idizvodjaca: null, nazivizvodjaca: null });
      }
      const kept = await call(t.app, 'GET', `/api/admin/song/${untouched}`, { token: token('owner') });
      expect(kept.json().nazivizvodjaca).toBe('Bajaga');
    });
  }

  it('answers affected_songs 0 and slika null for a performer without songs or picture', async () => {
    const id = await addPerformer({ title: 'Bajaga' });
    const response = await call(t.app, 'GET', `/api/admin/performer/${id}/delete`, { token: token('owner') });
    expect(response.json()).toMatchObject({
      affected_songs: 0,
      deleted_performer: { id, naziv: 'Bajaga', slika: null },
    });
  });

  it('lets only the owning band (and the admin) delete it', async () => {
    const ids = await seedPerformers();
    const url = (id: number) => `/api/admin/performer/${id}/delete`;
    const anonymous = await call(t.app, 'GET', url(ids.ownPublic));
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().login).toBe(true);
    expect((await call(t.app, 'GET', url(ids.ownPublic), { token: token('viewer') })).statusCode).toBe(403);
    const outsider = await call(t.app, 'GET', url(ids.ownPublic), { token: token('outsider') });
    expect(outsider.statusCode).toBe(403);
    expect(outsider.json()).toMatchObject({ message: expect.any(String) });
    expect((await call(t.app, 'POST', url(ids.ownPublic), { token: token('outsider') })).statusCode).toBe(
      403,
    );
    expect((await call(t.app, 'GET', url(ids.ownPrivate), { token: token('outsider') })).statusCode).toBe(
      404,
    );
    expect((await call(t.app, 'GET', url(999_999), { token: token('owner') })).statusCode).toBe(404);
    expect(await performerCount()).toBe(4);

    const admin = await call(t.app, 'GET', url(ids.otherPrivate), { token: token('admin') });
    expect(admin.statusCode).toBe(200);
    expect(await performerCount()).toBe(3);
  });
});
