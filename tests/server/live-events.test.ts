/**
 * The live channel as Server-Sent Events on the main port (issue 13, point 7): for networks that
 * block websockets. GET /api/live/:token/events answers the gig's queue, then every change, the same
 * events in the same order as /ws; every connection starts with a fresh snapshot, so a page that
 * missed changes is whole again; a signed-in page must belong to the gig's band; the websockets'
 * limits count event streams too.
 */
import { once } from 'node:events';
import type { ServerResponse } from 'node:http';
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { LiveEventStream } from '../../src/server/live/event-stream.js';
import type { AppOptions } from '../../src/server/app.js';
import type { LiveLimits } from '../../src/server/live/admission.js';
import { call, waitFor } from './helpers.js';
import { closeEventStreams, LiveEventClient } from './live-event-client.js';
import {
  audience,
  bandPage,
  buildLiveApp,
  channelQueue,
  closeSockets,
  device,
  followed,
  gigScene,
  type GigScene,
  listenLive,
  LiveSocket,
  type LiveTestApp,
  type QueueSnapshot,
} from './live-gig-fixtures.js';

let t: LiveTestApp | undefined;
afterEach(async () => {
  closeEventStreams();
  closeSockets();
  await t?.close();
  t = undefined;
});

interface Scene extends GigScene {
  /** http://127.0.0.1:port of the app. */
  base: string;
  /** Its /ws address. */
  ws: string;
  fans: ReturnType<typeof audience>;
  band: ReturnType<typeof bandPage>;
  stats(): Promise<Record<string, number | string>>;
}

