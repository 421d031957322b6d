/**
 * Issue 11, "Also": when another program holds the live server's own port (websocket_port), the log
 * says so in one line instead of "could not listen" followed by "live server started", and System
 * Status names the address that failed and says /ws on the main port still works.
 */
import net from 'node:net';
import { afterEach, expect, it } from 'vitest';
import { ADMIN, buildTestApp, call, listenApp, login, type TestApp } from './helpers.js';
import { connect, terminateAll } from './live-client.js';

let t: TestApp | undefined;
let blocker: net.Server | undefined;
afterEach(async () => {
  terminateAll();
  await t?.close();
  if (blocker?.listening) await new Promise((resolve) => blocker!.close(resolve));
  t = undefined;
  blocker = undefined;
});

/** Another program listening on a port of 127.0.0.1: answers that port. */
async function occupy(): Promise<number> {
  blocker = net.createServer((socket) => socket.destroy());
  await new Promise<void>((resolve) => blocker!.listen(0, '127.0.0.1', resolve));
  return (blocker.address() as net.AddressInfo).port;
}

const websocketLog = (app: TestApp['app']) =>
  app.logging.file.read('all', 100).filter((entry) => entry.context === 'websocket');

it('logs only that it could not listen, and System Status names the address and the way that still works', async () => {
  const taken = await occupy();
  t = await buildTestApp({ liveListen: true, settings: { websocket_port: taken } });
  const app = t.app;
  const port = await listenApp(app);

  const log = websocketLog(app);
  expect(log.map((entry) => entry.message)).toEqual([
    `Could not listen on 127.0.0.1:${taken}: another program is using that port. ` +
      'The live server runs on /ws of the main port only.',
  ]);
  expect(log[0].level).toBe('error');

  const admin = await login(app, ADMIN.email, ADMIN.password);
  const status = (await call(app, 'GET', '/api/admin/system-status', { token: admin })).json();
  expect(status.status.websocket).toMatchObject({
    status: 'warning',
    message:
      `Could not listen on 127.0.0.1:${taken}: another program is using that port. ` +
      'Clients still connect through /ws on the main port.',
  });
  expect(status.websocket_stats).toMatchObject({ state: 'running', listening: '/ws only' });

  // what the message promises
  const client = await connect(`ws://127.0.0.1:${port}/ws`);
  client.send({ type: 'ping' });
  expect(await client.next()).toEqual({ type: 'pong' });

  // once the other program lets go, a restart takes the port and the log says it plainly
  await new Promise((resolve) => blocker!.close(resolve));
  const restart = await call(app, 'POST', '/api/admin/restart-websocket', { token: admin });
  expect(restart.statusCode, restart.body).toBe(200);
  expect(websocketLog(app)[0].message).toBe(`live server started on 127.0.0.1:${taken} and /ws`);
  const healthy = (await call(app, 'GET', '/api/admin/system-status', { token: admin })).json();
  expect(healthy.status.websocket.status).toBe('healthy');
  expect(healthy.websocket_stats.listening).toBe(`127.0.0.1:${taken} and /ws`);
});

it('says "started on /ws only" when it is not asked to listen on a port of its own', async () => {
  t = await buildTestApp({ liveListen: false });
  expect(websocketLog(t.app).map((entry) => entry.message)).toEqual(['live server started on /ws only']);
});
