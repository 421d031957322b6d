/**
 * Shared pieces of the live-gig tests (audience requests, the band's live queue, the live channel):
 * a clock that moves by seconds, an app builder that takes config overrides, a gig with songs made
 * through the API, the audience's and the band's calls, and a websocket client for /ws.
 */
import fs from 'node:fs';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { expect } from 'vitest';
import { WebSocket } from 'ws';
import { type AppOptions, buildApp, type App } from '../../src/server/app.js';
import { type Config, loadConfig } from '../../src/server/config.js';
import { applyChange, type ChangeEvent, type LiveEvent } from '../../src/shared/live-events.js';
import type { QueuePace } from '../../src/shared/queue-wait.js';
import { ADMIN, call, createUser, login } from './helpers.js';
import { type People, seedPeople, type Who } from './fixtures.js';
import { catalogue } from './fixtures-gigs.js';

// ---------------------------------------------------------------------------------------------
// Time

/** A clock the test moves by hand, by seconds or minutes. */
export function stepClock(start = '2026-11-21T20:00:00.000Z') {
  let now = new Date(start).getTime();
  const clock = () => new Date(now);
  clock.advanceSeconds = (seconds: number) => {
    now += seconds * 1000;
  };
  clock.advanceMinutes = (minutes: number) => {
    now += minutes * 60_000;
  };
  /** Moves the clock to an absolute time (an ISO string or a Date). */
  clock.set = (at: string | Date) => {
    now = new Date(at).getTime();
  };
  return clock;
}

export type StepClock = ReturnType<typeof stepClock>;

// ---------------------------------------------------------------------------------------------
// The app

export interface LiveTestApp {
  app: App;
  clock: StepClock;
  close(): Promise<void>;
}

/**
 * The real app on a fresh database, like helpers' buildTestApp, but with config overrides (e.g. a
 * small publicRequestsPerMinute) and a clock that moves by seconds: SQLite in a temporary DATA_DIR,
 * or (TEST_DB=postgres) a schema of its own in TEST_DATABASE_URL, dropped afterwards.
 */
