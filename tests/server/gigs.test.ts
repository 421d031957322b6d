import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.js';
import { PAGE_SIZE } from '../../src/shared/constants.js';
import { buildTestApp, call, type TestApp } from './helpers.js';
import {
  expectInvalid,
  fetchUpload,
  type Fields,
  png,
  postForm,
  seedPeople,
  text,
  upload,
  type People,
  type Who,
} from './fixtures.js';
import { type Catalogue, catalogue, type Gig } from './fixtures-gigs.js';

/** buildTestApp leaves PUBLIC_URL unset, so the app links to loadConfig's default. */
const PUBLIC_URL = loadConfig({}).publicUrl;
const UPLOAD_URL = /^\/uploads\/[\w-]+\.[a-z0-9]+$/;
const TOKEN = /^[A-Za-z0-9_-]{22,}$/;

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

/** Band A: a private playlist; band B: a public and a private one. */
async function seedPlaylists() {
  return {
    own: await c.addPlaylist('Subotnje veče'),
    otherPublic: await c.addPlaylist('Svadba', { visible: true, who: 'outsider' }),
    otherPrivate: await c.addPlaylist('Tajni spisak', { who: 'outsider' }),
  };
}

/** The fields of a valid gig form, as the panel sends them. */
const gigForm = (playlist: number, overrides: Fields = {}): Fields => ({
  title: 'Svadba Petrović',
  lokacija: 'Hotel Šumadija, Kragujevac',
  status: '1',
  razmakpesme: '3',
  razmakvreme: '10',
  starttime: '2026-06-13T20:00',
  playlista: String(playlist),
  ...overrides,
});

const addGigForm = (fields: Fields, who: Who = 'owner') =>
  postForm(t.app, '/api/admin/addgig', fields, { token: token(who) });

const updateGig = (id: number, fields: Fields, who: Who = 'owner') =>
  postForm(t.app, `/api/admin/gig/${id}/update`, fields, { token: token(who) });

async function listGigs(who: Who, query = '') {
  const response = await call(t.app, 'GET', `/api/admin/gigs${query}`, { token: token(who) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    data: { id: number; naziv: string; lokacija: string; pocetak: string; slika: string | null }[];
    total: number;
  };
}

const namesOf = (body: { data: { naziv: string }[] }) => body.data.map((row) => row.naziv).sort();

/** Reads the QR code in a PNG. */
function decodeQr(image: Buffer) {
  const { width, height, data } = PNG.sync.read(image);
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), width, height)?.data;
}

// ---------------------------------------------------------------------------------------------

