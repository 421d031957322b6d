import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { buildApp, type App } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { migrateToLatest, openDatabase } from '../../src/server/db/connect.js';
import { newBandSlug } from '../../src/server/db/bands.js';
import { writeSettings } from '../../src/server/db/settings.js';
import { hashPassword } from '../../src/server/services/auth/passwords.js';
import type { Role, SystemSettings } from '../../src/shared/constants.js';

export const ADMIN = { email: 'admin@test.local', password: 'admin-password-1' };

/** A clock the test moves by hand. */
export function manualClock(start = '2026-11-21T12:00:00.000Z') {
  let now = new Date(start).getTime();
  const clock = () => new Date(now);
  clock.advanceMinutes = (minutes: number) => {
    now += minutes * 60_000;
  };
  clock.advanceSeconds = (seconds: number) => {
    now += seconds * 1000;
  };
  return clock;
}

export interface TestApp {
  app: App;
  /** The app's DATA_DIR (removed by close). */
  dataDir: string;
  /** Prefix of the sign-in counters in Redis of the app and its twins (when it has a Redis URL). */
  loginCounterPrefix?: string;
  /**
   * A second app on the same database, as a second server process would be (closed by close): it
   * shares the app's clock and sign-in counter prefix.
   */
  twin(options?: { redisUrl?: string; freshMs?: number }): Promise<App>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  clock?: ReturnType<typeof manualClock>;
  /** Let the live server listen on websocket_host:websocket_port too (default false: /ws only). */
  liveListen?: boolean;
  livePingIntervalMs?: number;
  /** config.redisUrl (REDIS_URL); none by default. */
  redisUrl?: string;
  /** More environment for loadConfig (e.g. PORT, LIVE_PORT). */
  env?: NodeJS.ProcessEnv;
  /** Settings stored before the app starts (e.g. a free websocket_port when liveListen is on). */
  settings?: Partial<SystemSettings>;
  /** How long sessions and list versions are trusted from memory (default 1 s). */
  freshMs?: number;
  /** Runs on the fresh, empty DATA_DIR before the app opens it (e.g. to put a backup in place). */
  prepareDataDir?: (dataDir: string) => void;
  /**
   * Threads reading the lists on SQLite (config.readWorkers). None by default: each worker starts a
   * TypeScript loader of its own, and hundreds of apps are built here; heavy-reads.test.ts, import-worker.test.ts and the
   * browser tests run the lists through a worker, as a server does.
   */
  readWorkers?: number;
}

/**
 * The real app on a fresh database: SQLite in a temporary DATA_DIR, or (TEST_DB=postgres) a schema
 * of its own in TEST_DATABASE_URL, dropped afterwards.
 */
