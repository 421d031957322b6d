import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../src/shared/constants.js';
import {
  ADMIN,
  buildTestApp,
  call,
  createBand,
  createUser,
  login,
  manualClock,
  type TestApp,
} from './helpers.js';
import { expectInvalid } from './fixtures.js';

let t: TestApp;
let clock: ReturnType<typeof manualClock>;
let admin: string;

beforeEach(async () => {
  clock = manualClock();
  t = await buildTestApp({ clock });
  admin = await login(t.app, ADMIN.email, ADMIN.password);
});
afterEach(() => t.close());

const save = (body: unknown, token = admin) =>
  call(t.app, 'POST', '/api/admin/system-settings', { token, body });
const stored = async () =>
  (await call(t.app, 'GET', '/api/admin/system-settings', { token: admin })).json().settings;

describe('GET /api/admin/system-settings', () => {
  it('answers {settings} with the spec defaults on a fresh install', async () => {
    const response = await call(t.app, 'GET', '/api/admin/system-settings', { token: admin });
    expect(response.statusCode).toBe(200);
    // PORT is 3000 here: websocket_port's default, PORT+1, is the spec's 3001.
    expect(response.json()).toEqual({
      settings: DEFAULT_SETTINGS,
      defaults: DEFAULT_SETTINGS,
      live_port: null,
    });
  });
});

