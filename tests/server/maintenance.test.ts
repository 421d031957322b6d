import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SERVER_MESSAGES } from '../../src/shared/server-messages.js';

const MAINTENANCE_MESSAGE = SERVER_MESSAGES.maintenance;
import { ADMIN, buildTestApp, call, createBand, createUser, login, type TestApp } from './helpers.js';
import { postForm } from './fixtures.js';

let t: TestApp;
let admin: string;
let people: Record<'band_admin' | 'viewer', { email: string; password: string; token: string }>;

beforeEach(async () => {
  t = await buildTestApp();
  admin = await login(t.app, ADMIN.email, ADMIN.password);
  const bandId = await createBand(t.app, 'Kafana Ćevap');
  const bandAdmin = await createUser(t.app, { email: 'ba@test.local', role: 'band_admin', bandId });
  const viewer = await createUser(t.app, { email: 'v@test.local', role: 'viewer', bandId });
  people = {
    band_admin: { ...bandAdmin, token: await login(t.app, bandAdmin.email, bandAdmin.password) },
    viewer: { ...viewer, token: await login(t.app, viewer.email, viewer.password) },
  };
});
afterEach(() => t.close());

const maintenance = async (on: boolean) => {
  const response = await call(t.app, 'POST', '/api/admin/system-settings', {
    token: admin,
    body: { settings: { maintenance_mode: on } },
  });
  expect(response.statusCode, response.body).toBe(200);
};

const signIn = (email: string, password: string) =>
  call(t.app, 'POST', '/api/login', { body: { email, password } });

/** Calls every role can make, and what they answer normally. */
const CALLS: [method: 'GET' | 'POST', url: string][] = [
  ['GET', '/api/user'],
  ['GET', '/api/admin/songs'],
  ['GET', '/api/admin/performers'],
  ['GET', '/api/admin/playlists'],
];

describe('maintenance mode', () => {
  it('answers every call of band admins and viewers with 503 {message} saying why', async () => {
    await maintenance(true);
    for (const role of ['band_admin', 'viewer'] as const) {
      for (const [method, url] of CALLS) {
        const response = await call(t.app, method, url, { token: people[role].token });
        expect(response.statusCode, `${role} ${url}`).toBe(503);
        expect(response.json(), `${role} ${url}`).toMatchObject({ message: MAINTENANCE_MESSAGE });
      }
      // admin-only calls too: maintenance, not "forbidden"
      const adminOnly = await call(t.app, 'GET', '/api/admin/users', { token: people[role].token });
      expect(adminOnly.statusCode).toBe(503);
    }
    expect(MAINTENANCE_MESSAGE).toMatch(/maintenance/i);
  });

  it('refuses their changes too, and changes nothing', async () => {
    await maintenance(true);
    const response = await postForm(
      t.app,
      '/api/admin/addperformer',
      { title: 'Bajaga' },
      {
        token: people.band_admin.token,
      },
    );
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({ message: MAINTENANCE_MESSAGE });
    expect(await t.app.db.selectFrom('performers').select('id').execute()).toEqual([]);
  });

  it('refuses sign-in of band admins and viewers with 503 {success: false, message}', async () => {
    await maintenance(true);
    for (const role of ['band_admin', 'viewer'] as const) {
      const response = await signIn(people[role].email, people[role].password);
      expect(response.statusCode, role).toBe(503);
      expect(response.json(), role).toMatchObject({ success: false, message: MAINTENANCE_MESSAGE });
    }
    // no session was made for them
    const sessions = await t.app.db.selectFrom('sessions').select('id').execute();
    expect(sessions).toHaveLength(3);
    // a wrong password is still just a wrong password
    expect((await signIn(people.viewer.email, 'wrong-password-1')).statusCode).toBe(401);
  });

  it('lets system admins keep working and sign in', async () => {
    await maintenance(true);
    for (const url of ['/api/user', '/api/admin/users', '/api/admin/bands', '/api/admin/system-status']) {
      expect((await call(t.app, 'GET', url, { token: admin })).statusCode, url).toBe(200);
    }
    const response = await signIn(ADMIN.email, ADMIN.password);
    expect(response.statusCode).toBe(200);
    const token = response.json().data.token;
    expect((await call(t.app, 'GET', '/api/admin/users', { token })).statusCode).toBe(200);
  });

  it('turning it off restores access, with the same tokens and by signing in', async () => {
    await maintenance(true);
    expect((await call(t.app, 'GET', '/api/user', { token: people.viewer.token })).statusCode).toBe(503);
    await maintenance(false);
    for (const role of ['band_admin', 'viewer'] as const) {
      for (const [method, url] of CALLS) {
        const response = await call(t.app, method, url, { token: people[role].token });
        expect(response.statusCode, `${role} ${url}`).toBe(200);
      }
      expect((await signIn(people[role].email, people[role].password)).statusCode, role).toBe(200);
    }
  });
});
