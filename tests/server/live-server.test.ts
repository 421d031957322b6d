import http from 'node:http';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  ADMIN,
  buildTestApp,
  call,
  freePort,
  listenApp,
  login,
  type TestApp,
  type TestAppOptions,
  waitFor,
} from './helpers.js';
import { connect, refuses, terminateAll } from './live-client.js';

let t: TestApp | undefined;
afterEach(async () => {
  terminateAll();
  await t?.close();
  t = undefined;
});

/** The app listening on a real port, signed in as the system admin. */
async function start(options: TestAppOptions = {}) {
  t = await buildTestApp(options);
  const app = t.app;
  const port = await listenApp(app);
  const admin = await login(app, ADMIN.email, ADMIN.password);
  return {
    app,
    admin,
    ws: `ws://127.0.0.1:${port}/ws`,
    async stats() {
      const response = await call(app, 'GET', '/api/admin/system-status', { token: admin });
      return response.json().websocket_stats as Record<string, number | string>;
    },
    async settings(values: Record<string, unknown>) {
      const response = await call(app, 'POST', '/api/admin/system-settings', {
        token: admin,
        body: { settings: values },
      });
      expect(response.statusCode, response.body).toBe(200);
    },
    async restart() {
      const response = await call(app, 'POST', '/api/admin/restart-websocket', { token: admin });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({
        success: true,
        code: 'websocket_restarted',
        message: 'WebSocket server restarted.',
      });
    },
  };
}

describe('/ws on the app port', () => {
  it('answers {"type":"ping"} with {"type":"pong"} and counts messages both ways', async () => {
    const s = await start();
    const client = await connect(s.ws);
    client.send({ type: 'ping' });
    expect(await client.next(0)).toEqual({ type: 'pong' });
    client.send({ type: 'ping', id: 2 });
    expect(await client.next(1)).toEqual({ type: 'pong' });
    expect(await s.stats()).toMatchObject({
      connections: 1,
      connections_total: 1,
      peak_connections: 1,
      messages_in: 2,
      messages_out: 2,
    });
  });

  it('answers what is not a JSON object with {type: "error"} and stays open', async () => {
    const s = await start();
    const client = await connect(s.ws);
    const sent = ['not json', '[1,2]', '42', 'null', '"text"'];
    for (const [i, text] of sent.entries()) {
      client.send(text);
      expect(await client.next(i), text).toMatchObject({ type: 'error', message: expect.any(String) });
    }
    client.send({ type: 'ping' });
    expect(await client.next(sent.length)).toEqual({ type: 'pong' });
    expect(await s.stats()).toMatchObject({ messages_in: 6, messages_out: 6, connections: 1 });
  });

  it('counts connections as they come and go, and keeps the peak', async () => {
    const s = await start();
    const a = await connect(s.ws);
    const b = await connect(s.ws);
    await waitFor(async () => expect(await s.stats()).toMatchObject({ connections: 2, peak_connections: 2 }));
    a.ws.close();
    await a.closed;
    await waitFor(async () =>
      expect(await s.stats()).toMatchObject({ connections: 1, peak_connections: 2, connections_total: 2 }),
    );
    b.ws.close();
    await waitFor(async () => expect((await s.stats()).connections).toBe(0));
  });

  it('takes websocket upgrades on /ws only', async () => {
    const s = await start();
    expect(await refuses(s.ws.replace('/ws', '/other'))).toBe(true);
    expect(await refuses(s.ws.replace('/ws', '/'))).toBe(true);
    expect((await s.stats()).connections_total).toBe(0);
  });

  it('refuses upgrades while stopped and takes them again after a restart', async () => {
    const s = await start();
    await s.app.live.stop();
    expect(await refuses(s.ws)).toBe(true);
    await s.restart();
    const client = await connect(s.ws);
    client.send({ type: 'ping' });
    expect(await client.next(0)).toEqual({ type: 'pong' });
  });
});