describe('POST /api/admin/system-settings', () => {
  it('saves {settings: {...}}, answers every setting, and keeps the fields left out', async () => {
    const response = await save({ settings: { session_timeout: 45, log_level: 'warning' } });
    expect(response.statusCode).toBe(200);
    const expected = { ...DEFAULT_SETTINGS, session_timeout: 45, log_level: 'warning' };
    expect(response.json()).toEqual({
      success: true,
      code: 'settings_saved',
      message: 'System settings saved.',
      settings: expected,
    });
    expect(await stored()).toEqual(expected);

    await save({ settings: { maintenance_mode: true } });
    expect(await stored()).toEqual({ ...expected, maintenance_mode: true });
  });

  it('takes the settings object itself as the body too', async () => {
    const response = await save({ websocket_port: 4567, enable_notifications: false });
    expect(response.statusCode).toBe(200);
    expect(await stored()).toEqual({
      ...DEFAULT_SETTINGS,
      websocket_port: 4567,
      enable_notifications: false,
    });
  });

  it('saves every setting at once, at the edges of the allowed ranges', async () => {
    const all = {
      websocket_port: 65535,
      websocket_host: '0.0.0.0',
      max_concurrent_connections: 1,
      session_timeout: 1,
      auto_backup_enabled: false,
      backup_frequency: 1,
      log_level: 'debug',
      max_log_file_size: 1024,
      enable_notifications: false,
      maintenance_mode: true,
    };
    expect((await save({ settings: all })).json().settings).toEqual(all);
    expect(await stored()).toEqual(all);
    const low = { websocket_port: 1, max_log_file_size: 1, session_timeout: 525_600 };
    expect((await save({ settings: low })).statusCode).toBe(200);
    expect(await stored()).toMatchObject(low);
  });

  it('accepts numbers and switches as forms send them (text, 1/0)', async () => {
    const response = await save({
      settings: {
        websocket_port: '3002',
        session_timeout: ' 60 ',
        auto_backup_enabled: 'false',
        enable_notifications: 0,
        maintenance_mode: '1',
        websocket_host: ' localhost ',
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(await stored()).toEqual({
      ...DEFAULT_SETTINGS,
      websocket_port: 3002,
      session_timeout: 60,
      auto_backup_enabled: false,
      enable_notifications: false,
      maintenance_mode: true,
      websocket_host: 'localhost',
    });
  });

  it('answers an empty object with 200 and changes nothing', async () => {
    expect((await save({ settings: {} })).statusCode).toBe(200);
    expect((await save({})).statusCode).toBe(200);
    expect(await stored()).toEqual(DEFAULT_SETTINGS);
  });

  const BAD: [field: string, value: unknown][] = [
    ['websocket_port', 0],
    ['websocket_port', 65536],
    ['websocket_port', -1],
    ['websocket_port', 3000.5],
    ['websocket_port', 'abc'],
    ['websocket_port', '3001abc'],
    ['websocket_port', ''],
    ['websocket_port', null],
    ['websocket_port', true],
    ['websocket_port', [3001]],
    ['max_concurrent_connections', 0],
    ['max_concurrent_connections', -5],
    ['max_concurrent_connections', 1.5],
    ['session_timeout', 0],
    ['session_timeout', -30],
    ['session_timeout', 'soon'],
    ['backup_frequency', 0],
    ['backup_frequency', 2.5],
    ['max_log_file_size', 0],
    ['max_log_file_size', -1],
    ['max_log_file_size', 1e9],
    ['log_level', 'warn'],
    ['log_level', 'verbose'],
    ['log_level', 'INFO'],
    ['log_level', ''],
    ['log_level', 3],
    ['auto_backup_enabled', 'yes'],
    ['auto_backup_enabled', 2],
    ['auto_backup_enabled', null],
    ['enable_notifications', 'maybe'],
    ['maintenance_mode', 'on please'],
    ['maintenance_mode', {}],
    ['websocket_host', ''],
    ['websocket_host', 'two words'],
    ['websocket_host', 'host/path'],
    ['websocket_host', 42],
  ];

  it('refuses each bad value with 422 {message, errors} naming that field, and saves nothing', async () => {
    for (const [field, value] of BAD) {
      const response = await save({ settings: { [field]: value } });
      const label = `${field} = ${JSON.stringify(value)}`;
      expect(response.statusCode, label).toBe(422);
      const body = response.json();
      expect(Object.keys(body.errors), label).toEqual([field]);
      expect(body.errors[field], label).toEqual([expect.any(String)]);
      expect(body.message, label).toBe(body.errors[field][0]);
    }
    expect(await stored()).toEqual(DEFAULT_SETTINGS);
  });

  it('names the range or the choices in its messages', async () => {
    const port = expectInvalid(await save({ settings: { websocket_port: 70000 } }), ['websocket_port']);
    expect(port.websocket_port[0]).toMatch(/1 to 65535/);
    const level = expectInvalid(await save({ settings: { log_level: 'loud' } }), ['log_level']);
    for (const choice of ['debug', 'info', 'warning', 'error']) expect(level.log_level[0]).toContain(choice);
  });

  it('saves nothing when one field of several is bad, and names every bad field', async () => {
    const response = await save({
      settings: { session_timeout: 10, websocket_port: 0, log_level: 'loud', maintenance_mode: true },
    });
    expectInvalid(response, ['websocket_port', 'log_level']);
    expect(await stored()).toEqual(DEFAULT_SETTINGS);
    expect(t.app.logging.logger.level).toBe('info');
  });

  it('refuses unknown settings with 422, including names of Object methods (not 500)', async () => {
    for (const field of ['colour', 'toString', 'constructor', 'hasOwnProperty', 'valueOf', 'settings']) {
      const response = await save({ settings: { [field]: 1 } });
      expect(response.statusCode, field).toBe(422);
      expect(response.json().errors, field).toEqual({ [field]: [expect.stringContaining(field)] });
    }
    // a bare body with an unknown key, beside a good one
    expectInvalid(await save({ toString: 'x', session_timeout: 10 }), ['toString']);
    expect(await stored()).toEqual(DEFAULT_SETTINGS);
  });

  it('refuses a body that is no object with 4xx, never 500', async () => {
    for (const body of [[], [1, 2], 'text', 42, null, { settings: null }, { settings: 'x' }]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/admin/system-settings',
        headers: {
          accept: 'application/json',
          'content-type': 'application/json',
          cookie: 'XSRF-TOKEN=t',
          'x-xsrf-token': 't',
          authorization: `Bearer ${admin}`,
        },
        payload: JSON.stringify(body),
      });
      expect(response.statusCode, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, JSON.stringify(body)).toBeLessThan(500);
      expect(response.json().message, JSON.stringify(body)).toEqual(expect.any(String));
    }
    const proto = await t.app.inject({
      method: 'POST',
      url: '/api/admin/system-settings',
      headers: {
        'content-type': 'application/json',
        cookie: 'XSRF-TOKEN=t',
        'x-xsrf-token': 't',
        authorization: `Bearer ${admin}`,
      },
      payload: '{"settings":{"__proto__":{"maintenance_mode":true}}}',
    });
    expect(proto.statusCode).toBeGreaterThanOrEqual(400);
    expect(proto.statusCode).toBeLessThan(500);
    expect(await stored()).toEqual(DEFAULT_SETTINGS);
  });

  it('logs who saved which settings', async () => {
    await save({ settings: { session_timeout: 12 } });
    await expect
      .poll(() => t.app.logging.file.read('info', 50).find((e) => e.message === 'system settings saved'))
      .toMatchObject({
        context: 'settings',
        extra: { by: ADMIN.email, changed: ['session_timeout'] },
      });
  });
});

describe('saved settings take effect at once', () => {
  it('log_level sets the level of the logger', async () => {
    await save({ settings: { log_level: 'error' } });
    expect(t.app.logging.logger.isLevelEnabled('warn')).toBe(false);
    expect(t.app.logging.logger.isLevelEnabled('error')).toBe(true);
    await save({ settings: { log_level: 'debug' } });
    expect(t.app.logging.logger.isLevelEnabled('debug')).toBe(true);
    await save({ settings: { log_level: 'warning' } });
    expect(t.app.logging.logger.isLevelEnabled('info')).toBe(false);
    expect(t.app.logging.logger.isLevelEnabled('warn')).toBe(true);
  });

  it('session_timeout: a token idle longer than the new timeout answers 401, a shorter idle time is fine', async () => {
    const bandId = await createBand(t.app, 'Bend');
    const user = await createUser(t.app, { email: 'ba@test.local', role: 'band_admin', bandId });
    expect((await save({ settings: { session_timeout: 5 } })).statusCode).toBe(200);

    const token = await login(t.app, user.email, user.password);
    clock.advanceMinutes(4);
    expect((await call(t.app, 'GET', '/api/user', { token })).statusCode).toBe(200);
    // use keeps it alive: another 4 minutes after that call is still within 5
    clock.advanceMinutes(4);
    expect((await call(t.app, 'GET', '/api/user', { token })).statusCode).toBe(200);
    clock.advanceMinutes(6);
    const expired = await call(t.app, 'GET', '/api/user', { token });
    expect(expired.statusCode).toBe(401);
    expect(expired.json().message).toMatch(/expired/i);
    // gone for good, not just this once
    expect((await call(t.app, 'GET', '/api/user', { token })).statusCode).toBe(401);
  });

  it('session_timeout: a longer timeout keeps an idle token that the default would expire', async () => {
    const token = await login(t.app, ADMIN.email, ADMIN.password);
    expect((await save({ settings: { session_timeout: 120 } }, token)).statusCode).toBe(200);
    clock.advanceMinutes(DEFAULT_SETTINGS.session_timeout + 30);
    expect((await call(t.app, 'GET', '/api/user', { token })).statusCode).toBe(200);
  });

  it('auto_backup_enabled off removes the backup schedule; on brings it back', async () => {
    const queue = async () =>
      (await call(t.app, 'GET', '/api/admin/system-status', { token: admin })).json().status.messageQueue;
    expect((await queue()).message).toMatch(/backup/);
    await save({ settings: { auto_backup_enabled: false } });
    const off = await queue();
    expect(off.status).toBe('healthy');
    expect(off.message).not.toMatch(/backup/);
    await save({ settings: { auto_backup_enabled: true } });
    expect((await queue()).message).toMatch(/backup/);
  });
});