async function start({
  limits,
  maxConnections,
  options,
}: { limits?: Partial<LiveLimits>; maxConnections?: number; options?: AppOptions } = {}): Promise<Scene> {
  t = await buildLiveApp({ app: { liveLimits: { subscribeGraceMs: 60_000, ...limits }, ...options } });
  const scene = await gigScene(t.app);
  const admin = scene.people.tokens.admin;
  if (maxConnections !== undefined) {
    const saved = await call(t.app, 'POST', '/api/admin/system-settings', {
      token: admin,
      body: { settings: { max_concurrent_connections: maxConnections } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await t.app.live.restart();
  }
  const ws = await listenLive(t.app);
  const app = t.app;
  return {
    ...scene,
    ws,
    base: ws.replace(/^ws:/, 'http:').replace(/\/ws$/, ''),
    fans: audience(app, scene.token),
    band: bandPage(app, scene.token, scene.people),
    async stats() {
      const response = await call(app, 'GET', '/api/admin/system-status', { token: admin });
      return response.json().websocket_stats as Record<string, number | string>;
    },
  };
}

const song = (s: Scene, i: number) => s.songs[i].id;

/** What the band's page shows now, as the channel's snapshot carries it. */
async function current(s: Scene): Promise<QueueSnapshot> {
  const live = await s.band.read();
  return {
    type: 'queue',
    gig: s.token,
    version: live.version,
    active: live.gig.active,
    queue: channelQueue(live.queue),
    pace: live.pace,
  };
}

/** A stream that must open: answers the client once its snapshot has come. */
async function streaming(s: Scene, options: { session?: string; headers?: Record<string, string> } = {}) {
  const client = await LiveEventClient.open(s.base, s.token, options);
  expect(client.response.status).toBe(200);
  await client.received(1);
  return client;
}

describe('the event stream', () => {
  it('is an event stream that neither proxies nor the compression may buffer', async () => {
    const s = await start();
    const client = await streaming(s, { headers: { 'accept-encoding': 'gzip, br' } });
    expect(client.response.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(client.response.headers.get('cache-control')).toBe('no-cache, no-transform');
    expect(client.response.headers.get('x-accel-buffering')).toBe('no');
    expect(client.response.headers.get('content-encoding')).toBeNull();
    expect(client.response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('delivers the same events in the same order as the websocket, starting with the same snapshot', async () => {
    const s = await start();
    await s.fans.accepted(song(s, 0), device(1));
    const socket = await LiveSocket.open(s.ws);
    await socket.subscribe(s.token);
    const stream = await streaming(s);
    expect(stream.events[0]).toEqual(socket.events[0]);
    expect(stream.events[0]).toEqual(await current(s));

    await s.fans.accepted(song(s, 1), device(2));
    await s.fans.accepted(song(s, 0), device(3)); // "me too"
    await s.band.done(song(s, 1), 'up');
    await s.band.done(song(s, 0), 'played');
    await s.band.setActive(false, 'owner');
    await s.band.done(song(s, 1), 'declined');
    const count = 7;
    await Promise.all([socket.received(count), stream.received(count)]);

    expect(stream.events).toEqual(socket.events);
    const result = followed(stream.messages);
    expect(result.gapless).toBe(true);
    expect(result.changes.map((event) => event.change.kind)).toEqual([
      'requested',
      'requested',
      'moved',
      'played',
      'paused',
      'declined',
    ]);
    const now = await current(s);
    expect({ version: result.version, active: result.active, queue: result.queue }).toEqual({
      version: now.version,
      active: now.active,
      queue: now.queue,
    });
    // System Status counts both transports' messages.
    expect((await s.stats()).messages_out).toBe(2 * count);
  });

  it('loses nothing and repeats nothing of the changes made while it opens', async () => {
    const s = await start();
    const requests = Array.from({ length: 6 }, (_, i) => s.fans.accepted(song(s, i), device(10 + i)));
    const client = await LiveEventClient.open(s.base, s.token);
    await Promise.all(requests);
    const now = await current(s);
    await client.until(
      () => client.events.at(-1)?.version === now.version,
      `the event of version ${now.version}`,
    );
    const result = followed(client.messages);
    expect(result.gapless).toBe(true);
    expect(result.queue).toEqual(now.queue);
  });

  it('after a gap (the page missed changes) a new connection starts with a fresh snapshot that has them', async () => {
    const s = await start();
    const first = await streaming(s);
    await s.fans.accepted(song(s, 0), device(1));
    await first.received(2);
    const seen = first.events.at(-1)!.version;
    await first.close();

    // Missed while away: the page's next change would skip versions.
    await s.fans.accepted(song(s, 1), device(2));
    await s.band.done(song(s, 0), 'played');

    const again = await streaming(s, { headers: { 'last-event-id': String(seen) } });
    expect(again.events[0]).toEqual(await current(s));
    expect(again.events[0].version).toBe(seen + 2);
    await s.fans.accepted(song(s, 2), device(3));
    await again.received(2);
    const result = followed(again.messages);
    expect(result.gapless).toBe(true);
    expect(result.queue).toEqual((await current(s)).queue);
  });

  it('drops a reader that stopped reading once it leaves a megabyte unread, and frees its place', async () => {
    const s = await start();
    const url = new URL(`${s.base}/api/live/${s.token}/events`);
    const socket = net.connect(Number(url.port), url.hostname);
    await once(socket, 'connect');
    socket.write(`GET ${url.pathname} HTTP/1.1\r\nHost: x\r\n\r\n`);
    socket.pause();
    const open = t!.app.live.streams.open as Set<unknown> as Set<LiveEventStream>;
    const stream = await waitFor(() => [...open].find((one) => one.streaming));
    const raw = (stream as unknown as { reply: { raw: ServerResponse } }).reply.raw;
    // Far more than the kernel's buffers on both sides take: what is left stays in the process.
    const message = Buffer.from(JSON.stringify({ type: 'change', version: 0, pad: 'x'.repeat(64 * 1024) }));
    for (let sent = 0; sent < 1000 && !raw.destroyed; sent++) {
      stream.send([message]);
      if (sent % 16 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    expect(raw.destroyed).toBe(true);
    await waitFor(() => !open.has(stream));
    socket.destroy();
  });

  it('sends a keep-alive comment while nothing happens', async () => {
    const s = await start({ options: { liveEventsHeartbeatMs: 50 } });
    const client = await streaming(s);
    await client.until(() => client.comments >= 2, 'two keep-alive comments');
    expect(client.events).toHaveLength(1);
  });

  it('is ended when the live server restarts, and its place is freed', async () => {
    const s = await start();
    const client = await streaming(s);
    expect(await s.stats()).toMatchObject({ connections: 1, event_stream_connections: 1 });
    await t!.app.live.restart();
    await client.ended;
    await waitFor(async () =>
      expect(await s.stats()).toMatchObject({ connections: 0, event_stream_connections: 0 }),
    );
  });
});

describe('refusals, in the API error shape', () => {
  it('404 for a gig that does not exist, 422 for a token that cannot be one, 503 in maintenance mode', async () => {
    const s = await start();
    const missing = await LiveEventClient.open(s.base, 'no-such-gig-token');
    expect(await missing.refusal()).toEqual({
      status: 404,
      body: { code: 'no_gig_at_address', message: 'There is no gig at this address.' },
    });
    const malformed = await LiveEventClient.open(s.base, 'bad!token');
    expect(malformed.response.status).toBe(422);

    await call(t!.app, 'POST', '/api/admin/system-settings', {
      token: s.people.tokens.admin,
      body: { settings: { maintenance_mode: true } },
    });
    const closed = await LiveEventClient.open(s.base, s.token);
    expect(await closed.refusal()).toMatchObject({
      status: 503,
      body: { message: expect.stringMatching(/maintenance/) },
    });
    await waitFor(async () => expect(await s.stats()).toMatchObject({ connections: 0 }));
  });

  it('a session must be valid and of the gig’s band (or a system admin)', async () => {
    const s = await start();
    for (const who of ['owner', 'viewer', 'admin'] as const)
      await streaming(s, { session: s.people.tokens[who] });
    expect(await s.stats()).toMatchObject({ connections: 3, signed_in_connections: 3 });

    const outsider = await LiveEventClient.open(s.base, s.token, { session: s.people.tokens.outsider });
    expect(await outsider.refusal()).toEqual({
      status: 403,
      body: { code: 'gig_other_band', message: 'This gig belongs to another band.' },
    });
    const otherViewer = await LiveEventClient.open(s.base, s.token, { session: s.otherViewer });
    expect((await otherViewer.refusal()).status).toBe(403);
    const forged = await LiveEventClient.open(s.base, s.token, { session: 'not-a-session-token-at-all' });
    expect(await forged.refusal()).toMatchObject({ status: 401, body: { login: true } });
    // The other band's own gig is theirs to follow.
    const own = await LiveEventClient.open(s.base, s.otherGig.token, { session: s.people.tokens.outsider });
    expect(own.response.status).toBe(200);
  });
});

describe("the websockets' limits count event streams too", () => {
  it('per client address: websockets and streams share the cap; a signed-in page still gets in; closing frees a place', async () => {
    const s = await start({ limits: { perAddress: 2 } });
    await LiveSocket.open(s.ws);
    const stream = await streaming(s);
    const refused = await LiveEventClient.open(s.base, s.token);
    expect(await refused.refusal()).toEqual({
      status: 429,
      body: {
        code: 'live_network_full',
        message: 'Too many connections from your network (2). Try again later.',
        params: { smart_count: 2 },
      },
    });
    const overWs = await LiveSocket.open(s.ws);
    await new Promise<void>((resolve) => overWs.ws.once('close', () => resolve()));
    await streaming(s, { session: s.people.tokens.owner });
    expect(await s.stats()).toMatchObject({ refused_per_address: 2, connections: 3 });

    await stream.close();
    await waitFor(async () => expect((await s.stats()).connections).toBe(2));
    await streaming(s);
  });

  it("per gig: an anonymous stream over the gig's share is refused; other gigs and the band still get in", async () => {
    // 10 slots, 20 % of them for one gig's anonymous followers: 2
    const s = await start({ limits: { gigShare: 0.2 }, maxConnections: 10 });
    await streaming(s);
    const socket = await LiveSocket.open(s.ws);
    await socket.subscribe(s.token);
    const refused = await LiveEventClient.open(s.base, s.token);
    expect(await refused.refusal()).toEqual({
      status: 429,
      body: {
        code: 'live_gig_full',
        message: 'This gig has all the live connections it may have (2). Try again later.',
        params: { smart_count: 2 },
      },
    });
    const other = await LiveEventClient.open(s.base, s.otherGig.token);
    expect(other.response.status).toBe(200);
    await streaming(s, { session: s.people.tokens.viewer });
    expect(await s.stats()).toMatchObject({ refused_per_gig: 1, connections: 4 });
  });

  it('anonymous streams never take the share kept for signed-in pages', async () => {
    // 10 slots, 1 kept for signed-in pages
    const s = await start({ limits: { perAddress: 100, gigShare: 1 }, maxConnections: 10 });
    for (let i = 0; i < 9; i++) await streaming(s);
    const refused = await LiveEventClient.open(s.base, s.token);
    expect(await refused.refusal()).toEqual({
      status: 503,
      body: {
        code: 'live_server_full_kept',
        message: 'The live server is full (10 connections, 1 kept for the band). Try again later.',
        params: { smart_count: 10, kept: 1 },
      },
    });
    await streaming(s, { session: s.people.tokens.owner });
    expect(await s.stats()).toMatchObject({ connections: 10, signed_in_connections: 1, refused_full: 1 });
  });
});
