/**
 * Issue 11, finding 1: one websocket upgrade whose request target was in absolute form with a bad
 * port, or not parsable at all, ended the process. Such targets are sent raw over TCP (fetch and ws
 * cannot send them) to /ws on the main port and to the live server's own port; afterwards the server
 * must still answer HTTP and take websocket clients.
 */
import http from 'node:http';
import net from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { guardUpgrade, targetPath } from '../../src/server/live/upgrade.js';
import { liveProtocols } from '../../src/shared/live-protocol.js';
import { ADMIN, buildTestApp, freePort, listenApp, login, type TestApp } from './helpers.js';
import { connect, terminateAll } from './live-client.js';

const KEY = 'dGhlIHNhbXBsZSBub25jZQ==';

/** Sends one upgrade request with `target` and answers what came back before the server closed. */
function rawUpgrade(port: number, target: string, extraHeaders = ''): Promise<string> {
  return new Promise((resolve) => {
    let answer = '';
    const socket = net.connect(port, '127.0.0.1', () =>
      socket.write(
        `GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
          `Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: ${KEY}\r\n${extraHeaders}\r\n`,
      ),
    );
    socket.on('data', (chunk) => {
      answer += chunk.toString('latin1');
      // An accepted upgrade stays open: its status line is all this needs.
      if (answer.startsWith('HTTP/1.1 101') && answer.includes('\r\n\r\n')) socket.destroy();
    });
    socket.on('close', () => resolve(answer));
    // A server that neither answers nor closes (the bug) must fail the test, not hang it.
    socket.setTimeout(5_000, () => socket.destroy());
    socket.on('error', () => undefined);
  });
}

const statusOf = (answer: string) => answer.split('\r\n', 1)[0];

/** Targets that are no URL a server can read, and the answer /ws on the main port gives them. */
const HOSTILE_TARGETS: [string, string][] = [
  ['http://x:99999/ws', '400 Bad Request'],
  ['http://[::1', '400 Bad Request'],
  ['http://[::1/ws', '400 Bad Request'],
  ['ws://:0/ws', '400 Bad Request'],
  ['*', '400 Bad Request'],
  ['ws', '400 Bad Request'],
  ['%', '400 Bad Request'],
  // a URL, only not of /ws
  ['http://x/%E0%A4%A', '404 Not Found'],
];

describe('upgrade request targets', () => {
  it('reads the path of origin-form and absolute-form targets, and nothing else', () => {
    expect(targetPath('/ws')).toBe('/ws');
    expect(targetPath('/ws?x=1#y')).toBe('/ws');
    expect(targetPath('http://encore.example:3000/ws')).toBe('/ws');
    for (const target of ['http://x:99999/ws', 'http://[::1', '*', 'ws', '', undefined])
      expect(targetPath(target), String(target)).toBeNull();
  });
});

describe('/ws on the main port under hostile request targets', () => {
  let t: TestApp;
  let port: number;

  beforeEach(async () => {
    t = await buildTestApp();
    port = await listenApp(t.app);
  });
  afterEach(async () => {
    terminateAll();
    await t.close();
  });

  async function stillServing() {
    const response = await fetch(`http://127.0.0.1:${port}/sanctum/csrf-cookie`);
    expect(response.status).toBe(204);
    const client = await connect(`ws://127.0.0.1:${port}/ws`);
    client.send({ type: 'ping' });
    expect(await client.next()).toEqual({ type: 'pong' });
  }

  it.each(HOSTILE_TARGETS)('refuses the upgrade of %s with %s and keeps serving', async (target, status) => {
    expect(statusOf(await rawUpgrade(port, target))).toBe(`HTTP/1.1 ${status}`);
    await stillServing();
  });

  it('takes an absolute-form target whose path is /ws, as RFC 9112 asks a server to', async () => {
    expect(statusOf(await rawUpgrade(port, `http://127.0.0.1:${port}/ws`))).toBe(
      'HTTP/1.1 101 Switching Protocols',
    );
    expect(statusOf(await rawUpgrade(port, `http://127.0.0.1:${port}/other`))).toBe('HTTP/1.1 404 Not Found');
    await stillServing();
  });

  it('survives a signed-in upgrade that the client resets while its session is being checked', async () => {
    const session = await login(t.app, ADMIN.email, ADMIN.password);
    const protocols = `Sec-WebSocket-Protocol: ${liveProtocols(session).join(', ')}\r\n`;
    await new Promise<void>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.write(
          `GET /ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
            `Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: ${KEY}\r\n${protocols}\r\n`,
        );
        socket.resetAndDestroy();
        socket.once('close', () => resolve());
      });
      socket.on('error', () => undefined);
    });
    // and a whole one goes through, answered with the plain protocol (never the session token)
    const answer = await rawUpgrade(port, '/ws', protocols);
    expect(statusOf(answer)).toBe('HTTP/1.1 101 Switching Protocols');
    expect(answer).toMatch(/\r\nSec-WebSocket-Protocol: encore\r\n/i);
    expect(answer).not.toContain(session);
    await stillServing();
  });
});

describe("the live server's own port under hostile request targets", () => {
  let t: TestApp;
  let own: number;
  let main: number;

  beforeEach(async () => {
    own = await freePort();
    t = await buildTestApp({ liveListen: true, settings: { websocket_port: own } });
    main = await listenApp(t.app);
  });
  afterEach(async () => {
    terminateAll();
    await t.close();
  });

  it.each(HOSTILE_TARGETS)('answers the upgrade of %s without ending the process', async (target) => {
    // The own port takes websockets on any path: it may upgrade or refuse, but must never fail.
    expect(statusOf(await rawUpgrade(own, target))).toMatch(/^HTTP\/1\.1 (101|400) /);
    const response = await fetch(`http://127.0.0.1:${main}/sanctum/csrf-cookie`);
    expect(response.status).toBe(204);
    const client = await connect(`ws://127.0.0.1:${own}/`);
    client.send({ type: 'ping' });
    expect(await client.next()).toEqual({ type: 'pong' });
  });
});

describe('guardUpgrade', () => {
  it('logs an upgrade handler that throws and ends that one connection; the server keeps serving', async () => {
    const logged: unknown[][] = [];
    const logger = { warn: (...args: unknown[]) => logged.push(args) } as unknown as FastifyBaseLogger;
    const server = http.createServer((_request, response) => response.end('ok'));
    server.on(
      'upgrade',
      guardUpgrade(logger, () => {
        throw new TypeError('Invalid URL');
      }),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    try {
      expect(await rawUpgrade(port, '/ws')).toBe('');
      expect(logged).toEqual([
        [{ context: 'websocket', err: 'Invalid URL' }, 'dropped a websocket upgrade that failed'],
      ]);
      expect(await (await fetch(`http://127.0.0.1:${port}/`)).text()).toBe('ok');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