describe('max_concurrent_connections', () => {
  it('refuses the client over the limit with close code 1013 and a reason saying it is full', async () => {
    const s = await start();
    await s.settings({ max_concurrent_connections: 2 });
    await s.restart();
    const a = await connect(s.ws);
    await connect(s.ws);
    const third = await connect(s.ws);
    const { code, reason } = await third.closed;
    expect(code).toBe(1013);
    expect(reason).toMatch(/full/i);
    expect(reason).toContain('2');

    await waitFor(async () =>
      expect(await s.stats()).toMatchObject({
        connections: 2,
        max_connections: 2,
        refused_connections: 1,
        connections_total: 2,
        peak_connections: 2,
      }),
    );
    // the clients inside keep working
    a.send({ type: 'ping' });
    expect(await a.next(0)).toEqual({ type: 'pong' });
    const status = (await call(s.app, 'GET', '/api/admin/system-status', { token: s.admin })).json();
    expect(status.status.websocket.status).toBe('warning');

    // once one leaves there is room again
    a.ws.close();
    await a.closed;
    await waitFor(async () => expect((await s.stats()).connections).toBe(1));
    const fourth = await connect(s.ws);
    fourth.send({ type: 'ping' });
    expect(await fourth.next(0)).toEqual({ type: 'pong' });
    expect((await s.stats()).refused_connections).toBe(1);
  });

  it('applies a new limit only when the live server restarts', async () => {
    const s = await start();
    await s.settings({ max_concurrent_connections: 1 });
    await connect(s.ws);
    const second = await connect(s.ws);
    second.send({ type: 'ping' });
    expect(await second.next(0)).toEqual({ type: 'pong' });
    expect((await s.stats()).refused_connections).toBe(0);

    await s.restart();
    await connect(s.ws);
    const refused = await connect(s.ws);
    expect((await refused.closed).code).toBe(1013);
  });
});

describe('POST /api/admin/restart-websocket', () => {
  it('closes the clients with code 1012, counts the restart and keeps the message totals', async () => {
    const s = await start();
    const a = await connect(s.ws);
    const b = await connect(s.ws);
    a.send({ type: 'ping' });
    await a.next(0);
    b.send('junk');
    await b.next(0);

    await s.restart();
    for (const client of [a, b]) {
      const { code, reason } = await client.closed;
      expect(code).toBe(1012);
      expect(reason).toMatch(/restart/i);
    }
    expect(await s.stats()).toMatchObject({
      state: 'running',
      restarts: 1,
      connections: 0,
      connections_total: 2,
      peak_connections: 2,
      messages_in: 2,
      messages_out: 2,
    });

    const c = await connect(s.ws);
    c.send({ type: 'ping' });
    expect(await c.next(0)).toEqual({ type: 'pong' });
    await s.restart();
    expect((await c.closed).code).toBe(1012);
    expect(await s.stats()).toMatchObject({
      restarts: 2,
      connections_total: 3,
      messages_in: 3,
      messages_out: 3,
    });
  });

  it('logs the restart with who asked for it', async () => {
    const s = await start();
    await s.restart();
    await expect
      .poll(() =>
        s.app.logging.file.read('info', 50).find((e) => e.message === 'live server restart requested'),
      )
      .toMatchObject({ context: 'websocket', extra: { by: ADMIN.email } });
  });
});

