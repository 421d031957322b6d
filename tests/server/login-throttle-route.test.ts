import { randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Redis } from 'ioredis';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import sessionRoutes, { type SessionRoutesOptions } from '../../src/server/routes/session.js';
import { LOGIN_ACCOUNT_FREE_FAILURES, LOGIN_MAX_FAILURES } from '../../src/shared/constants.js';
import { ADMIN, buildTestApp, manualClock, type TestApp } from './helpers.js';

/*
 * The real sign-in route on the test app's database, mounted in a server of its own so that each test
 * can give it options the full app does not expose: a small memory bound, or a Redis key prefix of
 * its own. Two such servers on one database and one Redis stand for two server processes.
 */

const REDIS_URL = 'redis://127.0.0.1:6379';

let t: TestApp;
let clock: ReturnType<typeof manualClock>;
const servers: { close(): Promise<unknown> }[] = [];
const prefixes: string[] = [];

beforeEach(async () => {
  clock = manualClock();
  t = await buildTestApp({ clock });
});
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
  const redis = new Redis(REDIS_URL);
  for (const prefix of prefixes.splice(0)) {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
  }
  redis.disconnect();
  await t.close();
});

async function signInServer(options: SessionRoutesOptions, logs: string[] = []) {
  const server = Fastify({
    logger: { level: 'warn', stream: { write: (line: string) => logs.push(line) } },
  }).withTypeProvider<TypeBoxTypeProvider>();
  server.decorate('db', t.app.db);
  server.decorate('settings', t.app.settings);
  server.decorate('clock', clock);
  await server.register(sessionRoutes, options);
  await server.ready();
  servers.push(server);
  return (email: string, password: string, ip: string) =>
    server.inject({ method: 'POST', url: '/api/login', remoteAddress: ip, payload: { email, password } });
}

function redisOptions(): SessionRoutesOptions {
  const redisPrefix = `test:login-route:${randomBytes(6).toString('hex')}:`;
  prefixes.push(redisPrefix);
  return { redisUrl: REDIS_URL, loginThrottle: { redisPrefix } };
}

describe('POST /api/login with a small memory bound', () => {
  it('a blocked account stays blocked however many other emails fail, and new ones are refused', async () => {
    const signIn = await signInServer({ loginThrottle: { limits: { maxEntries: 20 } } });
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) {
      expect((await signIn(ADMIN.email, 'guess', '192.0.2.1')).statusCode).toBe(401);
    }
    expect((await signIn(ADMIN.email, ADMIN.password, '192.0.2.1')).statusCode).toBe(429);

    const answers = new Map<number, number>();
    for (let i = 0; i < 50; i++) {
      const { statusCode } = await signIn(`user${i}@test.local`, 'guess', `10.0.0.${i + 1}`);
      answers.set(statusCode, (answers.get(statusCode) ?? 0) + 1);
    }
    // 19 more fill the tables; the rest are refused rather than pushing the admin's count out.
    expect(Object.fromEntries(answers)).toEqual({ 401: 19, 429: 31 });
    expect((await signIn(ADMIN.email, ADMIN.password, '192.0.2.1')).statusCode).toBe(429);

    clock.advanceMinutes(15);
    expect((await signIn(ADMIN.email, ADMIN.password, '192.0.2.1')).statusCode).toBe(200);
  });
});

describe('POST /api/login on two servers sharing Redis', () => {
  it('a failure counted by one server counts on the other', async () => {
    const options = redisOptions();
    const one = await signInServer(options);
    const two = await signInServer(options);
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) {
      expect((await one(ADMIN.email, 'guess', '192.0.2.1')).statusCode).toBe(401);
    }
    expect((await two(ADMIN.email, ADMIN.password, '192.0.2.1')).statusCode).toBe(429);

    // The rest of the account's free failures from a second address, split between the servers.
    for (let i = LOGIN_MAX_FAILURES; i < LOGIN_ACCOUNT_FREE_FAILURES; i++) {
      const server = i % 2 ? one : two;
      expect((await server(ADMIN.email, 'guess', '192.0.2.2')).statusCode).toBe(401);
    }
    const delayed = await two(ADMIN.email, 'guess', '192.0.2.3');
    expect(delayed.statusCode).toBe(429);
    expect(delayed.json().message).toMatch(/for this account/);
  });

  it('a server whose Redis is down counts in the database, says so once and still answers', async () => {
    const logs: string[] = [];
    const signIn = await signInServer({ redisUrl: 'redis://127.0.0.1:1' }, logs);
    expect((await signIn(ADMIN.email, ADMIN.password, '192.0.2.1')).statusCode).toBe(200);
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) {
      expect((await signIn(ADMIN.email, 'guess', '192.0.2.1')).statusCode).toBe(401);
    }
    expect((await signIn(ADMIN.email, ADMIN.password, '192.0.2.1')).statusCode).toBe(429);
    const warnings = logs.map((line) => JSON.parse(line) as { level: number; msg: string });
    expect(warnings).toEqual([
      expect.objectContaining({
        level: 40,
        msg: expect.stringMatching(/^redis unreachable: sign-in limits/),
      }),
    ]);
  });
});