describe('GET /api/admin/gigs', () => {
  let gigs: { wedding: number; fair: number; other: number };
  beforeEach(async () => {
    const playlists = await seedPlaylists();
    gigs = {
      wedding: await c.addGig(gigForm(playlists.own)),
      fair: await c.addGig(
        gigForm(playlists.own, {
          title: 'Đurđevdanski sabor',
          lokacija: 'Trg, Čačak',
          status: '0',
          starttime: '2026-05-06T18:30',
        }),
      ),
      other: await c.addGig(
        gigForm(playlists.otherPublic, { title: 'Matura', lokacija: 'Novi Sad' }),
        'outsider',
      ),
    };
  });

  it('answers 401 {login: true} without a token', async () => {
    const response = await call(t.app, 'GET', '/api/admin/gigs');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ login: true, message: expect.any(String) });
  });

  it('lists the caller’s band’s gigs only; a system admin sees all', async () => {
    const own = ['Svadba Petrović', 'Đurđevdanski sabor'];
    const cases: [Who, string[]][] = [
      ['owner', own],
      ['viewer', own],
      ['outsider', ['Matura']],
      ['bandless', []],
      ['admin', [...own, 'Matura']],
    ];
    for (const [who, names] of cases) {
      const body = await listGigs(who, '?pg=0');
      expect(namesOf(body), who).toEqual([...names].sort());
      expect(body.total, who).toBe(names.length);
      expect(namesOf(await listGigs(who)), `${who} without a query`).toEqual([...names].sort());
    }
  });

  it('answers rows with id, naziv, lokacija, pocetak, slika, status and the live-queue token', async () => {
    const body = await listGigs('owner', '?pg=0');
    const byId = Object.fromEntries(body.data.map((row) => [row.id, row]));
    expect(byId[gigs.wedding]).toEqual({
      id: gigs.wedding,
      naziv: 'Svadba Petrović',
      lokacija: 'Hotel Šumadija, Kragujevac',
      pocetak: '2026-06-13T20:00',
      slika: null,
      status: true,
      token: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/),
    });
    expect(byId[gigs.fair]).toMatchObject({ naziv: 'Đurđevdanski sabor', status: false });
  });

  it('searches name or location case- and diacritic-insensitively, within the caller’s gigs', async () => {
    const cases: [string, Who, string[]][] = [
      ['petrovic', 'owner', ['Svadba Petrović']],
      ['SVADBA', 'owner', ['Svadba Petrović']],
      ['sumadij', 'owner', ['Svadba Petrović']],
      ['kragujevac', 'owner', ['Svadba Petrović']],
      ['djurdjevdan', 'owner', ['Đurđevdanski sabor']],
      ['ĐURĐEVDANSKI', 'owner', ['Đurđevdanski sabor']],
      ['cacak', 'owner', ['Đurđevdanski sabor']],
      ['trg', 'viewer', ['Đurđevdanski sabor']],
      ['novi sad', 'owner', []],
      ['novi sad', 'outsider', ['Matura']],
      ['petrovic', 'outsider', []],
      ['novi sad', 'admin', ['Matura']],
      ['%', 'owner', []],
      ['  ', 'owner', ['Svadba Petrović', 'Đurđevdanski sabor']],
    ];
    for (const [q, who, names] of cases) {
      const body = await listGigs(who, `?pg=0&q=${encodeURIComponent(q)}`);
      expect(namesOf(body), `${who} q=${q}`).toEqual([...names].sort());
      expect(body.total, `${who} q=${q}`).toBe(names.length);
    }
  });

  it('shows changes at once: a new gig, a rename, a delete', async () => {
    const names = async () => namesOf(await listGigs('owner', '?pg=0'));
    expect(await names()).toEqual(['Svadba Petrović', 'Đurđevdanski sabor']);
    const playlist = (await c.readGig(gigs.wedding)).playlista!;
    const added = await c.addGig(gigForm(playlist, { title: 'Matine' }));
    expect(await names()).toEqual(['Matine', 'Svadba Petrović', 'Đurđevdanski sabor']);
    expect((await updateGig(added, gigForm(playlist, { title: 'Koncert' }))).statusCode).toBe(200);
    expect(await names()).toEqual(['Koncert', 'Svadba Petrović', 'Đurđevdanski sabor']);
    await call(t.app, 'GET', `/api/admin/gig/${gigs.wedding}/delete`, { token: token('owner') });
    expect(await names()).toEqual(['Koncert', 'Đurđevdanski sabor']);
    expect((await listGigs('owner', '?pg=0')).total).toBe(2);
  });

  it('searches the new name and location after an update', async () => {
    const form = gigForm((await c.readGig(gigs.wedding)).playlista!, {
      title: 'Krštenje',
      lokacija: 'Restoran Đeram, Zemun',
    });
    expect((await updateGig(gigs.wedding, form)).statusCode).toBe(200);
    expect(namesOf(await listGigs('owner', '?q=djeram'))).toEqual(['Krštenje']);
    expect(namesOf(await listGigs('owner', '?q=krstenje'))).toEqual(['Krštenje']);
    expect(namesOf(await listGigs('owner', '?q=sumadija'))).toEqual([]);
    expect(namesOf(await listGigs('owner', '?q=petrovic'))).toEqual([]);
  });

  it('refuses bad query values with 422', async () => {
    for (const [query, field] of [
      ['pg=-1', 'pg'],
      ['pg=x', 'pg'],
      [`q=${'a'.repeat(201)}`, 'q'],
    ]) {
      const response = await call(t.app, 'GET', `/api/admin/gigs?${query}`, { token: token('owner') });
      expect(response.statusCode, query).toBe(422);
      expect(Object.keys(response.json().errors), query).toEqual([field]);
    }
  });
});

