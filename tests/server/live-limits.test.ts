/**
 * Issue 11, finding 7: one client could take every websocket slot and lock the band's tablet out.
 * Sockets that follow no real gig are closed after a grace period; anonymous sockets are capped per
 * client address and per gig, and never take the share of max_concurrent_connections kept for
 * signed-in pages (band page, viewer), which identify themselves with liveProtocols(session).
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Config } from '../../src/server/config.js';
import type { LiveLimits } from '../../src/server/live/admission.js';
import { liveProtocols } from '../../src/shared/live-protocol.js';
import { call, login, waitFor } from './helpers.js';
import { LiveEventClient } from './live-event-client.js';
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
    // 40 slots: 4 kept for signed-in pages (one band takes at most 2 of them), 36 for everyone else
    const s = await start({ ...NO_IDLE_CLOSE, perAddress: 100 }, { maxConnections: 40 });
    const hoard: LiveClient[] = [];
    for (let i = 0; i < 36; i++) hoard.push(await connect(s.url));
    await following(hoard[0], s.token);
    for (let i = 0; i < 2; i++) {
      const refused = await connect(s.url);
      const { code, reason } = await refused.closed;
      expect(code).toBe(1013);
      expect(reason).toBe('The live server is full (40 connections, 4 kept for the band). Try again later.');
    }
    // a made-up session is no way in: it is told to sign in
    const forged = await connect(s.url, {}, liveProtocols('not-a-session-token-at-all'));
    expect(await forged.closed).toEqual({ code: 4401, reason: 'Your session has ended. Sign in again.' });

    const band = await following(await signedIn(s.url, s.people.tokens.owner), s.token);
    const viewer = await following(await signedIn(s.url, s.people.tokens.viewer), s.token);
    expect(band.ws.protocol).toBe('encore');
    expect(await s.stats()).toMatchObject({
      connections: 38,
      signed_in_connections: 2,
      reserved_for_signed_in: 4,
      refused_full: 2,
      refused_connections: 2,
    });
    // One band holds at most half the kept share: its third page finds no place...
    const third = await signedIn(s.url, s.people.tokens.owner);
    expect((await third.closed).code).toBe(1013);
    // ...so another band's page (and the system admin's) still does.
    await following(await signedIn(s.url, s.people.tokens.outsider), s.otherGig.token);
    expect(await served(await signedIn(s.url, s.people.tokens.admin))).toEqual({ type: 'pong' });
    // the total cap holds for signed-in pages too
    const over = await signedIn(s.url, s.people.tokens.bandless);
    expect((await over.closed).code).toBe(1013);
    expect(await served(viewer)).toEqual({ type: 'pong' });
  });
});

describe('a signed-in account (issue 23, finding 1)', () => {
  /** The viewer of band B opening `count` websockets that follow its band's gig, one after another. */
  async function openSockets(s: Scene, session: string, count: number) {
    const clients: LiveClient[] = [];
    for (let i = 0; i < count; i++) clients.push(await signedIn(s.url, session));
    return clients;
  }

  it('holds at most 8 websockets per session: the band and the audience still get in', async () => {
    const s = await start(NO_IDLE_CLOSE);
    const clients = await openSockets(s, s.otherViewer, 105);
    await waitFor(async () => expect(await s.stats()).toMatchObject({ refused_per_session: 97 }));
    expect(await clients[8].closed).toEqual({
      code: 1013,
      reason: 'This sign-in has 8 live pages open already. Close one and try again.',
    });
    expect(await served(clients[7])).toEqual({ type: 'pong' });
    // Band A's tablet and a guest's phone are let in as before.
    await following(await signedIn(s.url, s.people.tokens.owner), s.token);
    await following(await connect(s.url), s.token);
    expect(await s.stats()).toMatchObject({ connections: 10, signed_in_connections: 9 });
  });

  it('holds at most 8 event streams per session, counted with its websockets', async () => {
    const s = await start(NO_IDLE_CLOSE);
    const base = s.url.replace('ws://', 'http://').replace(/\/ws$/, '');
    await openSockets(s, s.otherViewer, 3);
    const statuses: number[] = [];
    for (let i = 0; i < 105; i++) {
      const stream = await LiveEventClient.open(base, s.otherGig.token, { session: s.otherViewer });
      statuses.push(stream.response.status);
    }
    expect(statuses.filter((status) => status === 200)).toHaveLength(5);
    const refused = await LiveEventClient.open(base, s.otherGig.token, { session: s.otherViewer });
    expect(await refused.refusal()).toEqual({
      status: 429,
      body: {
        code: 'live_session_pages',
        message: 'This sign-in has 8 live pages open already. Close one and try again.',
        params: { smart_count: 8 },
      },
    });
    const tablet = await LiveEventClient.open(base, s.token, { session: s.people.tokens.owner });
    expect(tablet.response.status).toBe(200);
    const phone = await LiveEventClient.open(base, s.token);
    expect(phone.response.status).toBe(200);
  });

  it("holds at most 20 per band, however many sessions its accounts sign in; another band's tablet still gets in", async () => {
    const s = await start(NO_IDLE_CLOSE);
    const sessions = [s.otherViewer];
    for (let i = 0; i < 3; i++) sessions.push(await login(t!.app, 'viewer-b@test.local', 'user-password-1'));
    for (const session of sessions) await openSockets(s, session, 8);
    await waitFor(async () =>
      expect(await s.stats()).toMatchObject({ connections: 20, refused_per_band: 12 }),
    );
    const more = await signedIn(s.url, await login(t!.app, 'viewer-b@test.local', 'user-password-1'));
    expect(await more.closed).toEqual({
      code: 1013,
      reason: 'Your band has 20 live pages open already. Close one and try again.',
    });
    await following(await signedIn(s.url, s.people.tokens.owner), s.token);
    await following(await connect(s.url), s.token);
  });

  it("takes at most half the kept share, so a full server still lets another band's tablet in", async () => {
    // 20 slots: 2 kept for signed-in pages, 1 of them for one band; the phones fill the other 18.
    const s = await start({ ...NO_IDLE_CLOSE, perAddress: 100 }, { maxConnections: 20 });
    for (let i = 0; i < 18; i++) await connect(s.url);
    const sockets = await openSockets(s, s.otherViewer, 3);
    await waitFor(async () => expect(await s.stats()).toMatchObject({ connections: 19, refused_full: 2 }));
    expect(await served(sockets[0])).toEqual({ type: 'pong' });
    await following(await signedIn(s.url, s.people.tokens.owner), s.token);
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
      expect(await stranger.next()).toEqual({
        type: 'error',
        code: 'gig_other_band',
        message: 'This gig belongs to another band.',
      });
      // Still served, following nothing: it may follow its own band's gig.
      await following(stranger, s.otherGig.token);
    }
    await following(await signedIn(s.url, s.people.tokens.admin), s.token);
    await following(await signedIn(s.url, s.people.tokens.viewer), s.token);
    // A made-up gig is not another band's: it gets the usual answer.
    const owner = await signedIn(s.url, s.people.tokens.owner);
    owner.send({ type: 'subscribe', gig: 'no-such-gig-token' });
    expect(await owner.next()).toEqual({
      type: 'error',
      code: 'no_gig_at_address',
      message: 'There is no gig at this address.',
    });
  });
});