export async function buildLiveApp(
  options: { clock?: StepClock; config?: Partial<Config>; app?: AppOptions } = {},
): Promise<LiveTestApp> {
  const clock = options.clock ?? stepClock();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'encore-live-test-'));
  const databaseUrl = process.env.TEST_DB === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
  let schema: string | undefined;
  if (process.env.TEST_DB === 'postgres') {
    if (!databaseUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
    schema = `test_${randomBytes(6).toString('hex')}`;
    await withPg(databaseUrl, (client) => client.query(`create schema ${schema}`));
  }
  // Also when the app fails to start: a half-migrated schema left behind would get in the way.
  const cleanUp = async () => {
    if (schema) await withPg(databaseUrl!, (client) => client.query(`drop schema ${schema} cascade`));
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const config: Config = {
    ...loadConfig({ DATA_DIR: dataDir, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }),
    databaseUrl,
    redisUrl: undefined,
    clientDir: path.join(dataDir, 'no-client'),
    logToConsole: false,
    ...options.config,
  };
  let app: App;
  try {
    app = await buildApp(config, { clock, databaseSchema: schema, liveListen: false, ...options.app });
  } catch (error) {
    await cleanUp();
    throw error;
  }
  return {
    app,
    clock,
    async close() {
      try {
        await app.close();
      } finally {
        await cleanUp();
      }
    },
  };
}

async function withPg<T>(url: string, fn: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** Starts the app's HTTP server on a free port of 127.0.0.1 and answers the /ws address. */
export async function listenLive(app: App): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `ws://127.0.0.1:${(app.server.address() as net.AddressInfo).port}/ws`;
}

// ---------------------------------------------------------------------------------------------
// A gig with songs

export interface GigScene {
  people: People;
  /** Band A's gig (owned by `owner`), its public token and its playlist's songs in order. */
  gigId: number;
  token: string;
  songs: { id: number; naziv: string }[];
  /** A song of the catalogue that is not on the gig's playlist. */
  offList: number;
  /** Band B's gig (owned by `outsider`), on its own playlist with one song. */
  otherGig: { id: number; token: string; song: number };
  /** A viewer of band B, signed in. */
  otherViewer: string;
}

export const SONG_NAMES = [
  'Đurđevdan',
  'Jugo 45',
  'Lepa Brena',
  'Kafana na Balkanu',
  'Mesečina',
  'Ajde Jano',
];

/**
 * Band A's gig with a playlist of six songs (SONG_NAMES, performer "Bijelo Dugme"), made through the
 * API as `owner`; and band B's gig with one song, for the access checks.
 */
export async function gigScene(
  app: App,
  { razmakpesme = 1, razmakvreme = 2, active = true } = {},
): Promise<GigScene> {
  const people = await seedPeople(app);
  const c = catalogue(app, people);
  const performer = await c.addPerformer('Bijelo Dugme');
  const songs: { id: number; naziv: string }[] = [];
  for (const naziv of SONG_NAMES) songs.push({ id: await c.addSong(naziv, performer), naziv });
  const offList = await c.addSong('Nije na spisku', performer);
  const playlist = await c.addPlaylist('Subota uveče');
  await c.setSongs(
    playlist,
    songs.map((song) => song.id),
  );
  const gigId = await c.addGig({
    title: 'Svadba Petrović',
    lokacija: 'Hotel Šumadija, Kragujevac',
    status: active ? '1' : '0',
    razmakpesme: String(razmakpesme),
    razmakvreme: String(razmakvreme),
    starttime: '2026-11-21T20:00',
    playlista: String(playlist),
  });
  const { token } = await c.readGig(gigId);

  const otherPerformer = await c.addPerformer('Riblja Čorba', { who: 'outsider' });
  const otherSong = await c.addSong('Pogledaj dom svoj, anđele', otherPerformer, { who: 'outsider' });
  const otherPlaylist = await c.addPlaylist('Rok veče', { who: 'outsider' });
  await c.setSongs(otherPlaylist, [otherSong], 'outsider');
  const otherGigId = await c.addGig(
    {
      title: 'Matura',
      lokacija: 'Novi Sad',
      status: '1',
      razmakpesme: '1',
      razmakvreme: '2',
      starttime: '2026-11-21T21:00',
      playlista: String(otherPlaylist),
    },
    'outsider',
  );
  const otherToken = (await c.readGig(otherGigId, 'outsider')).token;
  const viewerB = await createUser(app, {
    email: 'viewer-b@test.local',
    role: 'viewer',
    bandId: people.bandB,
  });

  return {
    people,
    gigId,
    token,
    songs,
    offList,
    otherGig: { id: otherGigId, token: otherToken, song: otherSong },
    otherViewer: await login(app, viewerB.email, viewerB.password),
  };
}

// ---------------------------------------------------------------------------------------------
// The audience

/** A valid X-Device-Id (8–64 of [A-Za-z0-9_-]), different for each n. */
export const device = (n: number | string) => `device-${String(n).padStart(4, '0')}`;

const CSRF = 'live-csrf-token';

export interface RequestBody {
  success: boolean;
  duplicate: boolean;
  message: string;
  request: { id: number; song_id: number; naziv: string; status: string; created_at: string };
}

export interface MineBody {
  requests: { id: number; song_id: number; naziv: string; status: string; created_at: string }[];
}

/** Where a request comes from: the connection's address, and an X-Forwarded-For header if any. */
export interface From {
  ip?: string;
  forwardedFor?: string;
}

/** The audience page's calls for one gig: no account, a device id, and the CSRF cookie it fetched. */
export function audience(app: App, token: string) {
  const headers = (deviceId?: string, forwardedFor?: string, csrf = true) => ({
    accept: 'application/json',
    ...(csrf ? { cookie: `XSRF-TOKEN=${CSRF}`, 'x-xsrf-token': CSRF } : {}),
    ...(deviceId !== undefined ? { 'x-device-id': deviceId } : {}),
    ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
  });
  const api = {
    page: (gig = token, { ip, forwardedFor }: From = {}) =>
      app.inject({
        method: 'GET',
        url: `/api/public/gig/${gig}`,
        headers: headers(undefined, forwardedFor),
        ...(ip ? { remoteAddress: ip } : {}),
      }),
    mine: (deviceId?: string, gig = token) =>
      app.inject({ method: 'GET', url: `/api/public/gig/${gig}/mine`, headers: headers(deviceId) }),
    /** POST a request; `body` replaces {song_id} when given. */
    request: (
      songId: number,
      deviceId?: string,
      {
        ip,
        forwardedFor,
        gig = token,
        csrf = true,
        body,
      }: From & { gig?: string; csrf?: boolean; body?: unknown } = {},
    ) =>
      app.inject({
        method: 'POST',
        url: `/api/public/gig/${gig}/requests`,
        headers: headers(deviceId, forwardedFor, csrf),
        payload: (body ?? { song_id: songId }) as object,
        ...(ip ? { remoteAddress: ip } : {}),
      }),
    /** A request that must be accepted (201); answers the body. */
    async accepted(songId: number, deviceId: string, options: From & { gig?: string } = {}) {
      const response = await api.request(songId, deviceId, options);
      expect(response.statusCode, `song ${songId} from ${deviceId}: ${response.body}`).toBe(201);
      const body = response.json() as RequestBody;
      expect(body).toMatchObject({ success: true, duplicate: false, request: { song_id: songId } });
      return body;
    },
    /** What a device sees under "my requests". */
    async mineOf(deviceId: string, gig = token) {
      const response = await api.mine(deviceId, gig);
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as MineBody).requests;
    },
  };
  return api;
}