describe('paging', () => {
  it(`pages by ${PAGE_SIZE} from pg=0; total counts every match`, async () => {
    const playlist = await c.addPlaylist('Lista');
    for (let i = 1; i <= 25; i++) {
      const day = String(i).padStart(2, '0');
      await c.addGig(gigForm(playlist, { title: `Svirka ${day}`, starttime: `2026-07-${day}T21:00` }));
    }
    await c.addGig(gigForm(await c.addPlaylist('Tuđa', { who: 'outsider' }), { title: 'Tuđa' }), 'outsider');

    const pages = [
      await listGigs('owner', '?pg=0'),
      await listGigs('owner', '?pg=1'),
      await listGigs('owner', '?pg=2'),
    ];
    expect(pages.map((page) => page.data.length)).toEqual([PAGE_SIZE, 25 - PAGE_SIZE, 0]);
    expect(pages.map((page) => page.total)).toEqual([25, 25, 25]);
    const names = pages.flatMap((page) => page.data.map((row) => row.naziv));
    expect(new Set(names).size).toBe(25);
    expect(names.every((name) => /^Svirka \d\d$/.test(name))).toBe(true);

    const searched = await listGigs('owner', `?pg=0&q=${encodeURIComponent('SVIRKA 1')}`);
    expect(searched.total).toBe(10);
    expect(namesOf(searched)).toEqual(Array.from({ length: 10 }, (_, i) => `Svirka 1${i}`));

    const admin = await listGigs('admin', '?pg=1');
    expect(admin.total).toBe(26);
    expect(admin.data).toHaveLength(26 - PAGE_SIZE);
  });
});

describe('GET /api/admin/gig/{id}', () => {
  it('answers the gig fields with its token, band URL and public URL', async () => {
    const { own } = await seedPlaylists();
    const id = await c.addGig(gigForm(own, { picture: upload(png(), 'poster.png', 'image/png') }));
    const response = await c.getGig(id);
    expect(response.statusCode).toBe(200);
    const gig = response.json() as Gig;
    expect(gig).toEqual({
      id,
      naziv: 'Svadba Petrović',
      lokacija: 'Hotel Šumadija, Kragujevac',
      pocetak: '2026-06-13T20:00',
      slika: expect.stringMatching(UPLOAD_URL),
      status: true,
      razmakpesme: 3,
      razmakvreme: 10,
      artist_spacing: 0,
      minutes_per_song: 4,
      playlista: own,
      allow_messages: false,
      token: expect.stringMatching(TOKEN),
      band_url: `${PUBLIC_URL}/band/${gig.token}`,
      public_url: `${PUBLIC_URL}/g/${gig.token}`,
      screen_url: `${PUBLIC_URL}/screen/${gig.token}`,
      owned: true,
      // Issue 28: not saved since it was added.
      version: 1,
      updated_at: null,
      updated_by: null,
    });
    expect(PUBLIC_URL).toMatch(/^https?:\/\/[^/]+$/);
    const row = await t.app.db
      .selectFrom('gigs')
      .select(['token', 'band_id'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ token: gig.token, band_id: people.bandA });
    const picture = await fetchUpload(t.app, gig.slika!);
    expect(picture.statusCode).toBe(200);
    expect(picture.rawPayload.equals(png())).toBe(true);
  });

  it('lets the owning band and the admin read it; another band gets 404', async () => {
    const { own } = await seedPlaylists();
    const id = await c.addGig(gigForm(own));
    const read = async (who: Who) => {
      const response = await c.getGig(id, who);
      return response.statusCode === 200 ? { owned: response.json().owned } : response.statusCode;
    };
    expect(await read('owner')).toEqual({ owned: true });
    expect(await read('viewer')).toEqual({ owned: true });
    expect(await read('admin')).toEqual({ owned: true });
    expect(await read('outsider')).toBe(404);
    expect(await read('bandless')).toBe(404);
    expect((await c.getGig(id, 'outsider')).json()).toMatchObject({ message: expect.any(String) });
    const anonymous = await call(t.app, 'GET', `/api/admin/gig/${id}`);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ login: true, message: expect.any(String) });
  });

  it('answers 404 for a gig that does not exist and 422 for an id that is not one', async () => {
    expect((await c.getGig(999_999)).statusCode).toBe(404);
    const bad = await call(t.app, 'GET', '/api/admin/gig/abc', { token: token('owner') });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toHaveProperty('id');
  });
});

