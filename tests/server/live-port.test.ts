/**
 * Issue 26, point 3: the live server's own port follows PORT (PORT+1 while no websocket_port is
 * saved), so two instances on one machine do not clash; LIVE_PORT fixes it, and LIVE_PORT=0 leaves
 * the live server on /ws of the main port only.
 */
import net from 'node:net';
import { afterEach, expect, it } from 'vitest';
import {
  ADMIN,
  buildTestApp,
  call,
  freePort,
  listenApp,
  login,
  type TestApp,
  type TestAppOptions,
} from './helpers.js';
import { connect, terminateAll } from './live-client.js';

const apps: TestApp[] = [];
afterEach(async () => {
  terminateAll();
  for (const t of apps.splice(0)) await t.close();
});

/** An app with its own live port on (as `npm start` has it), signed in as the system admin. */
async function start(options: TestAppOptions) {
  const t = await buildTestApp({ liveListen: true, ...options });
  apps.push(t);
  const app = t.app;
  const port = await listenApp(app);
  const admin = await login(app, ADMIN.email, ADMIN.password);
  const get = async (url: string) => {
    const response = await call(app, 'GET', url, { token: admin });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  return {
    app,
    main: port,
    status: () => get('/api/admin/system-status'),
    settings: () => get('/api/admin/system-settings'),
  };
}

/** Whether nothing listens on the port of 127.0.0.1: we can take it ourselves. */
async function free(port: number): Promise<boolean> {
  const probe = net.createServer();
  return new Promise((resolve) => {
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

async function pong(url: string) {
  const client = await connect(url);
  client.send({ type: 'ping' });
  expect(await client.next(0)).toEqual({ type: 'pong' });
}

it('two instances with their own PORT each listen on PORT+1, healthy, without clashing', async () => {
  const [first, second] = [await freePort(), await freePort()];
  const a = await start({ env: { PORT: String(first - 1) } });
  const b = await start({ env: { PORT: String(second - 1) } });

  for (const [s, live] of [
    [a, first],
    [b, second],
  ] as const) {
    const status = await s.status();
    expect(status.status.websocket.status).toBe('healthy');
    expect(status.websocket_stats.listening).toBe(`127.0.0.1:${live} and /ws`);
    await pong(`ws://127.0.0.1:${live}/ws`);
    // The setting shows what is in effect, and Reset to Defaults offers the same.
    const { settings, defaults, live_port } = await s.settings();
    expect([settings.websocket_port, defaults.websocket_port, live_port]).toEqual([live, live, null]);
  }
});

it('PORT 3000 keeps the spec default 3001, and a saved websocket_port still decides without LIVE_PORT', async () => {
  const saved = await freePort();
  const s = await start({ env: { PORT: '3000' }, settings: { websocket_port: saved } });
  const { settings, defaults } = await s.settings();
  expect(defaults.websocket_port).toBe(3001);
  expect(settings.websocket_port).toBe(saved);
  expect((await s.status()).websocket_stats.listening).toBe(`127.0.0.1:${saved} and /ws`);
});

it('LIVE_PORT stands in for the saved websocket_port, which stays saved', async () => {
  const [saved, live] = [await freePort(), await freePort()];
  const s = await start({ env: { LIVE_PORT: String(live) }, settings: { websocket_port: saved } });
  expect((await s.status()).websocket_stats.listening).toBe(`127.0.0.1:${live} and /ws`);
  await pong(`ws://127.0.0.1:${live}/ws`);
  expect(await free(saved)).toBe(true);
  const answer = await s.settings();
  expect([answer.settings.websocket_port, answer.live_port]).toEqual([saved, live]);
});

it('LIVE_PORT=0 listens on no port of its own: /ws on the main port only, and healthy', async () => {
  const saved = await freePort();
  const s = await start({ env: { LIVE_PORT: '0' }, settings: { websocket_port: saved } });
  const status = await s.status();
  expect(status.status.websocket.status).toBe('healthy');
  expect(status.websocket_stats.listening).toBe('/ws only');
  expect(
    s.app.logging.file
      .read('all', 100)
      .filter((entry) => entry.context === 'websocket')
      .map((entry) => entry.message),
  ).toEqual(['live server started on /ws only']);
  expect(await free(saved)).toBe(true);
  await pong(`ws://127.0.0.1:${s.main}/ws`);
  expect((await s.settings()).live_port).toBe(0);
});
