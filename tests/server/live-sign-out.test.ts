/**
 * Issue 23, finding 2: a signed-in page's live connection ends with its session. After a sign-out, an
 * expiry, or the user's deletion, its websocket closes with 4401 and its event stream ends (opening it
 * again answers 401); a user moved to another band loses the gig with 4403. In another server process
 * too, told through Redis.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { CLOSE_FORBIDDEN, CLOSE_SIGNED_OUT, liveProtocols } from '../../src/shared/live-protocol.js';
import type { App } from '../../src/server/app.js';
import { buildTestApp, call, login, type TestApp } from './helpers.js';
import { connect, type LiveClient, terminateAll } from './live-client.js';
import { LiveEventClient } from './live-event-client.js';
import { buildLiveApp, gigScene, type GigScene, listenLive, type LiveTestApp } from './live-gig-fixtures.js';

const SIGNED_OUT = { code: CLOSE_SIGNED_OUT, reason: 'Your session has ended. Sign in again.' };

let t: LiveTestApp | TestApp | undefined;
afterEach(async () => {
  terminateAll();
  await t?.close();
  t = undefined;
});

interface Scene extends GigScene {
  app: App;
  ws: string;
  base: string;
}

async function scene(app: App): Promise<Scene> {
  const gig = await gigScene(app);
  const ws = await listenLive(app);
  return { ...gig, app, ws, base: ws.replace('ws://', 'http://').replace(/\/ws$/, '') };
}

async function start() {
  const live = await buildLiveApp();
  t = live;
  return { ...(await scene(live.app)), clock: live.clock };
}

/** A band page on `gig` over /ws, signed in with `session`: it has the queue. */
async function bandPage(ws: string, session: string, gig: string) {
  const client = await connect(ws, {}, liveProtocols(session));
  const index = client.messages.length;
  client.send({ type: 'subscribe', gig });
  expect(await client.next(index)).toMatchObject({ type: 'queue', gig });
  return client;
}

/** A fresh session of one of the scene's people (each test signs one out). */
const signIn = (app: App, who: 'owner' | 'viewer' | 'outsider') =>
  login(app, `${who}@test.local`, 'user-password-1');

const closedWith = (client: LiveClient) => client.closed;

describe("a signed-in page's live connection", () => {
  it('closes with 4401 when its session signs out; the same session is refused at once after', async () => {
    const s = await start();
    const session = await signIn(s.app, 'owner');
    const page = await bandPage(s.ws, session, s.token);
    const other = await bandPage(s.ws, s.people.tokens.viewer, s.token);
    expect((await call(s.app, 'POST', '/api/logout', { token: session })).statusCode).toBe(200);
    expect(await closedWith(page)).toEqual(SIGNED_OUT);
    const again = await connect(s.ws, {}, liveProtocols(session));
    expect(await again.closed).toEqual(SIGNED_OUT);
    // Another session of the band is not touched.
    const index = other.messages.length;
    other.send({ type: 'ping' });
    expect(await other.next(index)).toEqual({ type: 'pong' });
  });

  it('ends its event stream when its session signs out; opening it again answers 401', async () => {
    const s = await start();
    const session = await signIn(s.app, 'viewer');
    const stream = await LiveEventClient.open(s.base, s.token, { session });
    expect(stream.response.status).toBe(200);
    expect((await call(s.app, 'POST', '/api/logout', { token: session })).statusCode).toBe(200);
    await stream.ended;
    const again = await LiveEventClient.open(s.base, s.token, { session });
    expect(await again.refusal()).toEqual({
      status: 401,
      body: { login: true, code: 'session_ended', message: 'Your session has ended. Sign in again.' },
    });
  });

  it('closes when its session expires, though the connection itself is no use of the session', async () => {
    const s = await start();
    const session = await signIn(s.app, 'viewer');
    const page = await bandPage(s.ws, session, s.token);
    const stream = await LiveEventClient.open(s.base, s.token, { session });
    const { session_timeout } = await s.app.settings.get();
    s.clock.advanceMinutes(session_timeout + 1);
    expect(await closedWith(page)).toEqual(SIGNED_OUT);
    await stream.ended;
  });

  it('closes when its user is deleted, and with 4403 when the user is moved to another band', async () => {
    const s = await start();
    const admin = s.people.tokens.admin;
    const users = (await call(s.app, 'GET', '/api/admin/users', { token: admin })).json().data as {
      id: number;
      email: string;
    }[];
    const idOf = (email: string) => users.find((user) => user.email === email)!.id;

    const moved = await bandPage(s.ws, await signIn(s.app, 'viewer'), s.token);
    const toB = await call(s.app, 'POST', `/api/admin/users/${idOf('viewer@test.local')}/band`, {
      token: admin,
      body: { band_id: s.people.bandB },
    });
    expect(toB.statusCode, toB.body).toBe(200);
    expect(await closedWith(moved)).toEqual({
      code: CLOSE_FORBIDDEN,
      reason: 'This gig belongs to another band.',
    });

    const deleted = await bandPage(s.ws, await signIn(s.app, 'owner'), s.token);
    const gone = await call(s.app, 'POST', `/api/admin/user/${idOf('owner@test.local')}/delete`, {
      token: admin,
    });
    expect(gone.statusCode, gone.body).toBe(200);
    expect(await closedWith(deleted)).toEqual(SIGNED_OUT);
  });

  it('closes in another server process too, told through Redis', async () => {
    // Sessions trusted from memory for a minute: only Redis can make the other process read again in time.
    const test = await buildTestApp({ redisUrl: 'redis://127.0.0.1:6379', freshMs: 60_000 });
    t = test;
    const one = await scene(test.app);
    const twin = await test.twin({ redisUrl: 'redis://127.0.0.1:6379', freshMs: 60_000 });
    const twinWs = await listenLive(twin);
    const session = await signIn(one.app, 'owner');
    const page = await bandPage(twinWs, session, one.token);
    expect((await call(one.app, 'POST', '/api/logout', { token: session })).statusCode).toBe(200);
    expect(await closedWith(page)).toEqual(SIGNED_OUT);
  });
});