describe('the live server on its own port', () => {
  it('listens on websocket_port and moves to a changed port on restart; the old port then refuses', async () => {
    const first = await freePort();
    const s = await start({ liveListen: true, settings: { websocket_port: first } });
    const own = (port: number) => `ws://127.0.0.1:${port}/`;
    const a = await connect(own(first));
    a.send({ type: 'ping' });
    expect(await a.next(0)).toEqual({ type: 'pong' });
    expect((await s.stats()).listening).toBe(`127.0.0.1:${first} and /ws`);

    const second = await freePort();
    await s.settings({ websocket_port: second });
    // saving alone does not move it
    expect(await refuses(own(second))).toBe(true);
    await s.restart();
    expect((await a.closed).code).toBe(1012);

    const b = await connect(own(second));
    b.send({ type: 'ping' });
    expect(await b.next(0)).toEqual({ type: 'pong' });
    expect(await refuses(own(first))).toBe(true);
    expect(await s.stats()).toMatchObject({
      listening: `127.0.0.1:${second} and /ws`,
      restarts: 1,
      messages_in: 2,
      connections_total: 2,
    });
    // /ws on the app's port keeps working beside it
    const c = await connect(s.ws);
    c.send({ type: 'ping' });
    expect(await c.next(0)).toEqual({ type: 'pong' });
    expect((await s.stats()).connections).toBe(2);
  });

  it('restarts without waiting for a client that never answers the close handshake', async () => {
    const port = await freePort();
    const s = await start({ liveListen: true, settings: { websocket_port: port } });
    // A phone that lost its network: the upgrade went through, then nothing comes back. (ws itself gives
    // such a peer 30 s to answer a close frame; the restart request must not hang on it meanwhile.)
    const silent = net.connect(port, '127.0.0.1');
    let restarted: Promise<string> | undefined;
    try {
      await new Promise((resolve) => silent.once('connect', resolve));
      silent.write(
        'GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n' +
          'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n',
      );
      await new Promise((resolve) => silent.once('data', resolve));
      silent.on('data', () => undefined);
      expect((await s.stats()).connections).toBe(1);

      restarted = s.restart().then(() => 'restarted');
      const hung = new Promise((resolve) =>
        setTimeout(() => resolve('still waiting after 10 s'), 10_000).unref(),
      );
      expect(await Promise.race([restarted, hung])).toBe('restarted');
      const client = await connect(`ws://127.0.0.1:${port}/`);
      client.send({ type: 'ping' });
      expect(await client.next(0)).toEqual({ type: 'pong' });
    } finally {
      silent.destroy();
      // with the peer gone the restart can finish; let it, before the app closes
      await restarted?.catch(() => undefined);
    }
  });

  it('answers a plain HTTP request on its port with 426', async () => {
    const port = await freePort();
    await start({ liveListen: true, settings: { websocket_port: port } });
    const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      http
        .get(`http://127.0.0.1:${port}/`, (response) => {
          let text = '';
          response.on('data', (chunk) => (text += chunk));
          response.on('end', () => resolve({ status: response.statusCode!, body: text }));
        })
        .on('error', reject);
    });
    expect(status).toBe(426);
    expect(JSON.parse(body)).toMatchObject({ message: expect.any(String) });
  });

  it('stops listening on its port when the app closes', async () => {
    const port = await freePort();
    await start({ liveListen: true, settings: { websocket_port: port } });
    const client = await connect(`ws://127.0.0.1:${port}/`);
    await t!.close();
    t = undefined;
    expect((await client.closed).code).toBe(1001);
    expect(await refuses(`ws://127.0.0.1:${port}/`)).toBe(true);
  });
});

describe('dead clients', () => {
  it('are dropped by the pinger; clients that answer pings stay', async () => {
    const s = await start({ livePingIntervalMs: 50 });
    const alive = await connect(s.ws);
    // ws answers pings by itself unless told not to: this one behaves like a phone that lost its network
    const dead = await connect(s.ws, { autoPong: false });
    expect((await s.stats()).connections).toBe(2);

    const { code } = await dead.closed;
    expect(code).toBe(1006);
    await waitFor(async () => expect((await s.stats()).connections).toBe(1));
    // several ping rounds later the answering client is still there and served
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(alive.ws.readyState).toBe(alive.ws.OPEN);
    alive.send({ type: 'ping' });
    expect(await alive.next()).toEqual({ type: 'pong' });
    expect((await s.stats()).connections).toBe(1);

    alive.ws.terminate();
    await waitFor(async () => expect((await s.stats()).connections).toBe(0));
  });
});