describe('POST /api/admin/addgig', () => {
  let playlists: Awaited<ReturnType<typeof seedPlaylists>>;
  beforeEach(async () => {
    playlists = await seedPlaylists();
  });

  it('answers {id} of a new gig of the caller’s band', async () => {
    const response = await addGigForm(gigForm(playlists.own, { title: '  Svadba  ', lokacija: ' Beograd ' }));
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toEqual({ id: expect.any(Number) });
    expect(await c.readGig(body.id)).toMatchObject({
      naziv: 'Svadba',
      lokacija: 'Beograd',
      pocetak: '2026-06-13T20:00',
      status: true,
      razmakpesme: 3,
      razmakvreme: 10,
      playlista: playlists.own,
      slika: null,
    });
    const outsider = await c.addGig(gigForm(playlists.otherPrivate), 'outsider');
    expect((await c.readGig(outsider, 'outsider')).owned).toBe(true);
    expect((await c.getGig(outsider, 'owner')).statusCode).toBe(404);
  });

  it('is inactive unless status is on', async () => {
    const statusOf = async (status: string | undefined) =>
      (await c.readGig(await c.addGig(gigForm(playlists.own, { status })))).status;
    expect(await statusOf(undefined)).toBe(false);
    expect(await statusOf('0')).toBe(false);
    expect(await statusOf('false')).toBe(false);
    expect(await statusOf('1')).toBe(true);
    expect(await statusOf('true')).toBe(true);
  });

  it('accepts the minimum spacing, 1 song and 2 minutes', async () => {
    const id = await c.addGig(gigForm(playlists.own, { razmakpesme: '1', razmakvreme: '2' }));
    expect(await c.readGig(id)).toMatchObject({ razmakpesme: 1, razmakvreme: 2 });
  });

  it('accepts the start time as browsers send it, with seconds or a space', async () => {
    for (const starttime of [
      '2026-06-13T20:00',
      '2026-06-13T20:00:00',
      '2026-06-13 20:00',
      ' 2026-06-13T20:00 ',
    ]) {
      const id = await c.addGig(gigForm(playlists.own, { starttime }));
      expect((await c.readGig(id)).pocetak, starttime).toBe('2026-06-13T20:00');
    }
    const leap = await c.addGig(gigForm(playlists.own, { starttime: '2028-02-29T23:59' }));
    expect((await c.readGig(leap)).pocetak).toBe('2028-02-29T23:59');
  });

  it('accepts another band’s public playlist', async () => {
    const id = await c.addGig(gigForm(playlists.otherPublic));
    expect((await c.readGig(id)).playlista).toBe(playlists.otherPublic);
  });

  it('refuses invalid input with 422 naming the fields, and creates nothing', async () => {
    const ok = gigForm(playlists.own);
    const cases: [string, Fields, string[]][] = [
      ['nothing', {}, ['title', 'lokacija', 'starttime', 'playlista', 'razmakpesme', 'razmakvreme']],
      [
        'blanks',
        { title: ' ', lokacija: ' ', starttime: ' ', playlista: ' ', razmakpesme: ' ', razmakvreme: ' ' },
        ['title', 'lokacija', 'starttime', 'playlista', 'razmakpesme', 'razmakvreme'],
      ],
      ['no title', { ...ok, title: undefined }, ['title']],
      ['no location', { ...ok, lokacija: undefined }, ['lokacija']],
      ['no start time', { ...ok, starttime: undefined }, ['starttime']],
      ['no playlist', { ...ok, playlista: undefined }, ['playlista']],
      ['no song spacing', { ...ok, razmakpesme: undefined }, ['razmakpesme']],
      ['no minute spacing', { ...ok, razmakvreme: undefined }, ['razmakvreme']],
      ['title too long', { ...ok, title: 'a'.repeat(201) }, ['title']],
      ['location too long', { ...ok, lokacija: 'a'.repeat(201) }, ['lokacija']],
      ['0 songs between', { ...ok, razmakpesme: '0' }, ['razmakpesme']],
      ['negative songs between', { ...ok, razmakpesme: '-1' }, ['razmakpesme']],
      ['fractional songs between', { ...ok, razmakpesme: '1.5' }, ['razmakpesme']],
      ['songs between not a number', { ...ok, razmakpesme: 'abc' }, ['razmakpesme']],
      ['1 minute between', { ...ok, razmakvreme: '1' }, ['razmakvreme']],
      ['0 minutes between', { ...ok, razmakvreme: '0' }, ['razmakvreme']],
      ['minutes between not a number', { ...ok, razmakvreme: 'x' }, ['razmakvreme']],
      ['month 13', { ...ok, starttime: '2026-13-01T10:00' }, ['starttime']],
      ['a word', { ...ok, starttime: 'tomorrow' }, ['starttime']],
      ['30 February', { ...ok, starttime: '2026-02-30T10:00' }, ['starttime']],
      ['hour 24', { ...ok, starttime: '2026-06-13T24:00' }, ['starttime']],
      ['minute 60', { ...ok, starttime: '2026-06-13T20:60' }, ['starttime']],
      ['a date without time', { ...ok, starttime: '2026-06-13' }, ['starttime']],
      ['unknown playlist', { ...ok, playlista: '999999' }, ['playlista']],
      [
        'another band’s private playlist',
        { ...ok, playlista: String(playlists.otherPrivate) },
        ['playlista'],
      ],
      ['playlist not a number', { ...ok, playlista: 'abc' }, ['playlista']],
      ['playlist 0', { ...ok, playlista: '0' }, ['playlista']],
      ['status not a boolean', { ...ok, status: 'maybe' }, ['status']],
      ['text as picture', { ...ok, picture: upload(text(), 'a.png', 'image/png') }, ['picture']],
      [
        'several at once',
        { ...ok, razmakpesme: '0', razmakvreme: '1', starttime: 'tomorrow' },
        ['razmakpesme', 'razmakvreme', 'starttime'],
      ],
    ];
    for (const [label, fields, errorFields] of cases) {
      const response = await addGigForm(fields);
      expect(response.statusCode, label).toBe(422);
      expectInvalid(response, errorFields);
    }
    expect(await c.count('gigs')).toBe(0);
  });

  it('says what is wrong in plain sentences', async () => {
    const errors = (await addGigForm({})).json().errors as Record<string, string[]>;
    expect(errors.title).toEqual(['The title field is required.']);
    for (const messages of Object.values(errors)) expect(messages[0]).toMatch(/required/);
    const minimums = (await addGigForm(gigForm(playlists.own, { razmakpesme: '0', razmakvreme: '1' }))).json()
      .errors;
    expect(minimums.razmakpesme[0]).toMatch(/\b1\b/);
    expect(minimums.razmakvreme[0]).toMatch(/\b2\b/);
  });

  it('refuses viewers (403), anonymous callers (401), users without a band (422) and calls without CSRF (419)', async () => {
    const fields = gigForm(playlists.otherPublic);
    const viewer = await addGigForm(fields, 'viewer');
    expect(viewer.statusCode).toBe(403);
    expect(viewer.json()).toMatchObject({ message: expect.any(String) });
    const anonymous = await postForm(t.app, '/api/admin/addgig', fields);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ login: true, message: expect.any(String) });
    for (const who of ['bandless', 'admin'] as const) expectInvalid(await addGigForm(fields, who), ['band']);
    const noCsrf = await postForm(t.app, '/api/admin/addgig', fields, { token: token('owner'), csrf: false });
    expect(noCsrf.statusCode).toBe(419);
    expect(await c.count('gigs')).toBe(0);
  });
});