export type Audience = ReturnType<typeof audience>;

// ---------------------------------------------------------------------------------------------
// The band

export interface QueueEntry {
  song_id: number;
  naziv: string;
  performer: string | null;
  count: number;
  first_at: string;
  last_at: string;
  /** The song's duration in seconds, if known (issue 29: the wait estimate). */
  trajanje: number | null;
  /** The song's resource file (upload URL) and link: the band's queue only (issue 13, point 3). */
  resource?: string | null;
  resursi?: string | null;
  /** Whether the song has a chord chart (issue 27): the band's queue only. */
  chart?: boolean;
}

export interface LiveBody {
  gig: {
    id: number;
    naziv: string;
    lokacija: string;
    pocetak: string;
    active: boolean;
    token: string;
    band_naziv: string;
    allow_messages: boolean;
  };
  version: number;
  queue: QueueEntry[];
  /** How the night goes, for the wait estimates (issue 29). */
  pace: QueuePace;
  /** The guests' messages with waiting requests, for the band only (issue 13, point 5). */
  messages: { id: number; song_id: number; message: string; created_at: string }[];
  can_edit: boolean;
  notifications: boolean;
}

export type Action = 'played' | 'declined' | 'up' | 'down';

/** The band's live-queue calls for one gig, as one of the seeded people (or with any token). */
export function bandPage(app: App, token: string, people: People) {
  const bearer = (who: Who | { token: string } | undefined) =>
    who === undefined ? undefined : typeof who === 'string' ? people.tokens[who] : who.token;
  const api = {
    get: (who?: Who | { token: string }, gig = token) =>
      call(app, 'GET', `/api/admin/live/${gig}`, { token: bearer(who) }),
    act: (songId: number, action: Action, who?: Who | { token: string }, gig = token) =>
      call(app, 'POST', `/api/admin/live/${gig}/songs/${songId}/${action}`, { token: bearer(who) }),
    setActive: (active: boolean, who?: Who | { token: string }, gig = token) =>
      call(app, 'POST', `/api/admin/live/${gig}/active`, { token: bearer(who), body: { active } }),
    summary: (gigId: number, who?: Who | { token: string }) =>
      call(app, 'GET', `/api/admin/gig/${gigId}/requests-summary`, { token: bearer(who) }),
    /** The live page as `owner`. */
    async read(who: Who = 'owner') {
      const response = await api.get(who);
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as LiveBody;
    },
    /** An action that must succeed (as `owner` unless told). */
    async done(songId: number, action: Action, who: Who = 'owner') {
      const response = await api.act(songId, action, who);
      expect(response.statusCode, `${action} ${songId}: ${response.body}`).toBe(200);
      return response.json() as { success: boolean; version: number; queue: QueueEntry[] };
    },
  };
  return api;
}

export type BandPage = ReturnType<typeof bandPage>;

/** The band's queue as the live channel (shared with the audience) carries it: without the resources
 *  and without whether a song has a chart. */
