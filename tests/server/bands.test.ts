import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN, buildTestApp, call, createBand, createUser, login, type TestApp } from './helpers.js';

let t: TestApp;
let admin: string;

beforeEach(async () => {
  t = await buildTestApp();
  admin = await login(t.app, ADMIN.email, ADMIN.password);
});
afterEach(() => t.close());

const as = (token: string) => ({
  get: (url: string) => call(t.app, 'GET', url, { token }),
  post: (url: string, body?: unknown) => call(t.app, 'POST', url, { token, body: body ?? {} }),
  del: (url: string) => call(t.app, 'DELETE', url, { token }),
});

async function addSong(bandId: number) {
  await t.app.db
    .insertInto('songs')
    .values({
      band_id: bandId,
      created_by: null,
      naziv: 'Pesma',
      search: 'pesma',
      created_at: 'now',
      slika: null,
      performer_id: null,
      visibility: 0,
      resursi: null,
      resource_file: null,
    })
    .execute();
}

describe('access', () => {
  it('is for system admins only', async () => {
    const bandId = await createBand(t.app, 'Bend');
    const bandAdmin = await createUser(t.app, { email: 'ba@test.local', role: 'band_admin', bandId });
    const them = as(await login(t.app, bandAdmin.email, bandAdmin.password));
    expect((await them.get('/api/admin/bands')).statusCode).toBe(403);
    expect((await them.post('/api/admin/addband', { naziv: 'X' })).statusCode).toBe(403);
    expect((await them.post(`/api/admin/updateband/${bandId}`, { naziv: 'X' })).statusCode).toBe(403);
    expect((await them.del(`/api/admin/deleteband/${bandId}`)).statusCode).toBe(403);
    expect((await them.get(`/api/admin/band/${bandId}/users`)).statusCode).toBe(403);
    expect((await them.post(`/api/admin/band/${bandId}/remove-user/${bandAdmin.id}`)).statusCode).toBe(403);
    expect((await call(t.app, 'GET', '/api/admin/bands')).statusCode).toBe(401);
  });
});

describe('bands', () => {
  it('adds, lists with users_count, and updates a band', async () => {
    const me = as(admin);
    const added = await me.post('/api/admin/addband', {
      naziv: '  Kafana Ćevap  ',
      email: 'Bend@Test.local',
    });
    expect(added.statusCode).toBe(200);
    const band = added.json().data;
    expect(band).toEqual({
      id: expect.any(Number),
      naziv: 'Kafana Ćevap',
      email: 'bend@test.local',
      picture: null,
      slug: 'kafana-cevap',
      users_count: 0,
      // Issue 28: not saved since it was added.
      version: 1,
      updated_at: null,
      updated_by: null,
    });
    await createUser(t.app, { email: 'u@test.local', role: 'viewer', bandId: band.id });
    expect((await me.get('/api/admin/bands')).json().data).toContainEqual({ ...band, users_count: 1 });
    const updated = await me.post(`/api/admin/updateband/${band.id}`, { naziv: 'Nova Kafana', email: '' });
    expect(updated.json().data).toMatchObject({ naziv: 'Nova Kafana', email: null, users_count: 1 });
  });

  it('validates: a name after trimming, an optional valid email', async () => {
    const me = as(admin);
    const blank = await me.post('/api/admin/addband', { naziv: '   ' });
    expect(blank.statusCode).toBe(422);
    expect(blank.json().errors).toHaveProperty('naziv');
    const email = await me.post('/api/admin/addband', { naziv: 'Bend', email: 'nope' });
    expect(email.statusCode).toBe(422);
    expect(email.json().errors).toHaveProperty('email');
    expect((await me.post('/api/admin/updateband/9999', { naziv: 'X' })).statusCode).toBe(404);
  });

  it('keeps band names unique without regard to case, Serbian letters included, even when added at once', async () => {
    const me = as(admin);
    const first = await me.post('/api/admin/addband', { naziv: 'Đurđevak' });
    expect(first.statusCode).toBe(200);
    const again = await me.post('/api/admin/addband', { naziv: '  đURĐEVAK ' });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({
      message: 'A band with this name already exists.',
      errors: { naziv: ['A band with this name already exists.'] },
    });
    const other = await me.post('/api/admin/addband', { naziv: 'Kafana' });
    const rename = await me.post(`/api/admin/updateband/${other.json().data.id}`, { naziv: 'ĐURĐEVAK' });
    expect(rename.statusCode).toBe(422);
    // Renaming a band to its own name in another case is fine.
    const own = await me.post(`/api/admin/updateband/${first.json().data.id}`, { naziv: 'ĐURĐEVAK' });
    expect(own.statusCode).toBe(200);
    const together = await Promise.all([1, 2, 3].map(() => me.post('/api/admin/addband', { naziv: 'Isti' })));
    expect(together.map((r) => r.statusCode).sort()).toEqual([200, 422, 422]);
  });

  it('refuses to delete a band that owns items, naming the counts, unless asked to cascade', async () => {
    const me = as(admin);
    const bandId = await createBand(t.app, 'Bend');
    const member = await createUser(t.app, { email: 'u@test.local', role: 'band_admin', bandId });
    await addSong(bandId);
    await addSong(bandId);
    const refused = await me.del(`/api/admin/deleteband/${bandId}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe('Bend still owns 2 songs.');
    expect(await t.app.db.selectFrom('songs').selectAll().execute()).toHaveLength(2);

    const deleted = await me.del(`/api/admin/deleteband/${bandId}?cascade=1`);
    expect(deleted.json()).toEqual({
      success: true,
      code: 'band_deleted',
      message: 'Band deleted successfully!',
    });
    expect(await t.app.db.selectFrom('songs').selectAll().execute()).toHaveLength(0);
    const user = await t.app.db
      .selectFrom('users')
      .select('band_id')
      .where('id', '=', member.id)
      .executeTakeFirstOrThrow();
    expect(user.band_id).toBeNull();
  });

  it('deletes an empty band straight away', async () => {
    const bandId = await createBand(t.app, 'Prazan');
    expect((await as(admin).del(`/api/admin/deleteband/${bandId}`)).statusCode).toBe(200);
    expect((await as(admin).del(`/api/admin/deleteband/${bandId}`)).statusCode).toBe(404);
  });
});

describe("a band's users", () => {
  it('lists them and removes one from the band', async () => {
    const me = as(admin);
    const bandId = await createBand(t.app, 'Bend');
    const member = await createUser(t.app, { email: 'u@test.local', role: 'viewer', bandId, name: 'Vesna' });
    expect((await me.get(`/api/admin/band/${bandId}/users`)).json()).toEqual({
      users: [{ id: member.id, name: 'Vesna', email: 'u@test.local', role: 'viewer' }],
    });
    const removed = await me.post(`/api/admin/band/${bandId}/remove-user/${member.id}`);
    expect(removed.json()).toEqual({
      success: true,
      code: 'user_removed_from_band',
      message: 'User removed from band successfully!',
    });
    expect((await me.get(`/api/admin/band/${bandId}/users`)).json()).toEqual({ users: [] });
    expect((await me.post(`/api/admin/band/${bandId}/remove-user/${member.id}`)).statusCode).toBe(404);
  });
});