describe('gig tokens', () => {
  it('are unique across many gigs, URL-safe and at least 128 bits', async () => {
    const playlist = await c.addPlaylist('Lista');
    const tokens: string[] = [];
    for (let i = 0; i < 40; i++) {
      const id = await c.addGig(gigForm(playlist, { title: `Svirka ${i}` }));
      tokens.push((await c.readGig(id)).token);
    }
    expect(new Set(tokens).size).toBe(tokens.length);
    for (const gigToken of tokens) {
      expect(gigToken).toMatch(TOKEN);
      expect(encodeURIComponent(gigToken)).toBe(gigToken);
      expect(Buffer.from(gigToken, 'base64url').length * 8).toBeGreaterThanOrEqual(128);
    }
    // random, not a counter: the leading characters differ, and the characters used spread over
    // the whole URL-safe alphabet (a random 64-letter text of this length uses nearly all of them)
    expect(new Set(tokens.map((gigToken) => gigToken.slice(0, 8))).size).toBe(tokens.length);
    expect(new Set(tokens.join('')).size).toBeGreaterThanOrEqual(48);
  });
});

describe('POST /api/admin/gig/{id}/update', () => {
  let playlists: Awaited<ReturnType<typeof seedPlaylists>>;
  let id: number;
  let original: Gig;
  beforeEach(async () => {
    playlists = await seedPlaylists();
    id = await c.addGig(gigForm(playlists.own, { picture: upload(png([1, 2, 3]), 'a.png', 'image/png') }));
    original = await c.readGig(id);
  });

  it('answers the updated gig with the same token, which a later read agrees with', async () => {
    const second = await c.addPlaylist('Druga');
    const response = await updateGig(id, {
      title: 'Krštenje',
      lokacija: 'Zemun',
      status: '0',
      razmakpesme: '1',
      razmakvreme: '2',
      starttime: '2026-09-01T19:30',
      playlista: String(second),
    });
    expect(response.statusCode, response.body).toBe(200);
    const expected: Gig = {
      ...original,
      naziv: 'Krštenje',
      lokacija: 'Zemun',
      status: false,
      razmakpesme: 1,
      razmakvreme: 2,
      pocetak: '2026-09-01T19:30',
      playlista: second,
      // Issue 28: saved once more, by the band's admin.
      version: original.version! + 1,
      updated_at: expect.any(String),
      updated_by: 'owner',
    };
    expect(response.json()).toEqual(expected);
    expect(await c.readGig(id)).toEqual(expected);
    expect(expected.token).toBe(original.token);
    expect(expected.public_url).toBe(`${PUBLIC_URL}/g/${original.token}`);
  });

  it('keeps the picture when none is sent, and replacing it removes the old file', async () => {
    const kept = await updateGig(id, gigForm(playlists.own));
    expect(kept.json().slika).toBe(original.slika);
    const replaced = await updateGig(
      id,
      gigForm(playlists.own, { picture: upload(png([9, 9, 9]), 'b.png', 'image/png') }),
    );
    const slika = (replaced.json() as Gig).slika!;
    expect(slika).toMatch(UPLOAD_URL);
    expect(slika).not.toBe(original.slika);
    expect((await fetchUpload(t.app, original.slika!)).statusCode).toBe(404);
    expect((await fetchUpload(t.app, slika)).rawPayload.equals(png([9, 9, 9]))).toBe(true);
  });

  it('validates like add and changes nothing when invalid', async () => {
    const cases: [Fields, string[]][] = [
      [gigForm(playlists.own, { title: '' }), ['title']],
      [gigForm(playlists.own, { razmakpesme: '0' }), ['razmakpesme']],
      [gigForm(playlists.own, { razmakvreme: '1' }), ['razmakvreme']],
      [gigForm(playlists.own, { starttime: '2026-13-01T10:00' }), ['starttime']],
      [gigForm(playlists.otherPrivate), ['playlista']],
      [gigForm(999_999), ['playlista']],
    ];
    for (const [fields, errorFields] of cases) expectInvalid(await updateGig(id, fields), errorFields);
    expect(await c.readGig(id)).toEqual(original);
  });

  it('lets only the owning band (and the admin) change it', async () => {
    const fields = gigForm(playlists.own, { title: 'Changed' });
    const anonymous = await postForm(t.app, `/api/admin/gig/${id}/update`, fields);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ login: true, message: expect.any(String) });
    const viewer = await updateGig(id, fields, 'viewer');
    expect(viewer.statusCode).toBe(403);
    expect(viewer.json()).toMatchObject({ message: expect.any(String) });
    const outsider = await updateGig(id, gigForm(playlists.otherPublic), 'outsider');
    expect(outsider.statusCode).toBe(404);
    expect((await updateGig(id, fields, 'bandless')).statusCode).toBe(404);
    expect((await updateGig(999_999, fields)).statusCode).toBe(404);
    expect(await c.readGig(id)).toEqual(original);

    const admin = await updateGig(id, fields, 'admin');
    expect(admin.statusCode, admin.body).toBe(200);
    expect(admin.json()).toMatchObject({ naziv: 'Changed', token: original.token, owned: true });
  });
});

