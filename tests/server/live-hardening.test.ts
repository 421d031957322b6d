/**
 * The live server faces anonymous phones: nothing a client sends or does to its connection may stop
 * the process (found in review; each case below once ended the server).
 */
import net from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LIVE_MAX_BUFFERED_BYTES } from '../../src/shared/constants.js';
import { ADMIN, buildTestApp, call, listenApp, login, type TestApp } from './helpers.js';
import { connect, terminateAll } from './live-client.js';

let t: TestApp;
let port: number;

beforeEach(async () => {
  t = await buildTestApp({ settings: { max_concurrent_connections: 1 } });
  port = await listenApp(t.app);
});

afterEach(async () => {
  terminateAll();
  await t.close();
});

/** The server still answers HTTP and takes websocket clients. */
async function stillServing() {
  const health = await fetch(`http://127.0.0.1:${port}/sanctum/csrf-cookie`);
  expect(health.status).toBe(204);
}

/** Sends a websocket upgrade for `path` and resets the connection at once. */
function upgradeThenReset(path: string) {
  return new Promise<void>((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(
        `GET ${path} HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
          'Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n',
      );
      socket.resetAndDestroy();
      setTimeout(resolve, 100);
    });
    socket.on('error', () => resolve());
  });
}

describe('the live server under hostile clients', () => {
  it('survives an upgrade to another path that the client resets', async () => {
    await upgradeThenReset('/nope');
    await upgradeThenReset('/nope');
    await stillServing();
  });

  it('survives an upgrade while it is stopped, reset by the client', async () => {
    await t.app.live.stop();
    await upgradeThenReset('/ws');
    await stillServing();
  });

  it('survives a refused client (the server is full) that sends an oversized frame', async () => {
    const first = await connect(`ws://127.0.0.1:${port}/ws`);
    const refused = await connect(`ws://127.0.0.1:${port}/ws`);
    refused.ws.send(Buffer.alloc(100 * 1024));
    expect((await refused.closed).code).not.toBe(1000);
    first.send({ type: 'ping' });
    expect(await first.next()).toEqual({ type: 'pong' });
    await stillServing();
  });

  it('drops a websocket client that stops reading once it leaves a megabyte unread', async () => {
    const phone = await connect(`ws://127.0.0.1:${port}/ws`);
    phone.ws.pause();
    const live = t.app.live.websockets;
    const [client] = live.clients;
    const socket = live.sockets.get(client)!;
    // Far more than the kernel's buffers on both sides take: what is left stays in the process.
    const message = Buffer.alloc(64 * 1024, 'x');
    let most = 0;
    for (let sent = 0; sent < 1000 && client.readyState === client.OPEN; sent++) {
      live.sendBatch(client, [message]);
      most = Math.max(most, socket.writableLength);
      // The kernel moves what it can take between turns.
      if (sent % 16 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    expect(client.readyState).not.toBe(client.OPEN);
    expect(most).toBeLessThanOrEqual(LIVE_MAX_BUFFERED_BYTES + message.length + 16);
    phone.ws.resume();
    await phone.closed;
    await stillServing();
  });

  it('answers a subscription to a malformed gig token with an error, on either database', async () => {
    const client = await connect(`ws://127.0.0.1:${port}/ws`);
    for (const gig of ['a\u0000b', 'x'.repeat(60_000), 'short']) {
      client.send({ type: 'subscribe', gig });
      expect(await client.next()).toEqual({
        type: 'error',
        code: 'no_gig_at_address',
        message: 'There is no gig at this address.',
      });
    }
    await stillServing();
  });

  it('refuses subscriptions in maintenance mode', async () => {
    const admin = await login(t.app, ADMIN.email, ADMIN.password);
    await call(t.app, 'POST', '/api/admin/system-settings', {
      token: admin,
      body: { settings: { maintenance_mode: true } },
    });
    const client = await connect(`ws://127.0.0.1:${port}/ws`);
    client.send({ type: 'subscribe', gig: 'abcdefghijklmnop' });
    expect(await client.next()).toMatchObject({
      type: 'error',
      message: expect.stringMatching(/maintenance/),
    });
  });
});
