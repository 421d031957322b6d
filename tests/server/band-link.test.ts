/**
 * The band link (issue 13, point 1): each band's slug, PUBLIC_URL/r/<slug> leading to the gig open
 * for requests now (or a page with the band's next gig), and the band's QR code of that link.
 */
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.js';
import { slugFromName } from '../../src/shared/slug.js';
import { call, createUser, login } from './helpers.js';
import { expectInvalid, type Who } from './fixtures.js';
import { catalogue } from './fixtures-gigs.js';
import { buildLiveApp, gigScene, type GigScene, type LiveTestApp } from './live-gig-fixtures.js';

/** The test app leaves PUBLIC_URL unset, so links use loadConfig's default. */
const PUBLIC_URL = loadConfig({}).publicUrl;

let t: LiveTestApp;
let scene: GigScene;

beforeEach(async () => {
  // The clock is at 2026-11-21T20:00Z; gigs below lie days apart, so a server time zone changes nothing.
  t = await buildLiveApp();
  scene = await gigScene(t.app, { active: false });
});
afterEach(() => t.close());

const token = (who: Who) => scene.people.tokens[who];

function decodeQr(image: Buffer) {
  const { width, height, data } = PNG.sync.read(image);
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), width, height)?.data;
}

async function bands() {
  const response = await call(t.app, 'GET', '/api/admin/bands', { token: token('admin') });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { id: number; naziv: string; slug: string }[];
}

const slugOf = async (id: number) => (await bands()).find((band) => band.id === id)!.slug;

/** Another gig of band A (as its owner), on the scene's playlist. */
async function addGig(title: string, starttime: string, active: boolean) {
  const c = catalogue(t.app, scene.people);
  const { playlista } = await c.readGig(scene.gigId);
  const id = await c.addGig({
    title,
    lokacija: 'Beograd',
    status: active ? '1' : '0',
    razmakpesme: '1',
    razmakvreme: '2',
    starttime,
    playlista: String(playlista),
  });
  return (await c.readGig(id)).token;
}

const open = (slug: string, language = 'en') =>
  t.app.inject({ method: 'GET', url: `/r/${slug}`, headers: { 'accept-language': language } });

const setActive = (gigToken: string, active: boolean) =>
  call(t.app, 'POST', `/api/admin/live/${gigToken}/active`, { token: token('owner'), body: { active } });

describe('slugs', () => {
  it('every band has one, made from its name', async () => {
    const all = await bands();
    expect(all.find((b) => b.id === scene.people.bandA)!.slug).toBe('band-a');
    expect(all.find((b) => b.id === scene.people.bandB)!.slug).toBe('band-b');
    expect(slugFromName('Đorđe & Ćevapi Band!')).toBe('djordje-cevapi-band');
    expect(slugFromName('Ж')).toBe('band');
  });

  it('a new band gets a free slug from its name, or the one given', async () => {
    const admin = token('admin');
    const made = await call(t.app, 'POST', '/api/admin/addband', {
      token: admin,
      body: { naziv: 'Kafana Ćevap' },
    });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().data.slug).toBe('kafana-cevap');
    // A name that folds to a taken slug gets the next free one.
    const second = await call(t.app, 'POST', '/api/admin/addband', {
      token: admin,
      body: { naziv: 'Kafana  ćevap!' },
    });
    expect(second.json().data.slug).toBe('kafana-cevap-2');
    const given = await call(t.app, 'POST', '/api/admin/addband', {
      token: admin,
      body: { naziv: 'Treći', slug: 'Treci-Bend' },
    });
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json().data.slug).toBe('treci-bend');
  });

  it('is unique without regard to case, and validated', async () => {
    const admin = token('admin');
    const update = (slug: unknown) =>
      call(t.app, 'POST', `/api/admin/updateband/${scene.people.bandB}`, {
        token: admin,
        body: { naziv: 'Band B', slug },
      });
    expect(expectInvalid(await update('BAND-A'), ['slug']).slug[0]).toMatch(/already/);
    expectInvalid(
      await call(t.app, 'POST', '/api/admin/addband', {
        token: admin,
        body: { naziv: 'Novi', slug: 'band-a' },
      }),
      ['slug'],
    );
    for (const bad of ['a', 'x'.repeat(41), 'has space', 'under_score', '-lead', 'trail-', 'šuma', 'a/b'])
      expectInvalid(await update(bad), ['slug']);
    expect(await slugOf(scene.people.bandB)).toBe('band-b');
    const fine = await update('x'.repeat(40));
    expect(fine.statusCode, fine.body).toBe(200);
    expect(fine.json().data.slug).toBe('x'.repeat(40));
    expect((await update('b2')).json().data.slug).toBe('b2');
  });

  it('stays when the band is renamed without one (printed codes keep working)', async () => {
    const renamed = await call(t.app, 'POST', `/api/admin/updateband/${scene.people.bandA}`, {
      token: token('admin'),
      body: { naziv: 'Sasvim Novo Ime' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data).toMatchObject({ naziv: 'Sasvim Novo Ime', slug: 'band-a' });
  });

  it('only system admins change it', async () => {
    const response = await call(t.app, 'POST', `/api/admin/updateband/${scene.people.bandA}`, {
      token: token('owner'),
      body: { naziv: 'Band A', slug: 'mine' },
    });
    expect(response.statusCode).toBe(403);
    expect(await slugOf(scene.people.bandA)).toBe('band-a');
  });
});