export const channelQueue = (queue: QueueEntry[]) =>
  queue.map(({ resource: _resource, resursi: _resursi, chart: _chart, ...entry }) => entry);

/** The song ids of a queue, in order. */
export const order = (queue: { song_id: number }[]) => queue.map((entry) => entry.song_id);

// ---------------------------------------------------------------------------------------------
// The live channel

export type { ChangeEvent, LiveEvent, QueueSnapshot } from '../../src/shared/live-events.js';

/**
 * What a page following the gig knows: the snapshot with every change event applied in the order
 * they arrived, and whether the versions ran without a gap (1 more each time).
 */
export function followed(messages: Record<string, unknown>[]) {
  const events = messages.filter((m) => m.type === 'queue' || m.type === 'change') as unknown as LiveEvent[];
  const [snapshot, ...changes] = events;
  if (snapshot?.type !== 'queue') throw new Error(`no snapshot first: ${JSON.stringify(messages)}`);
  let { version, active, queue } = snapshot;
  let gapless = true;
  for (const event of changes) {
    if (event.type !== 'change') throw new Error(`a second snapshot: ${JSON.stringify(event)}`);
    if (event.version !== version + 1) gapless = false;
    version = event.version;
    active = event.active;
    queue = applyChange(queue, event.change);
  }
  return { version, active, queue, gapless, changes: changes as ChangeEvent[] };
}

const sockets = new Set<WebSocket>();

/** A websocket client of /ws that records every message it gets. */
export class LiveSocket {
  readonly messages: Record<string, unknown>[] = [];
  private wake: (() => void)[] = [];

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      this.messages.push(JSON.parse(data.toString()) as Record<string, unknown>);
      for (const wake of this.wake.splice(0)) wake();
    });
    ws.on('close', () => sockets.delete(ws));
  }

  static open(url: string): Promise<LiveSocket> {
    const ws = new WebSocket(url);
    sockets.add(ws);
    const socket = new LiveSocket(ws);
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(socket));
      // Kept for the socket's life: a reset after the open is not a test failure by itself.
      ws.on('error', reject);
    });
  }

  send(message: unknown) {
    this.ws.send(JSON.stringify(message));
  }

  /** Waits until `count` messages have arrived (5 s at most) and answers them all. */
  async received(count: number, ms = 5_000) {
    const until = Date.now() + ms;
    while (this.messages.length < count) {
      const left = until - Date.now();
      if (left <= 0)
        throw new Error(
          `expected ${count} messages, got ${this.messages.length}: ${JSON.stringify(this.messages)}`,
        );
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.wake.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return this.messages;
  }

  /** The message at `index`, once it has arrived. */
  async nth(index: number) {
    return (await this.received(index + 1))[index];
  }

  /** Subscribes to a gig and answers the first message (the snapshot, or an error). */
  async subscribe(gig: string) {
    const index = this.messages.length;
    this.send({ type: 'subscribe', gig });
    return this.nth(index);
  }

  /**
   * A ping answered by a pong. The server sends on one socket in order, so whatever it sent this
   * client before handling the ping (e.g. the event of a change already answered over HTTP) has
   * arrived by then.
   */
  async roundTrip() {
    const pongs = () => this.messages.filter((message) => message.type === 'pong').length;
    const before = pongs();
    this.send({ type: 'ping' });
    const until = Date.now() + 5_000;
    while (pongs() === before) {
      if (Date.now() > until) throw new Error('no pong arrived');
      await this.received(this.messages.length + 1, until - Date.now());
    }
  }

  /** The snapshots and change events received so far (no pongs or errors). */
  get events() {
    return this.messages.filter(
      (message) => message.type === 'queue' || message.type === 'change',
    ) as unknown as LiveEvent[];
  }

  /** Closes the connection and waits until it is closed. */
  close() {
    return new Promise<void>((resolve) => {
      if (this.ws.readyState === WebSocket.CLOSED) return resolve();
      this.ws.once('close', () => resolve());
      this.ws.close();
    });
  }
}

/** Ends every socket the tests opened and did not close (for afterEach). */
export function closeSockets() {
  for (const ws of sockets) ws.terminate();
  sockets.clear();
}