export async function buildTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'encore-test-'));
  options.prepareDataDir?.(dataDir);
  const usePostgres = process.env.TEST_DB === 'postgres';
  const databaseUrl = usePostgres ? process.env.TEST_DATABASE_URL : undefined;
  let schema: string | undefined;
  if (usePostgres) {
    if (!databaseUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
    schema = `test_${randomBytes(6).toString('hex')}`;
    await withPg(databaseUrl, (client) => client.query(`create schema ${schema}`));
  }
  const config = {
    ...loadConfig({
      DATA_DIR: dataDir,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      ...options.env,
    }),
    databaseUrl,
    clientDir: path.join(dataDir, 'no-client'),
    logToConsole: false,
    readWorkers: options.readWorkers ?? 0,
    ...(options.redisUrl !== undefined ? { redisUrl: options.redisUrl } : {}),
  };
  // Sign-in counters of their own in a shared Redis, so parallel runs never limit each other.
  const loginCounterPrefix = options.redisUrl ? `test:login:${randomBytes(6).toString('hex')}:` : undefined;
  // ... and the panel's topic (band ids repeat between test databases).
  const panelRedisChannel = `test:panel:${randomBytes(6).toString('hex')}`;
  let app: App;
  try {
    if (options.settings) await seedSettings(dataDir, databaseUrl, schema, options.settings);
    app = await buildApp(config, {
      clock: options.clock,
      databaseSchema: schema,
      liveListen: options.liveListen ?? false,
      livePingIntervalMs: options.livePingIntervalMs,
      loginCounterPrefix,
      freshMs: options.freshMs,
      panelRedisChannel,
    });
  } catch (error) {
    // A half-migrated schema left behind would confuse the migrations of every later run.
    if (schema) await withPg(databaseUrl!, (client) => client.query(`drop schema ${schema} cascade`));
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const twins: App[] = [];
  return {
    app,
    dataDir,
    loginCounterPrefix,
    async twin({ redisUrl, freshMs } = {}) {
      const twin = await buildApp(
        { ...config, ...(redisUrl !== undefined ? { redisUrl } : {}) },
        {
          clock: options.clock,
          databaseSchema: schema,
          liveListen: false,
          freshMs,
          loginCounterPrefix,
          panelRedisChannel,
        },
      );
      twins.push(twin);
      return twin;
    },
    async close() {
      for (const twin of twins) await twin.close();
      await app.close();
      if (schema) await withPg(databaseUrl!, (client) => client.query(`drop schema ${schema} cascade`));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Stores settings before the app first opens the database (so they hold from its first start). */
async function seedSettings(
  dataDir: string,
  databaseUrl: string | undefined,
  schema: string | undefined,
  settings: Partial<SystemSettings>,
) {
  const { db } = openDatabase({ dataDir, databaseUrl, databaseSchema: schema });
  try {
    await migrateToLatest(db, schema);
    await writeSettings(db, settings);
  } finally {
    await db.destroy();
  }
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

export async function createBand(app: App, naziv: string) {
  const row = await app.db
    .insertInto('bands')
    .values({
      naziv,
      slug: await newBandSlug(app.db, naziv),
      email: null,
      picture: null,
      created_at: new Date().toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function createUser(
  app: App,
  {
    email,
    password = 'user-password-1',
    role,
    bandId = null,
    name = email.split('@')[0],
  }: {
    email: string;
    password?: string;
    role: Role;
    bandId?: number | null;
    name?: string;
  },
) {
  const now = new Date().toISOString();
  const row = await app.db
    .insertInto('users')
    .values({
      name,
      email,
      password_hash: await hashPassword(password),
      role,
      band_id: bandId,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, email, password };
}

const CSRF = 'test-csrf-token';

/** An API call as the panel makes it: CSRF cookie and header, and the bearer token when given. */
export function call(
  app: App,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  { token, body, csrf = true }: { token?: string; body?: unknown; csrf?: boolean } = {},
) {
  return app.inject({
    method,
    url,
    headers: {
      accept: 'application/json',
      ...(csrf ? { cookie: `XSRF-TOKEN=${CSRF}`, 'x-xsrf-token': CSRF } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body !== undefined ? { payload: body as object } : {}),
  });
}

export async function login(app: App, email: string, password: string): Promise<string> {
  const response = await call(app, 'POST', '/api/login', { body: { email, password } });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`);
  return response.json().data.token as string;
}

/** Ports handed out by freePort in this test process: none is given twice. */
const handedOut = new Set<number>();

/**
 * A TCP port nobody listens on right now (it is released again at once), below Linux's ephemeral
 * range (32768 and up): a port the OS picked from that range could be taken meanwhile as the local
 * end of another test's outgoing connection (PostgreSQL, Redis, a websocket) before the app under
 * test binds it (a CI flake: the second instance's live port "already in use").
 */
export async function freePort(): Promise<number> {
  for (;;) {
    const port = 20000 + Math.floor(Math.random() * 12000);
    if (handedOut.has(port)) continue;
    const bound = await new Promise<boolean>((resolve) => {
      const server = net.createServer();
      server.once('error', () => resolve(false));
      server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
    });
    if (!bound) continue;
    handedOut.add(port);
    return port;
  }
}

/** Starts the app's HTTP server on a free port of 127.0.0.1 (websockets need a real socket). */
export async function listenApp(app: App): Promise<number> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as net.AddressInfo).port;
}

/**
 * Polls until `check` returns a value other than undefined/false (or stops throwing), for what
 * happens asynchronously (log file writes, sockets closing); fails with the last error after `ms`.
 */
export async function waitFor<T>(
  check: () => T | Promise<T>,
  { ms = 5_000, every = 20 }: { ms?: number; every?: number } = {},
): Promise<Exclude<T, false | undefined>> {
  const until = Date.now() + ms;
  for (;;) {
    let failure: unknown;
    try {
      const value = await check();
      if (value !== undefined && value !== false) return value as Exclude<T, false | undefined>;
      failure = new Error('waitFor: the condition did not come true');
    } catch (error) {
      failure = error;
    }
    if (Date.now() > until) throw failure;
    await new Promise((resolve) => setTimeout(resolve, every));
  }
}