describe('GET /r/{slug}', () => {
  it('with no gig open for requests: the band and its next gig, escaped', async () => {
    await call(t.app, 'POST', `/api/admin/updateband/${scene.people.bandA}`, {
      token: token('admin'),
      body: { naziv: '<b>Band</b> & "Co"' },
    });
    await addGig('<script>alert(1)</script>', '2026-11-28T21:30', false);
    await addGig('Prošla svirka', '2026-11-01T21:00', false);
    const response = await open('band-a');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-store');
    const html = response.body;
    expect(html).toContain('&lt;b&gt;Band&lt;/b&gt; &amp; &quot;Co&quot;');
    expect(html).not.toContain('<b>Band');
    expect(html).not.toContain('<script>');
    expect(html).toContain('The band is not taking requests right now.');
    // The paused gig of the scene starts at the clock's time: it is the next one.
    expect(html).toContain('Svadba Petrović');
    expect(html).toContain('Hotel Šumadija, Kragujevac');
    expect(html).not.toContain('Prošla svirka');
    expect(html).not.toContain(scene.token);
  });

  it('with no gig at all, says none is planned; in Serbian on a Serbian phone', async () => {
    const response = await open('band-b', 'sr-Latn-RS,sr;q=0.9,en;q=0.5');
    // Band B's only gig (the scene's) is active: pause it through the API first.
    expect(response.statusCode).toBe(302);
    const paused = await call(t.app, 'POST', `/api/admin/live/${scene.otherGig.token}/active`, {
      token: token('outsider'),
      body: { active: false },
    });
    expect(paused.statusCode, paused.body).toBe(200);
    const later = await open('band-b', 'sr-Latn-RS,sr;q=0.9,en;q=0.5');
    expect(later.statusCode).toBe(200);
    expect(later.body).toContain('Bend trenutno ne prima zahteve.');
    expect(later.body).toContain('Sledeća svirka');
    expect(later.body).toContain('Matura');
    const c = catalogue(t.app, scene.people);
    await c.readGig(scene.otherGig.id, 'outsider');
    const deleted = await call(t.app, 'GET', `/api/admin/gig/${scene.otherGig.id}/delete`, {
      token: token('outsider'),
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const none = await open('band-b', 'en-US');
    expect(none.body).toContain('No gig is planned yet.');
  });

  it('with one active gig: opens its audience page', async () => {
    expect((await setActive(scene.token, true)).statusCode).toBe(200);
    await addGig('Sutra', '2026-11-22T20:00', false);
    const response = await open('band-a');
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(`/g/${scene.token}`);
    expect(response.headers['cache-control']).toBe('no-store');
    // The slug is found without regard to case.
    expect((await open('BAND-A')).headers.location).toBe(`/g/${scene.token}`);
  });

  it('with two active gigs: the one whose start is nearest now', async () => {
    const later = await addGig('Za tri dana', '2026-11-24T20:00', true);
    const yesterday = await addGig('Juče', '2026-11-20T21:00', true);
    expect((await open('band-a')).headers.location).toBe(`/g/${yesterday}`);
    const tonight = await addGig('Večeras', '2026-11-21T19:00', true);
    expect((await open('band-a')).headers.location).toBe(`/g/${tonight}`);
    t.clock.set('2026-11-24T12:00:00Z');
    expect((await open('band-a')).headers.location).toBe(`/g/${later}`);
  });

  it('a paused gig is not opened; once resumed it is', async () => {
    const gig = await addGig('Pauza', '2026-11-21T21:00', true);
    expect((await open('band-a')).headers.location).toBe(`/g/${gig}`);
    expect((await setActive(gig, false)).statusCode).toBe(200);
    const paused = await open('band-a');
    expect(paused.statusCode).toBe(200);
    expect(paused.body).toContain('The band is not taking requests right now.');
    expect((await setActive(gig, true)).statusCode).toBe(200);
    expect((await open('band-a')).headers.location).toBe(`/g/${gig}`);
  });

  it('an unknown or malformed slug is a 404 page, public and never a 500', async () => {
    for (const slug of ['nobody-here', 'x', '%3Cscript%3E', 'a'.repeat(90)]) {
      const response = await open(slug);
      expect(response.statusCode, slug).toBe(404);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      expect(response.body).not.toContain('<script>');
    }
  });
});

describe('the band link and its QR code', () => {
  it('answers the link, and a PNG that decodes to it', async () => {
    const link = await call(t.app, 'GET', `/api/admin/band/${scene.people.bandA}/link`, {
      token: token('owner'),
    });
    expect(link.statusCode, link.body).toBe(200);
    expect(link.json()).toEqual({
      id: scene.people.bandA,
      naziv: 'Band A',
      slug: 'band-a',
      url: `${PUBLIC_URL}/r/band-a`,
    });
    const qr = await call(t.app, 'GET', `/api/admin/band/${scene.people.bandA}/qrc`, {
      token: token('owner'),
    });
    expect(qr.statusCode).toBe(200);
    expect(qr.headers['content-type']).toMatch(/^image\/png\b/);
    expect(decodeQr(qr.rawPayload)).toBe(`${PUBLIC_URL}/r/band-a`);
  });

  it('follows a changed slug', async () => {
    await call(t.app, 'POST', `/api/admin/updateband/${scene.people.bandA}`, {
      token: token('admin'),
      body: { naziv: 'Band A', slug: 'novi-link' },
    });
    const qr = await call(t.app, 'GET', `/api/admin/band/${scene.people.bandA}/qrc`, {
      token: token('viewer'),
    });
    expect(decodeQr(qr.rawPayload)).toBe(`${PUBLIC_URL}/r/novi-link`);
    // The old stickers still lead to the band (issue 23, finding 10; band-slugs.test.ts).
    expect((await open('band-a')).headers.location).toBe('/r/novi-link');
  });

  it('system admins for any band, members for their own; others 403; 401 without a token', async () => {
    const bandless = await createUser(t.app, { email: 'nobody@test.local', role: 'viewer', bandId: null });
    const bandlessToken = await login(t.app, bandless.email, bandless.password);
    for (const path of ['qrc', 'link']) {
      const url = (id: number) => `/api/admin/band/${id}/${path}`;
      for (const who of ['owner', 'viewer', 'admin'] as const)
        expect(
          (await call(t.app, 'GET', url(scene.people.bandA), { token: token(who) })).statusCode,
          who,
        ).toBe(200);
      expect((await call(t.app, 'GET', url(scene.people.bandB), { token: token('admin') })).statusCode).toBe(
        200,
      );
      for (const who of ['owner', 'viewer'] as const) {
        const response = await call(t.app, 'GET', url(scene.people.bandB), { token: token(who) });
        expect(response.statusCode, who).toBe(403);
        expect(response.json()).toMatchObject({ message: expect.any(String) });
      }
      expect(
        (await call(t.app, 'GET', url(scene.people.bandA), { token: scene.otherViewer })).statusCode,
      ).toBe(403);
      expect((await call(t.app, 'GET', url(scene.people.bandA), { token: bandlessToken })).statusCode).toBe(
        403,
      );
      const anonymous = await call(t.app, 'GET', url(scene.people.bandA));
      expect(anonymous.statusCode).toBe(401);
      expect((await call(t.app, 'GET', url(999_999), { token: token('admin') })).statusCode).toBe(404);
    }
  });
});
