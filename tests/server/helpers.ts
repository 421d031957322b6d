import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { buildApp, type App } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { hashPassword } from '../../src/server/services/passwords.js';
import type { Role } from '../../src/shared/constants.js';

export const ADMIN = { email: 'admin@test.local', password: 'admin-password-1' };

/** A clock the test moves by hand. */
export function manualClock(start = '2026-11-21T12:00:00.000Z') {
  let now = new Date(start).getTime();
  const clock = () => new Date(now);
  clock.advanceMinutes = (minutes: number) => {
    now += minutes * 60_000;
  };
  return clock;
}

export interface TestApp {
  app: App;
  close(): Promise<void>;
}

/**
 * The real app on a fresh database: SQLite in a temporary DATA_DIR, or (TEST_DB=postgres) a schema
 * of its own in TEST_DATABASE_URL, dropped afterwards.
 */
export async function buildTestApp(
  options: { clock?: ReturnType<typeof manualClock> } = {},
): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'encore-test-'));
  const usePostgres = process.env.TEST_DB === 'postgres';
  const databaseUrl = usePostgres ? process.env.TEST_DATABASE_URL : undefined;
  let schema: string | undefined;
  if (usePostgres) {
    if (!databaseUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
    schema = `test_${randomBytes(6).toString('hex')}`;
    await withPg(databaseUrl, (client) => client.query(`create schema ${schema}`));
  }
  const config = {
    ...loadConfig({ DATA_DIR: dataDir, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }),
    databaseUrl,
    clientDir: path.join(dataDir, 'no-client'),
    logToConsole: false,
  };
  const app = await buildApp(config, { clock: options.clock, databaseSchema: schema, liveListen: false });
  return {
    app,
    async close() {
      await app.close();
      if (schema) await withPg(databaseUrl!, (client) => client.query(`drop schema ${schema} cascade`));
      fs.rmSync(dataDir, { recursive: true, force: true });
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

export async function createBand(app: App, naziv: string) {
  const row = await app.db
    .insertInto('bands')
    .values({ naziv, email: null, picture: null, created_at: new Date().toISOString() })
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
