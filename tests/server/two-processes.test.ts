/**
 * Issue 15, point 5: two real server processes (`node --import tsx src/server/main.ts`) on one
 * PostgreSQL database and one Redis, each on a port of its own, as the README's scale-out path runs
 * them. Proven over HTTP and /ws only: a song added through process 1 is in process 2's list at once;
 * a sign-out on process 1 is refused on process 2 within the stated bound; requests accepted by
 * process 1 reach a page following the gig on process 2 in order, none lost; restarting process 1's
 * live server does not drop process 2's clients.
 *
 * Runs under the server-postgres project (TEST_DB=postgres, TEST_DATABASE_URL) only. There it needs
 * Redis at 127.0.0.1:6379 as well, and fails (never skips) when Redis does not answer.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/server/app.js';
import { type Db, migrateToLatest, openDatabase } from '../../src/server/db/connect.js';
import { writeSettings } from '../../src/server/db/settings.js';
import { postForm } from './fixtures.js';
import { ADMIN, call, freePort, login, waitFor } from './helpers.js';
import { connect, type LiveClient, terminateAll } from './live-client.js';
import { liveProtocols } from '../../src/shared/live-protocol.js';
import { audience, device, gigScene, type GigScene } from './live-gig-fixtures.js';
import type { ChangeEvent } from '../../src/shared/live-events.js';
import type { LeadEvent } from '../../src/shared/live-lead.js';
import type { SetlistEvent } from '../../src/shared/running-order.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const REDIS_URL = 'redis://127.0.0.1:6379';
const DATABASE_URL = process.env.TEST_DATABASE_URL;
const onPostgres = process.env.TEST_DB === 'postgres' && DATABASE_URL !== undefined;
/** How long a sign-out may take to reach the other process (docs/decisions.md: 1 s); waited 10× that. */
const BOUND_MS = 10_000;
const STOP_GRACE_MS = 5_000;

// ---------------------------------------------------------------------------------------------
// The server processes

interface Server {
  child: ChildProcess;
  port: number;
  base: string;
  /** What the process wrote to stdout and stderr, for the failure message. */
  output: () => string;
}

const running = new Set<ChildProcess>();
/** A last resort should the test runner end without afterAll: no server outlives it. */
const killAll = () => {
  for (const child of running) {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      child.kill('SIGKILL');
    }
  }
};

/** Starts `node --import tsx src/server/main.ts` in a process group of its own; resolves once it answers. */
async function startServer(env: Record<string, string>): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  let text = '';
  child.stdout!.on('data', (data: Buffer) => (text += data.toString()));
  child.stderr!.on('data', (data: Buffer) => (text += data.toString()));
  const server = { child, port, base: `http://127.0.0.1:${port}`, output: () => text };
  try {
    await waitFor(
      async () => {
        if (child.exitCode !== null) throw new Error(`the server ended (${child.exitCode}):\n${text}`);
        return (await fetch(`${server.base}/api/user`).catch(() => undefined)) !== undefined;
      },
      { ms: 30_000, every: 100 },
    );
  } catch (error) {
    await stopServer(server);
    throw error;
  }
  return server;
}

/** SIGTERM to the process group, then SIGKILL if it has not ended after a grace period. */
function stopServer({ child }: Server): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, name);
    } catch {
      child.kill(name);
    }
  };
  return new Promise((resolve) => {
    const kill = setTimeout(() => signal('SIGKILL'), STOP_GRACE_MS);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    signal('SIGTERM');
  });
}

/**
 * Enough of App for the shared fixtures (gigScene, audience): `inject` goes over HTTP to a server
 * process, `db` is the test's own connection to the shared database.
 */
function overHttp(server: Server, db: Db): App {
  const inject = async ({
    method,
    url,
    headers = {},
    payload,
  }: {
    method: string;
    url: string;
    headers?: Record<string, string>;
    payload?: Buffer | object;
  }) => {
    const json = payload !== undefined && !Buffer.isBuffer(payload);
    const response = await fetch(server.base + url, {
      method,
      headers: { ...(json ? { 'content-type': 'application/json' } : {}), ...headers },
      body: payload === undefined ? undefined : json ? JSON.stringify(payload) : new Uint8Array(payload),
    });
    const body = await response.text();
    return {
      statusCode: response.status,
      headers: Object.fromEntries(response.headers),
      body,
      json: () => JSON.parse(body) as unknown,
    };
  };
  return { inject, db } as unknown as App;
}

/** The band's live page on a server: signed in as the gig's band admin, following the gig. */
async function bandPageOn(server: Server, session: string, gig: string) {
  const page = await connect(`ws://127.0.0.1:${server.port}/ws`, {}, liveProtocols(session));
  page.send({ type: 'subscribe', gig });
  const snapshot = (await page.next(0)) as { type: string; gig: string; version: number };
  return { page, snapshot };
}

const changesOf = (page: LiveClient) =>
  (page.messages as { type?: string }[]).filter((m) => m.type === 'change') as unknown as ChangeEvent[];

