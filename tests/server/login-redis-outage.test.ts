import { Redis } from 'ioredis';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { App } from '../../src/server/app.js';
import {
  LOGIN_ACCOUNT_FREE_FAILURES,
  LOGIN_FAILURE_WINDOW_MINUTES,
  LOGIN_MAX_FAILURES,
} from '../../src/shared/constants.js';
import { ADMIN, buildTestApp, manualClock, type TestApp, waitFor } from './helpers.js';
import { type RedisOutage, redisBehindProxy } from './redis-outage.js';

/*
 * Failed sign-in limits through a Redis outage (issue 23, finding 8). The real app, and a twin on
 * the same database standing for a second server process, reach the real Redis through a proxy
 * the test cuts and restores; deleting the app's keys stands for a Redis restarted without
 * persistence.
 */

const REDIS_URL = 'redis://127.0.0.1:6379';
const CSRF = 'test-csrf-token';

let clock: ReturnType<typeof manualClock>;
let outage: RedisOutage;
let t: TestApp;
let redis: Redis;

beforeEach(async () => {
  clock = manualClock();
  outage = await redisBehindProxy();
  t = await buildTestApp({ clock, redisUrl: outage.url });
  redis = new Redis(REDIS_URL);
});
afterEach(async () => {
  await t.close();
  await outage.close();
  await emptyRedis();
  redis.disconnect();
});

function signIn(app: App, password: string, ip = '192.0.2.1') {
  return app.inject({
    method: 'POST',
    url: '/api/login',
    remoteAddress: ip,
    headers: { cookie: `XSRF-TOKEN=${CSRF}`, 'x-xsrf-token': CSRF },
    payload: { email: ADMIN.email, password },
  });
}

const answer = async (app: App, password: string, ip?: string) =>
  (await signIn(app, password, ip)).statusCode;

/** Drops the app's sign-in keys, as a Redis restarted without persistence has lost them. */
async function emptyRedis() {
  const keys = await redis.keys(`${t.loginCounterPrefix}*`);
  if (keys.length) await redis.del(...keys);
}

/** Redis's count of failures of the one email and address that signed in so far. */
async function pairCountInRedis() {
  const keys = await redis.keys(`${t.loginCounterPrefix}pair:*`);
  expect(keys.length).toBeLessThanOrEqual(1);
  return keys.length ? Number(await redis.get(keys[0])) : 0;
}

/**
 * Restores Redis, then tries wrong passwords until Redis holds `count` failures of the pair (an
 * attempt was decided through Redis once the app reconnected). Answers the statuses on the way.
 */
async function restoreRedisUntilCounted(app: App, count: number) {
  await outage.start();
  const answers: number[] = [];
  await waitFor(
    async () => {
      answers.push(await answer(app, 'guess'));
      return (await pairCountInRedis()) >= count;
    },
    { ms: 20_000, every: 100 },
  );
  return answers;
}

describe('failed sign-ins while Redis is down', () => {
  it('keep the counts Redis had: after 5 failures the next attempt is refused, right password or not', async () => {
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) expect(await answer(t.app, 'guess')).toBe(401);
    outage.stop();
    expect(await answer(t.app, ADMIN.password)).toBe(429);
    expect(await answer(t.app, 'guess')).toBe(429);
  });

  it('are counted once for every server process, per email and address and per account', async () => {
    const twin = await t.twin({ redisUrl: outage.url });
    outage.stop();
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++)
      expect(await answer(i % 2 ? twin : t.app, 'guess')).toBe(401);
    expect(await answer(twin, ADMIN.password)).toBe(429);
    expect(await answer(t.app, ADMIN.password)).toBe(429);

    // The rest of the account's free failures from other addresses, split between the processes.
    for (let i = LOGIN_MAX_FAILURES; i < LOGIN_ACCOUNT_FREE_FAILURES; i++) {
      expect(await answer(i % 2 ? twin : t.app, 'guess', `198.51.100.${i}`)).toBe(401);
    }
    for (const app of [t.app, twin]) {
      const delayed = await signIn(app, 'guess', '203.0.113.99');
      expect(delayed.statusCode).toBe(429);
      expect(delayed.json().message).toMatch(/for this account/);
    }
  });

  it('let no more than the limit through when attempts arrive at once on two processes', async () => {
    const twin = await t.twin({ redisUrl: outage.url });
    outage.stop();
    const burst = await Promise.all(
      Array.from({ length: 20 }, (_, i) => answer(i % 2 ? twin : t.app, 'guess')),
    );
    expect(burst.filter((status) => status === 401)).toHaveLength(LOGIN_MAX_FAILURES);
    expect(burst.filter((status) => status === 429)).toHaveLength(20 - LOGIN_MAX_FAILURES);

    // From 30 addresses at once: the account's free failures, then its wait refuses the rest.
    const spread = await Promise.all(
      Array.from({ length: 30 }, (_, i) => answer(i % 2 ? twin : t.app, 'guess', `198.51.100.${i + 1}`)),
    );
    expect(spread.filter((status) => status === 401)).toHaveLength(
      LOGIN_ACCOUNT_FREE_FAILURES - LOGIN_MAX_FAILURES,
    );
  });
});

describe('failed sign-ins when Redis is back', () => {
  it('are carried into Redis: failures before and during the outage add up to the limit', async () => {
    const twin = await t.twin({ redisUrl: outage.url });
    for (let i = 0; i < 2; i++) expect(await answer(t.app, 'guess')).toBe(401);
    outage.stop();
    for (let i = 2; i < LOGIN_MAX_FAILURES; i++) expect(await answer(twin, 'guess')).toBe(401);

    const answers = await restoreRedisUntilCounted(t.app, LOGIN_MAX_FAILURES);
    expect(
      answers.every((status) => status === 429),
      String(answers),
    ).toBe(true);
    expect(await pairCountInRedis()).toBe(LOGIN_MAX_FAILURES);
    expect(await answer(twin, ADMIN.password)).toBe(429);
  });

  it('are given back to a Redis emptied between two attempts, with no outage seen', async () => {
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) expect(await answer(t.app, 'guess')).toBe(401);
    await emptyRedis();
    expect(await answer(t.app, ADMIN.password)).toBe(429);
    expect(await pairCountInRedis()).toBe(LOGIN_MAX_FAILURES);
  });

  it('are given back to a Redis restarted empty, with the rest of their window', async () => {
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) expect(await answer(t.app, 'guess')).toBe(401);
    clock.advanceMinutes(5);
    outage.stop();
    await emptyRedis();

    const answers = await restoreRedisUntilCounted(t.app, LOGIN_MAX_FAILURES);
    expect(
      answers.every((status) => status === 429),
      String(answers),
    ).toBe(true);
    const refused = await signIn(t.app, ADMIN.password);
    expect(refused.statusCode).toBe(429);
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual((LOGIN_FAILURE_WINDOW_MINUTES - 5) * 60);

    // The window ends. Redis's clock cannot be moved: its keys go as they would have expired.
    clock.advanceMinutes(LOGIN_FAILURE_WINDOW_MINUTES - 5);
    await emptyRedis();
    expect(await answer(t.app, ADMIN.password)).toBe(200);
  });
});
