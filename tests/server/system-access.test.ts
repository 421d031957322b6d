import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../src/shared/constants.js';
import {
  ADMIN,
  buildTestApp,
  call,
  createBand,
  createUser,
  login,
  type TestApp,
  waitFor,
} from './helpers.js';

let t: TestApp;
let tokens: Record<'anonymous' | 'band_admin' | 'viewer' | 'admin', string | undefined>;

beforeEach(async () => {
  t = await buildTestApp();
  const bandId = await createBand(t.app, 'Kafana Ćevap');
  const bandAdmin = await createUser(t.app, { email: 'ba@test.local', role: 'band_admin', bandId });
  const viewer = await createUser(t.app, { email: 'v@test.local', role: 'viewer', bandId });
  tokens = {
    anonymous: undefined,
    band_admin: await login(t.app, bandAdmin.email, bandAdmin.password),
    viewer: await login(t.app, viewer.email, viewer.password),
    admin: await login(t.app, ADMIN.email, ADMIN.password),
  };
});
afterEach(() => t.close());

const ENDPOINTS: [method: 'GET' | 'POST', url: string, body?: unknown][] = [
  ['GET', '/api/admin/system-status'],
  ['POST', '/api/admin/restart-websocket', {}],
  ['GET', '/api/admin/system-logs'],
  ['GET', '/api/admin/system-logs?type=error'],
  ['POST', '/api/admin/clear-logs', {}],
  ['GET', '/api/admin/system-settings'],
  ['POST', '/api/admin/system-settings', { settings: { maintenance_mode: true, session_timeout: 7 } }],
];

describe('system operations endpoints', () => {
  it('answer 401 {message} without a token and 403 {message} to band admins and viewers', async () => {
    for (const [method, url, body] of ENDPOINTS) {
      const anonymous = await call(t.app, method, url, { body });
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      expect(anonymous.json().message, url).toEqual(expect.any(String));
      for (const role of ['band_admin', 'viewer'] as const) {
        const response = await call(t.app, method, url, { token: tokens[role], body });
        expect(response.statusCode, `${role} ${method} ${url}`).toBe(403);
        expect(response.json(), url).toMatchObject({ message: expect.any(String) });
      }
    }
  });

  it('answer 200 to a system admin', async () => {
    for (const [method, url, body] of ENDPOINTS) {
      const response = await call(t.app, method, url, { token: tokens.admin, body });
      expect(response.statusCode, `${method} ${url}: ${response.body}`).toBe(200);
    }
  });

  it('change nothing when refused', async () => {
    t.app.log.warn({ context: 'test' }, 'kept line');
    const messages = async () =>
      (await call(t.app, 'GET', '/api/admin/system-logs', { token: tokens.admin }))
        .json()
        .logs.map((entry: { message: string }) => entry.message) as string[];
    await waitFor(async () => (await messages()).includes('kept line'));
    for (const [method, url, body] of ENDPOINTS.filter(([method]) => method === 'POST')) {
      for (const token of [tokens.anonymous, tokens.band_admin, tokens.viewer])
        await call(t.app, method, url, { token, body });
    }
    expect(await t.app.settings.get()).toEqual(DEFAULT_SETTINGS);
    expect(t.app.live.stats().restarts).toBe(0);
    expect(await messages()).toContain('kept line');
  });

  it('refuse an unsafe call without the CSRF token with 419', async () => {
    for (const url of [
      '/api/admin/restart-websocket',
      '/api/admin/clear-logs',
      '/api/admin/system-settings',
    ]) {
      const response = await call(t.app, 'POST', url, { token: tokens.admin, body: {}, csrf: false });
      expect(response.statusCode, url).toBe(419);
    }
    expect(t.app.live.stats().restarts).toBe(0);
  });
});