/** A ping answered by a pong: whatever the server sent before it has arrived. */
async function roundTrip(page: LiveClient) {
  const pongs = () => (page.messages as { type?: string }[]).filter((m) => m.type === 'pong').length;
  const before = pongs();
  page.send({ type: 'ping' });
  await waitFor(() => pongs() > before);
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

/** Whether Redis answers a PING (the test fails with this reason when it does not). */
async function redisAnswers(): Promise<boolean> {
  const redis = new Redis(REDIS_URL, {
    lazyConnect: true,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

// ---------------------------------------------------------------------------------------------

describe.runIf(onPostgres)(
  'two server processes on one PostgreSQL and one Redis (server-postgres project only: needs TEST_DB=postgres)',
  () => {
    const dataDirs: string[] = [];
    let database: string | undefined;
    let db: Db | undefined;
    let one: Server;
    let two: Server;
    let scene: GigScene;
    let onOne: App;
    let onTwo: App;

    beforeAll(async () => {
      process.once('exit', killAll);
      expect(await redisAnswers(), `Redis does not answer at ${REDIS_URL}`).toBe(true);
      // A database of its own (the server pins its migrations to the schema "public"), dropped afterwards.
      database = `encore_twoproc_${randomBytes(6).toString('hex')}`;
      await withPg(DATABASE_URL!, (client) => client.query(`create database ${database}`));
      const url = new URL(DATABASE_URL!);
      url.pathname = `/${database}`;
      const databaseUrl = url.toString();
      // Settings before the first start: process 1's live server listens on a free port of its own
      // (process 2 then finds it taken and runs on /ws of its main port only, as it says in its log).
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'encore-twoproc-'));
      dataDirs.push(dataDir);
      db = openDatabase({ dataDir, databaseUrl }).db;
      await migrateToLatest(db, 'public');
      await writeSettings(db, { websocket_host: '127.0.0.1', websocket_port: await freePort() });

      const env = (n: number) => {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), `encore-twoproc-${n}-`));
        dataDirs.push(dir);
        return {
          DATA_DIR: dir,
          DATABASE_URL: databaseUrl,
          REDIS_URL,
          ADMIN_EMAIL: ADMIN.email,
          ADMIN_PASSWORD: ADMIN.password,
          CLIENT_DIR: path.join(dir, 'no-client'),
          LOG_TO_CONSOLE: 'false',
          // Trust what was read for a minute: within the test only Redis can tell a process of
          // another's writes, so what arrives proves Redis carried it.
          FRESH_MS: '60000',
        };
      };
      // One after the other: the first brings the database up to date and makes the first admin.
      one = await startServer(env(1));
      two = await startServer(env(2));
      onOne = overHttp(one, db);
      onTwo = overHttp(two, db);
      scene = await gigScene(onOne);
    }, 120_000);

    afterAll(async () => {
      terminateAll();
      await Promise.all([one, two].filter(Boolean).map(stopServer));
      killAll();
      await db?.destroy();
      if (database) {
        await withPg(DATABASE_URL!, (client) =>
          client.query(`drop database if exists ${database} with (force)`),
        );
      }
      for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
      process.off('exit', killAll);
    }, 30_000);

    it('a song added through process 1 is in process 2’s list at once (no stale cache)', async () => {
      const list = async () => {
        const response = await call(onTwo, 'GET', '/api/admin/songs?pg=0', {
          token: scene.people.tokens.owner,
        });
        expect(response.statusCode, response.body).toBe(200);
        return (response.json() as { data: { naziv: string }[]; total: number }).data.map(
          (song) => song.naziv,
        );
      };
      // Read twice on process 2 so that its list is in its cache.
      const before = await list();
      expect(await list()).toEqual(before);
      expect(before).not.toContain('Dodata na prvom');

      const performers = await call(onOne, 'GET', '/api/admin/performers?pg=0', {
        token: scene.people.tokens.owner,
      });
      expect(performers.statusCode, performers.body).toBe(200);
      const performer = (performers.json() as { data: { id: number }[] }).data[0].id;
      const added = await postForm(
        onOne,
        '/api/admin/addsong',
        { title: 'Dodata na prvom', performer: String(performer), visible: '0' },
        { token: scene.people.tokens.owner },
      );
      expect(added.statusCode, added.body).toBe(200);

      // Redis carries the news asynchronously: wait for it (a bound on waiting, far below FRESH_MS).
      await expect.poll(list, { timeout: 10_000, interval: 50 }).toContain('Dodata na prvom');
    });

    it('a sign-out on process 1 is refused on process 2 within the stated bound (1 s; waited up to 10 s)', async () => {
      const token = await login(onOne, 'viewer@test.local', 'user-password-1');
      const user = () => call(onTwo, 'GET', '/api/user', { token });
      expect((await user()).statusCode).toBe(200);

      const out = await call(onOne, 'POST', '/api/logout', { token });
      expect(out.statusCode, out.body).toBe(200);
      await waitFor(async () => (await user()).statusCode === 401, { ms: BOUND_MS, every: 50 });
    });

    it('requests accepted by process 1 reach a page following the gig on process 2, in order, none lost', async () => {
      const { page, snapshot } = await bandPageOn(two, scene.people.tokens.owner, scene.token);
      expect(snapshot).toMatchObject({ type: 'queue', gig: scene.token });
      const fans = audience(onOne, scene.token);
      const asked: number[] = [];
      for (let i = 0; i < 5; i++) {
        const body = await fans.accepted(scene.songs[i].id, device(`twoproc-${i}`));
        asked.push(body.request.id);
      }
      const changes = () => changesOf(page);
      await waitFor(() => changes().length >= 5, { ms: BOUND_MS });
      const events = changes();
      expect(events).toHaveLength(5);
      const first = (snapshot as { version: number }).version;
      expect(events.map((e) => e.version)).toEqual([1, 2, 3, 4, 5].map((n) => first + n));
      expect(events.map((e) => e.change)).toEqual(
        scene.songs
          .slice(0, 5)
          .map((song, i) =>
            expect.objectContaining({ kind: 'requested', song_id: song.id, request_ids: [asked[i]] }),
          ),
      );
      page.ws.close();
      await page.closed;
    });

    it('the leading tablet’s messages on process 1 reach the band’s pages on process 2 only, late ones too', async () => {
      const { page: leader } = await bandPageOn(one, scene.people.tokens.owner, scene.token);
      const { page: follower } = await bandPageOn(two, scene.people.tokens.owner, scene.token);
      const guest = await connect(`ws://127.0.0.1:${two.port}/ws`);
      guest.send({ type: 'subscribe', gig: scene.token });
      await guest.next(0);
      const leadsOf = (page: LiveClient) =>
        (page.messages as { type?: string }[]).filter((m) => m.type === 'lead') as unknown as LeadEvent[];
      const song = { song_id: scene.songs[0].id, naziv: scene.songs[0].naziv, performer: null };
      leader.send({
        type: 'lead',
        gig: scene.token,
        tablet: 'twoproc-leader',
        take: true,
        song: { ...song, resource: null, resursi: null, chart: true },
        transpose: 3,
        capo: 0,
        scroll: 0.25,
      });
      await waitFor(() => leadsOf(follower).length === 1, { ms: BOUND_MS });
      expect(leadsOf(follower)[0]).toMatchObject({
        tablet: 'twoproc-leader',
        song,
        transpose: 3,
        scroll: 0.25,
      });

      // A band page that opens on process 2 afterwards finds the leader's song there.
      const { page: late } = await bandPageOn(two, scene.people.tokens.owner, scene.token);
      await waitFor(() => leadsOf(late).length === 1, { ms: BOUND_MS });
      expect(leadsOf(late)[0]).toMatchObject({ tablet: 'twoproc-leader', song });

      // The guest's phone on process 2 follows the gig (it got the queue), and got none of it.
      expect(guest.messages[0]).toMatchObject({ type: 'queue', gig: scene.token });
      await roundTrip(guest);
      expect(leadsOf(guest)).toEqual([]);
      for (const page of [leader, follower, late, guest]) page.ws.close();
    });

    it('a change of the running order on process 1 reaches the band’s pages on process 2 only', async () => {
      const { page: tablet } = await bandPageOn(two, scene.people.tokens.viewer, scene.token);
      const guest = await connect(`ws://127.0.0.1:${two.port}/ws`);
      guest.send({ type: 'subscribe', gig: scene.token });
      await guest.next(0);
      const setlistsOf = (page: LiveClient) =>
        (page.messages as { type?: string }[]).filter(
          (m) => m.type === 'setlist',
        ) as unknown as SetlistEvent[];
      const moved = await call(onOne, 'POST', `/api/admin/live/${scene.token}/setlist/next`, {
        token: scene.people.tokens.owner,
        body: {},
      });
      expect(moved.statusCode, moved.body).toBe(200);
      await waitFor(() => setlistsOf(tablet).length === 1, { ms: BOUND_MS });
      expect(setlistsOf(tablet)[0]).toMatchObject({
        gig: scene.token,
        current: { kind: 'set', song_id: scene.songs[0].id },
      });
      await roundTrip(guest);
      expect(setlistsOf(guest)).toEqual([]);
      for (const page of [tablet, guest]) page.ws.close();
    });

    it('restarting the live server on process 1 does not drop process 2’s clients', async () => {
      const { page, snapshot } = await bandPageOn(two, scene.people.tokens.owner, scene.token);
      let dropped = false;
      page.ws.once('close', () => (dropped = true));

      const restart = await call(onOne, 'POST', '/api/admin/restart-websocket', {
        token: scene.people.tokens.admin,
      });
      expect(restart.statusCode, restart.body).toBe(200);

      // Still open, still following: a request through process 1 after the restart reaches it.
      await roundTrip(page);
      expect(dropped).toBe(false);
      const body = await audience(onOne, scene.token).accepted(scene.songs[5].id, device('twoproc-after'));
      await waitFor(() => changesOf(page).length > 0, { ms: BOUND_MS });
      expect(changesOf(page)[0]).toMatchObject({
        version: snapshot.version + 1,
        change: { kind: 'requested', song_id: scene.songs[5].id, request_ids: [body.request.id] },
      });
      expect(dropped).toBe(false);
      page.ws.close();
      await page.closed;
    });
  },
);
