/**
 * Issue 23, finding 10: a freed band slug could be taken by another band, and the first band's printed
 * QR stickers (PUBLIC_URL/r/<slug>) then opened the other band's gig. A slug a band used stays its own:
 * /r/<old> leads to its current link, no other band may take it (not even once the band is deleted),
 * until a system admin releases it (GET /api/admin/band-slugs, POST /api/admin/band-slugs/{slug}/release).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { call } from './helpers.js';
import { expectInvalid, type Who } from './fixtures.js';
import { buildLiveApp, gigScene, type GigScene, type LiveTestApp } from './live-gig-fixtures.js';

let t: LiveTestApp;
let scene: GigScene;

beforeEach(async () => {
  t = await buildLiveApp();
  // Band A's gig (slug band-a) and band B's (band-b) are both open for requests.
  scene = await gigScene(t.app);
});
afterEach(() => t.close());

const token = (who: Who) => scene.people.tokens[who];
const admin = (method: 'GET' | 'POST' | 'DELETE', url: string, body?: object) =>
  call(t.app, method, url, { token: token('admin'), body });
const open = (slug: string) => t.app.inject({ method: 'GET', url: `/r/${slug}` });

/** Band `id` (named `naziv`) takes `slug`; answers the response. */
const setSlug = (id: number, naziv: string, slug: string) =>
  admin('POST', `/api/admin/updateband/${id}`, { naziv, slug });

async function formerSlugs() {
  const response = await admin('GET', '/api/admin/band-slugs');
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { slug: string; band_id: number | null; naziv: string; left_at: string }[];
}

const release = (slug: string, who: Who | null = 'admin', csrf = true) =>
  call(t.app, 'POST', `/api/admin/band-slugs/${slug}/release`, {
    token: who ? token(who) : undefined,
    csrf,
  });

describe('a slug a band leaves', () => {
  beforeEach(async () => {
    const moved = await setSlug(scene.people.bandA, 'Band A', 'zvezde');
    expect(moved.statusCode, moved.body).toBe(200);
  });

  it('leads to the band’s current link, and on to its gig', async () => {
    const old = await open('band-a');
    expect(old.statusCode).toBe(302);
    expect(old.headers.location).toBe('/r/zvezde');
    expect(old.headers['cache-control']).toBe('no-store');
    expect((await open('BAND-A')).headers.location).toBe('/r/zvezde');
    expect((await open('zvezde')).headers.location).toBe(`/g/${scene.token}`);
    // Moved again: every old slug leads to the newest.
    expect((await setSlug(scene.people.bandA, 'Band A', 'zvezde-2')).statusCode).toBe(200);
    expect((await open('band-a')).headers.location).toBe('/r/zvezde-2');
    expect((await open('zvezde')).headers.location).toBe('/r/zvezde-2');
  });

  it('cannot be taken by another band, by a new slug or a new band’s name', async () => {
    const taken = expectInvalid(await setSlug(scene.people.bandB, 'Band B', 'BAND-A'), ['slug']);
    expect(taken.slug[0]).toMatch(/^Another band \(Band A\) used this slug before/);
    expect((await open('band-a')).headers.location).toBe('/r/zvezde');
    expectInvalid(await admin('POST', '/api/admin/addband', { naziv: 'Novi', slug: 'band-a' }), ['slug']);
    // A name that makes the same slug gets the next free one.
    const named = await admin('POST', '/api/admin/addband', { naziv: 'Band-A!' });
    expect(named.statusCode, named.body).toBe(200);
    expect(named.json().data.slug).toBe('band-a-2');
  });

  it('can be taken back by its own band, and is then its current slug only', async () => {
    const back = await setSlug(scene.people.bandA, 'Band A', 'band-a');
    expect(back.statusCode, back.body).toBe(200);
    expect((await formerSlugs()).map((row) => row.slug)).toEqual(['zvezde']);
    expect((await open('band-a')).headers.location).toBe(`/g/${scene.token}`);
    expect((await open('zvezde')).headers.location).toBe('/r/band-a');
  });

  it('is listed for system admins with its band', async () => {
    expect(await formerSlugs()).toEqual([
      { slug: 'band-a', band_id: scene.people.bandA, naziv: 'Band A', left_at: expect.any(String) },
    ]);
    // The band's name as it is now.
    await setSlug(scene.people.bandA, 'Prvi Bend', 'zvezde');
    expect((await formerSlugs())[0]).toMatchObject({ slug: 'band-a', naziv: 'Prvi Bend' });
  });

  it('once released by a system admin, may be taken by another band (and then leads there)', async () => {
    const released = await release('band-a');
    expect(released.statusCode, released.body).toBe(200);
    expect(released.json()).toEqual({
      success: true,
      code: 'slug_released',
      message: 'Slug released successfully!',
    });
    expect(await formerSlugs()).toEqual([]);
    expect((await open('band-a')).statusCode).toBe(404);
    const taken = await setSlug(scene.people.bandB, 'Band B', 'band-a');
    expect(taken.statusCode, taken.body).toBe(200);
    expect((await open('band-a')).headers.location).toBe(`/g/${scene.otherGig.token}`);
    // Band B's own old slug is kept for it in turn.
    expect((await open('band-b')).headers.location).toBe('/r/band-a');
  });
});

