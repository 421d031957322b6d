/**
 * Issue 11, finding 7: one client could take every websocket slot and lock the band's tablet out.
 * Sockets that follow no real gig are closed after a grace period; anonymous sockets are capped per
 * client address and per gig, and never take the share of max_concurrent_connections kept for
 * signed-in pages (band page, viewer), which identify themselves with liveProtocols(session).
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Config } from '../../src/server/config.js';
import type { LiveLimits } from '../../src/server/services/live-admission.js';
import { liveProtocols } from '../../src/shared/live-protocol.js';
import { call, waitFor } from './helpers.js';
import { connect, type LiveClient, terminateAll } from './live-client.js';
import { buildLiveApp, gigScene, type GigScene, listenLive, type LiveTestApp } from './live-gig-fixtures.js';

let t: LiveTestApp | undefined;
afterEach(async () => {
  terminateAll();
  await t?.close();
  t = undefined;
});

/** Long enough that no socket of a test is closed as idle unless the test is about that. */
const NO_IDLE_CLOSE: Partial<LiveLimits> = { subscribeGraceMs: 60_000 };

interface Scene extends GigScene {
  url: string;
  stats(): Promise<Record<string, number | string>>;
}

async function start(
  limits: Partial<LiveLimits>,
  { maxConnections, config }: { maxConnections?: number; config?: Partial<Config> } = {},
): Promise<Scene> {
  t = await buildLiveApp({ app: { liveLimits: limits }, config });
  const app = t.app;
  const scene = await gigScene(app);
  const admin = scene.people.tokens.admin;
  if (maxConnections !== undefined) {
    const saved = await call(app, 'POST', '/api/admin/system-settings', {
      token: admin,
      body: { settings: { max_concurrent_connections: maxConnections } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await app.live.restart();
  }
  return {
    ...scene,
    url: await listenLive(app),
    async stats() {
      const response = await call(app, 'GET', '/api/admin/system-status', { token: admin });
      return response.json().websocket_stats as Record<string, number | string>;
    },
  };
}

/** A page following `gig`: it must get the queue. */
async function following(client: LiveClient, gig: string) {
  const index = client.messages.length;
  client.send({ type: 'subscribe', gig });
  expect(await client.next(index)).toMatchObject({ type: 'queue', gig });
  return client;
}

/** A band page (or viewer) signed in with `session`. */
const signedIn = (url: string, session: string) => connect(url, {}, liveProtocols(session));

/** Whether the client is still served: a ping gets its pong. */
async function served(client: LiveClient) {
  const index = client.messages.length;
  client.send({ type: 'ping' });
  return (await client.next(index)) as unknown;
}

describe('sockets that follow no gig', () => {
  it('are closed with 1008 after the grace period; one that follows a real gig stays', async () => {
    const s = await start({ subscribeGraceMs: 1000 });
    const idle = await connect(s.url);
    const fan = await following(await connect(s.url), s.token);
    // Asking for a gig that does not exist does not count, nor does it move the deadline.
    const guesser = await connect(s.url);
    guesser.send({ type: 'subscribe', gig: 'no-such-gig-token' });
    expect(await guesser.next()).toMatchObject({ type: 'error' });

    expect(await idle.closed).toEqual({ code: 1008, reason: 'Closed after 1 s without following a gig.' });
    // The guesser opened after the fan: once it is closed, the fan's deadline has passed too.
    expect((await guesser.closed).code).toBe(1008);
    expect(await served(fan)).toEqual({ type: 'pong' });
    await waitFor(async () => expect(await s.stats()).toMatchObject({ closed_idle: 2, connections: 1 }));
  });

  it('are closed once they stop following their gig', async () => {
    const s = await start({ subscribeGraceMs: 500 });
    const fan = await following(await connect(s.url), s.token);
    fan.send({ type: 'unsubscribe', gig: s.token });
    expect((await fan.closed).code).toBe(1008);
  });
});

describe('one anonymous client holding many sockets', () => {
  it('cannot lock out the signed-in band page and viewer: their share stays free', async () => {
    // 20 slots: 2 kept for signed-in pages, 18 for everyone else
    const s = await start({ ...NO_IDLE_CLOSE, perAddress: 100 }, { maxConnections: 20 });
    const hoard: LiveClient[] = [];
    for (let i = 0; i < 18; i++) hoard.push(await connect(s.url));
    await following(hoard[0], s.token);
    for (let i = 0; i < 2; i++) {
      const refused = await connect(s.url);
      const { code, reason } = await refused.closed;
      expect(code).toBe(1013);
      expect(reason).toBe('The live server is full (20 connections, 2 kept for the band). Try again later.');
    }
    // a made-up session is no way in
    const forged = await connect(s.url, {}, liveProtocols('not-a-session-token-at-all'));
    expect((await forged.closed).code).toBe(1013);

    const band = await following(await signedIn(s.url, s.people.tokens.owner), s.token);
    const viewer = await following(await signedIn(s.url, s.people.tokens.viewer), s.token);
    expect(band.ws.protocol).toBe('encore');
    expect(await s.stats()).toMatchObject({
      connections: 20,
      signed_in_connections: 2,
      reserved_for_signed_in: 2,
      refused_full: 3,
      refused_connections: 3,
    });
    // the total cap holds for signed-in pages too
    const third = await signedIn(s.url, s.people.tokens.admin);
    expect((await third.closed).code).toBe(1013);
    expect(await served(viewer)).toEqual({ type: 'pong' });
  });
});

describe('the cap per client address', () => {
  it('refuses an anonymous socket over it with 1013 and a reason; signed-in pages from there still get in', async () => {
    const s = await start({ ...NO_IDLE_CLOSE, perAddress: 3 });
    for (let i = 0; i < 3; i++) await connect(s.url);
    const refused = await connect(s.url);
    expect(await refused.closed).toEqual({
      code: 1013,
      reason: 'Too many connections from your network (3). Try again later.',
    });
    await following(await signedIn(s.url, s.people.tokens.owner), s.token);
    expect(await s.stats()).toMatchObject({ refused_per_address: 1, refused_connections: 1 });
  });

  it('frees a place when a socket from the address closes', async () => {
    const s = await start({ ...NO_IDLE_CLOSE, perAddress: 1 });
    const first = await connect(s.url);
    expect((await (await connect(s.url)).closed).code).toBe(1013);
    first.ws.close();
    await first.closed;
    await waitFor(async () => expect((await s.stats()).connections).toBe(0));
    expect(await served(await connect(s.url))).toEqual({ type: 'pong' });
  });

  it('counts the address X-Forwarded-For names only behind a trusted proxy (TRUST_PROXY)', async () => {
    const from = (address: string) => ({ headers: { 'x-forwarded-for': address } });
    const trusting = await start({ ...NO_IDLE_CLOSE, perAddress: 1 }, { config: { trustProxy: true } });
    await connect(trusting.url, from('203.0.113.1'));
    await connect(trusting.url, from('203.0.113.2'));
    expect((await (await connect(trusting.url, from('203.0.113.2'))).closed).code).toBe(1013);
    await t!.close();

    // Without a trusted proxy the header is the client's own claim: it buys no extra sockets.
    const direct = await start({ ...NO_IDLE_CLOSE, perAddress: 1 });
    await connect(direct.url, from('203.0.113.1'));
    const second = await connect(direct.url, from('203.0.113.2'));
    expect(await second.closed).toMatchObject({ code: 1013, reason: expect.stringMatching(/network/) });
  });
});

describe('the cap per gig', () => {
  it('closes an anonymous follower over the gig share with 1013; other gigs and signed-in pages still get in', async () => {
    // 10 slots, 20 % of them for one gig's anonymous followers: 2
    const s = await start({ ...NO_IDLE_CLOSE, gigShare: 0.2 }, { maxConnections: 10 });
    const first = await following(await connect(s.url), s.token);
    await following(await connect(s.url), s.token);
    const third = await connect(s.url);
    third.send({ type: 'subscribe', gig: s.token });
    expect(await third.closed).toEqual({
      code: 1013,
      reason: 'This gig has all the live connections it may have (2). Try again later.',
    });
    expect(third.messages).toEqual([]);

    await following(await connect(s.url), s.otherGig.token);
    await following(await signedIn(s.url, s.people.tokens.owner), s.token);
    expect(await s.stats()).toMatchObject({ refused_per_gig: 1, refused_connections: 1 });

    // a follower that leaves makes room
    first.ws.close();
    await first.closed;
    await waitFor(async () => expect((await s.stats()).connections).toBe(3));
    await following(await connect(s.url), s.token);
  });
});

describe("a signed-in page's gigs", () => {
  it("are its band's own (any for a system admin): another band's session gets an error, as the event stream's 403", async () => {
    // The gig's share is one anonymous follower: a signed-in page let through would pass it.
    const s = await start({ ...NO_IDLE_CLOSE, gigShare: 0.1 }, { maxConnections: 10 });
    await following(await connect(s.url), s.token);
    for (const session of [s.people.tokens.outsider, s.otherViewer]) {
      const stranger = await signedIn(s.url, session);
      stranger.send({ type: 'subscribe', gig: s.token });
      expect(await stranger.next()).toEqual({ type: 'error', message: 'This gig belongs to another band.' });
      // Still served, following nothing: it may follow its own band's gig.
      await following(stranger, s.otherGig.token);
    }
    await following(await signedIn(s.url, s.people.tokens.admin), s.token);
    await following(await signedIn(s.url, s.people.tokens.viewer), s.token);
    // A made-up gig is not another band's: it gets the usual answer.
    const owner = await signedIn(s.url, s.people.tokens.owner);
    owner.send({ type: 'subscribe', gig: 'no-such-gig-token' });
    expect(await owner.next()).toEqual({ type: 'error', message: 'There is no gig at this address.' });
  });
});