describe('/api/admin/gig/{id}/delete', () => {
  for (const method of ['GET', 'POST'] as const) {
    it(`${method} answers deleted_gig.naziv and removes the gig and its picture`, async () => {
      const playlist = await c.addPlaylist('Lista');
      const id = await c.addGig(gigForm(playlist, { picture: upload(png(), 'a.png', 'image/png') }));
      const keep = await c.addGig(gigForm(playlist, { title: 'Ostaje' }));
      const { slika } = await c.readGig(id);
      const response = await call(t.app, method, `/api/admin/gig/${id}/delete`, { token: token('owner') });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({
        error: false,
        code: 'gig_deleted',
        message: 'Gig Svadba Petrović has been deleted',
        params: { name: 'Svadba Petrović' },
        deleted_gig: { id, naziv: 'Svadba Petrović' },
      });
      expect((await c.getGig(id)).statusCode).toBe(404);
      expect((await listGigs('owner')).data.map((row) => row.id)).toEqual([keep]);
      expect((await fetchUpload(t.app, slika!)).statusCode).toBe(404);
      // the playlist stays
      expect((await c.readPlaylist(playlist)).naziv).toBe('Lista');
    });
  }

  it('lets only the owning band (and the admin) delete it', async () => {
    const playlist = await c.addPlaylist('Lista');
    const id = await c.addGig(gigForm(playlist));
    const url = `/api/admin/gig/${id}/delete`;
    const anonymous = await call(t.app, 'GET', url);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ login: true, message: expect.any(String) });
    for (const method of ['GET', 'POST'] as const) {
      const viewer = await call(t.app, method, url, { token: token('viewer') });
      expect(viewer.statusCode).toBe(403);
      expect(viewer.json()).toMatchObject({ message: expect.any(String) });
      expect((await call(t.app, method, url, { token: token('outsider') })).statusCode).toBe(404);
      expect((await call(t.app, method, url, { token: token('bandless') })).statusCode).toBe(404);
    }
    expect((await c.getGig(id)).statusCode).toBe(200);
    const missing = await call(t.app, 'GET', '/api/admin/gig/999999/delete', { token: token('owner') });
    expect(missing.statusCode).toBe(404);

    const admin = await call(t.app, 'GET', url, { token: token('admin') });
    expect(admin.statusCode, admin.body).toBe(200);
    expect(admin.json().deleted_gig.naziv).toBe('Svadba Petrović');
    expect((await c.getGig(id)).statusCode).toBe(404);
  });
});

