import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/server/app.js';
import { ADMIN, buildTestApp, call, createBand, createUser, login, type TestApp } from './helpers.js';

let t: TestApp;
const tokens: Record<string, string> = {};

async function addSong(
  app: App,
  bandId: number,
  naziv: string,
  visibility: number,
  createdAt: string,
  performerId: number | null = null,
) {
  await app.db
    .insertInto('songs')
    .values({
      band_id: bandId,
      created_by: null,
      naziv,
      search: naziv.toLowerCase(),
      created_at: createdAt,
      slika: null,
      performer_id: performerId,
      visibility,
      resursi: null,
      resource_file: null,
    })
    .execute();
}

beforeAll(async () => {
  t = await buildTestApp();
  const app = t.app;
  const mine = await createBand(app, 'Mine');
  const other = await createBand(app, 'Other');
  const performer = await app.db
    .insertInto('performers')
    .values({
      band_id: mine,
      created_by: null,
      naziv: 'Đorđe',
      search: 'djordje',
      created_at: '2026-01-01T00:00:00.000Z',
      slika: null,
      visibility: 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await addSong(app, mine, 'Own private', 0, '2026-01-01T00:00:00.000Z', performer.id);
  await addSong(app, mine, 'Own public', 1, '2026-01-02T00:00:00.000Z');
  await addSong(app, other, 'Other public', 1, '2026-01-03T00:00:00.000Z');
  await addSong(app, other, 'Other private', 0, '2026-01-04T00:00:00.000Z');
  await app.db
    .insertInto('gigs')
    .values(
      [mine, other].map((band_id, i) => ({
        band_id,
        created_by: null,
        naziv: `Gig ${i}`,
        search: `gig ${i}`,
        created_at: '2026-01-01T00:00:00.000Z',
        lokacija: 'Beograd',
        pocetak: '2026-12-01T20:00:00.000Z',
        slika: null,
        status: 0,
        razmakpesme: 1,
        razmakvreme: 2,
        playlist_id: null,
        token: `token-${i}`,
      })),
    )
    .execute();
  await createUser(app, { email: 'ba@test.local', role: 'band_admin', bandId: mine });
  await createUser(app, { email: 'v@test.local', role: 'viewer', bandId: mine });
  await createUser(app, { email: 'ob@test.local', role: 'band_admin', bandId: other });
  await createUser(app, { email: 'nb@test.local', role: 'band_admin', bandId: null });
  tokens.admin = await login(app, ADMIN.email, ADMIN.password);
  for (const who of ['ba', 'v', 'ob', 'nb'])
    tokens[who] = await login(app, `${who}@test.local`, 'user-password-1');
});
afterAll(() => t.close());

const dashboard = async (token?: string) => call(t.app, 'GET', '/api/admin/dashboard', { token });

describe('GET /api/admin/dashboard', () => {
  it("each tile's count is the total of the list it opens", async () => {
    for (const who of ['admin', 'ba', 'v', 'ob', 'nb']) {
      const { data } = (await dashboard(tokens[who])).json();
      for (const [tile, list] of [
        ['total_songs', '/api/admin/songs?pg=0'],
        ['total_performers', '/api/admin/performers?pg=0'],
        ['total_playlists', '/api/admin/playlists?pg=0'],
      ]) {
        const { total } = (await call(t.app, 'GET', list, { token: tokens[who] })).json();
        expect(data[tile], `${who} ${tile}`).toBe(total);
      }
    }
  });

  it('answers 401 without a token', async () => {
    const response = await dashboard();
    expect(response.statusCode).toBe(401);
    expect(response.json().login).toBe(true);
  });

  it('gives a system admin every total', async () => {
    const { data } = (await dashboard(tokens.admin)).json();
    expect(data).toMatchObject({
      total_songs: 4,
      total_performers: 1,
      total_gigs: 2,
      total_bands: 2,
      total_users: 5,
      total_playlists: 0,
    });
    expect(data.users_by_role).toEqual({ admin: 1, band_admin: 3, viewer: 1 });
    expect(data.recent_songs.map((s: { naziv: string }) => s.naziv)).toEqual([
      'Other private',
      'Other public',
      'Own public',
      'Own private',
    ]);
    expect(data.recent_songs[3]).toEqual({
      id: expect.any(Number),
      naziv: 'Own private',
      performer: 'Đorđe',
    });
    expect(data.recent_songs[0].performer).toBeNull();
  });

  it("counts a band member's tiles as their lists open (their band's items); recent songs add public ones", async () => {
    for (const who of ['ba', 'v']) {
      const { data } = (await dashboard(tokens[who])).json();
      expect(data).toMatchObject({
        total_songs: 2,
        total_performers: 1,
        total_gigs: 1,
        total_bands: 1,
        total_users: 2,
      });
      expect(data.users_by_role).toEqual({ admin: 0, band_admin: 1, viewer: 1 });
      expect(data.recent_songs.map((s: { naziv: string }) => s.naziv)).toEqual([
        'Other public',
        'Own public',
        'Own private',
      ]);
    }
  });

  it("hides another band's private items", async () => {
    const { data } = (await dashboard(tokens.ob)).json();
    expect(data).toMatchObject({
      total_songs: 2,
      total_performers: 0,
      total_gigs: 1,
      total_bands: 1,
      total_users: 1,
    });
    expect(data.recent_songs.map((s: { naziv: string }) => s.naziv)).not.toContain('Own private');
  });

  it('shows a user without a band no items of their own, and public recent songs', async () => {
    const { data } = (await dashboard(tokens.nb)).json();
    expect(data.recent_songs.map((s: { naziv: string }) => s.naziv)).toEqual(['Other public', 'Own public']);
    expect(data).toMatchObject({
      total_songs: 0,
      total_performers: 0,
      total_gigs: 0,
      total_bands: 0,
      total_users: 0,
    });
  });
});