describe('a deleted band’s slugs', () => {
  beforeEach(async () => {
    expect((await setSlug(scene.people.bandB, 'Band B', 'matura')).statusCode).toBe(200);
    const deleted = await admin('DELETE', `/api/admin/deleteband/${scene.people.bandB}?cascade=1`);
    expect(deleted.statusCode, deleted.body).toBe(200);
  });

  it('lead nowhere (never to another band’s gig), and no band may take them', async () => {
    for (const slug of ['band-b', 'matura']) {
      expect((await open(slug)).statusCode, slug).toBe(404);
      const taken = expectInvalid(await setSlug(scene.people.bandA, 'Band A', slug), ['slug']);
      expect(taken.slug[0]).toMatch(/^A deleted band \(Band B\) used this slug/);
    }
    expect((await admin('POST', '/api/admin/addband', { naziv: 'Band B' })).json().data.slug).toBe(
      'band-b-2',
    );
    expect(await formerSlugs()).toEqual([
      { slug: 'band-b', band_id: null, naziv: 'Band B', left_at: expect.any(String) },
      { slug: 'matura', band_id: null, naziv: 'Band B', left_at: expect.any(String) },
    ]);
  });

  it('are free once released', async () => {
    expect((await release('matura')).statusCode).toBe(200);
    expect((await setSlug(scene.people.bandA, 'Band A', 'matura')).statusCode).toBe(200);
    expect((await open('matura')).headers.location).toBe(`/g/${scene.token}`);
    expectInvalid(await setSlug(scene.people.bandA, 'Band A', 'band-b'), ['slug']);
  });
});

describe('POST /api/admin/band-slugs/{slug}/release', () => {
  it('404 for a slug no band used before, 409 for a band’s current slug; nothing changes', async () => {
    for (const slug of ['nobody', 'x', 'Ab%20c']) {
      const response = await release(slug);
      expect(response.statusCode, slug).toBe(404);
      expect(response.json()).toMatchObject({ message: 'No band used this slug before.' });
    }
    const current = await release('band-a');
    expect(current.statusCode).toBe(409);
    expect(current.json()).toMatchObject({
      message: 'This is Band A’s slug now; only a former slug can be released.',
    });
    expect((await open('band-a')).headers.location).toBe(`/g/${scene.token}`);
  });

  it('system admins only: anonymous 401, viewer and band admins 403, without CSRF 419', async () => {
    expect((await setSlug(scene.people.bandA, 'Band A', 'zvezde')).statusCode).toBe(200);
    const anonymous = await release('band-a', null);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toMatchObject({ login: true });
    for (const who of ['viewer', 'owner', 'outsider', 'bandless'] as const) {
      const response = await release('band-a', who);
      expect(response.statusCode, who).toBe(403);
      expect(response.json()).toMatchObject({ message: expect.any(String) });
      const listed = await call(t.app, 'GET', '/api/admin/band-slugs', { token: token(who) });
      expect(listed.statusCode, who).toBe(403);
    }
    expect((await call(t.app, 'GET', '/api/admin/band-slugs')).statusCode).toBe(401);
    expect((await release('band-a', 'admin', false)).statusCode).toBe(419);
    // Still kept after all of these.
    expect((await open('band-a')).headers.location).toBe('/r/zvezde');
    expect((await release('band-a', 'admin')).statusCode).toBe(200);
  });
});