describe('a gig whose playlist is deleted', () => {
  it('stays, with no playlist (an inactive gig; an active one keeps its playlist from deletion)', async () => {
    const playlist = await c.addPlaylist('Lista');
    const id = await c.addGig(gigForm(playlist, { status: '0' }));
    const deleted = await call(t.app, 'GET', `/api/admin/playlist/${playlist}/delete`, {
      token: token('owner'),
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const gig = await c.readGig(id);
    expect(gig).toMatchObject({ naziv: 'Svadba Petrović', playlista: null });
    expect((await listGigs('owner')).total).toBe(1);
  });
});

describe('GET /api/admin/gig/qrc/{id}', () => {
  it('answers a PNG QR code of the public URL', async () => {
    const playlist = await c.addPlaylist('Lista');
    const id = await c.addGig(gigForm(playlist));
    const gig = await c.readGig(id);
    const response = await call(t.app, 'GET', `/api/admin/gig/qrc/${id}`, { token: token('owner') });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^image\/png\b/);
    expect(response.rawPayload.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    expect(decodeQr(response.rawPayload)).toBe(gig.public_url);
    expect(gig.public_url).toBe(`${PUBLIC_URL}/g/${gig.token}`);
  });

  it('encodes each gig’s own URL', async () => {
    const playlist = await c.addPlaylist('Lista');
    const ids = [await c.addGig(gigForm(playlist)), await c.addGig(gigForm(playlist, { title: 'Druga' }))];
    const decoded = [];
    for (const id of ids) {
      const response = await call(t.app, 'GET', `/api/admin/gig/qrc/${id}`, { token: token('viewer') });
      expect(response.statusCode).toBe(200);
      decoded.push(decodeQr(response.rawPayload));
    }
    expect(decoded).toEqual([(await c.readGig(ids[0])).public_url, (await c.readGig(ids[1])).public_url]);
    expect(decoded[0]).not.toBe(decoded[1]);
  });

  it('answers the owning band and the admin; 404 to another band, 401 without a token', async () => {
    const playlist = await c.addPlaylist('Lista');
    const id = await c.addGig(gigForm(playlist));
    const url = `/api/admin/gig/qrc/${id}`;
    for (const who of ['owner', 'viewer', 'admin'] as const) {
      const response = await call(t.app, 'GET', url, { token: token(who) });
      expect(response.statusCode, who).toBe(200);
      expect(response.headers['content-type'], who).toMatch(/^image\/png\b/);
    }
    for (const who of ['outsider', 'bandless'] as const) {
      const response = await call(t.app, 'GET', url, { token: token(who) });
      expect(response.statusCode, who).toBe(404);
      expect(response.json(), who).toMatchObject({ message: expect.any(String) });
    }
    const anonymous = await call(t.app, 'GET', url);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ login: true, message: expect.any(String) });
    const missing = await call(t.app, 'GET', '/api/admin/gig/qrc/999999', { token: token('owner') });
    expect(missing.statusCode).toBe(404);
  });
});
