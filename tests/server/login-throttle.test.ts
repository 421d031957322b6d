import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  LOGIN_ACCOUNT_FREE_FAILURES,
  LOGIN_FAILURE_WINDOW_MINUTES,
  LOGIN_MAX_FAILURES,
  LOGIN_MAX_FAILURES_PER_ADDRESS,
} from '../../src/shared/constants.js';
import { addressGroup } from '../../src/server/services/auth/login-address.js';
import { LoginThrottle, type LoginLimits } from '../../src/server/services/auth/login-throttle.js';
import { buildTestApp, type TestApp } from './helpers.js';

const REDIS_URL = 'redis://127.0.0.1:6379';
const WINDOW_MS = LOGIN_FAILURE_WINDOW_MINUTES * 60_000;

/** A clock moved by hand, in milliseconds. */
function testClock() {
  let now = Date.parse('2026-11-21T12:00:00.000Z');
  const clock = () => new Date(now);
  clock.advance = (ms: number) => {
    now += ms;
  };
  return clock;
}

function testLogger() {
  const warnings: string[] = [];
  return { warnings, warn: (_: object, message: string) => warnings.push(message), info: () => undefined };
}

const opened: LoginThrottle[] = [];
const apps: TestApp[] = [];
afterEach(async () => {
  for (const throttle of opened.splice(0)) throttle.close();
  for (const app of apps.splice(0)) await app.close();
});

function memoryThrottle(limits: Partial<LoginLimits> = {}) {
  const clock = testClock();
  const logger = testLogger();
  const throttle = new LoginThrottle({ clock, logger, limits });
  opened.push(throttle);
  return { throttle, clock, logger };
}

/** A throttle configured with Redis that never answers: its counts live in the database. */
async function databaseThrottle() {
  const t = await buildTestApp();
  apps.push(t);
  const clock = testClock();
  const logger = testLogger();
  const throttle = new LoginThrottle({ clock, logger, redisUrl: 'redis://127.0.0.1:1', db: t.app.db });
  opened.push(throttle);
  await throttle.start();
  return { throttle, clock, logger, db: t.app.db };
}

/** The same limits hold wherever the counts live. */
const stores = [
  { where: 'in memory (no Redis)', make: async () => memoryThrottle() },
  { where: 'in the database (Redis unreachable)', make: databaseThrottle },
];

/** An attempt whose password turns out wrong: what the sign-in route does then. */
const fail = (throttle: LoginThrottle, email: string, ip: string) => throttle.begin(email, ip);

/** An attempt whose password turns out right. */
async function pass(throttle: LoginThrottle, email: string, ip: string) {
  const verdict = await throttle.begin(email, ip);
  if (verdict.allowed) await throttle.succeed(email, ip);
  return verdict;
}

/** A distinct IPv4 address for each n (10.x.y.z). */
const ip = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;

describe('a bound that never forgets a live count', () => {
  it('10,050 failed sign-ins with distinct emails do not reset a blocked account', async () => {
    const { throttle } = memoryThrottle();
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) await fail(throttle, 'admin@x.test', '192.0.2.1');
    expect(await throttle.begin('admin@x.test', '192.0.2.1')).toMatchObject({
      allowed: false,
      limit: 'pair',
    });

    // From many addresses, so that every one of them is counted rather than refused per address.
    for (let i = 0; i < 10_050; i++) {
      expect((await fail(throttle, `user${i}@x.test`, ip(i))).allowed).toBe(true);
    }
    expect(await throttle.begin('admin@x.test', '192.0.2.1')).toMatchObject({
      allowed: false,
      limit: 'pair',
    });
  });

  it('when full of live counts, refuses new keys (fails closed) and keeps counting the known ones', async () => {
    const { throttle, clock, logger } = memoryThrottle({ maxEntries: 100 });
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) await fail(throttle, 'admin@x.test', '192.0.2.1');
    clock.advance(60_000);
    // 99 more accounts from 99 more addresses fill each table (100 entries).
    for (let i = 0; i < 99; i++) expect((await fail(throttle, `user${i}@x.test`, ip(i))).allowed).toBe(true);

    for (let i = 0; i < 10_050; i++) {
      const verdict = await fail(throttle, `new${i}@x.test`, ip(1000 + i));
      expect(verdict).toMatchObject({ allowed: false, limit: 'capacity' });
    }
    // Refused until the oldest count (the admin's, a minute older) expires.
    expect(await fail(throttle, 'new@x.test', '198.51.100.1')).toEqual({
      allowed: false,
      limit: 'capacity',
      retryAfterMs: WINDOW_MS - 60_000,
    });
    expect(await throttle.begin('admin@x.test', '192.0.2.1')).toMatchObject({
      allowed: false,
      limit: 'pair',
    });
    // A pair already counted is still counted: user0 fails up to its own limit, not beyond.
    for (let i = 1; i < LOGIN_MAX_FAILURES; i++)
      expect((await fail(throttle, 'user0@x.test', ip(0))).allowed).toBe(true);
    expect(await fail(throttle, 'user0@x.test', ip(0))).toMatchObject({ allowed: false, limit: 'pair' });
    expect(logger.warnings).toEqual([expect.stringMatching(/full/)]);

    clock.advance(WINDOW_MS - 60_000);
    expect((await fail(throttle, 'new@x.test', '198.51.100.1')).allowed).toBe(true);
  });
});

describe.each(stores)('counted $where', ({ make }) => {
  describe('per email and address', () => {
    it(`refuses after ${LOGIN_MAX_FAILURES} failures until the window has passed since the first`, async () => {
      const { throttle, clock } = await make();
      for (let i = 0; i < LOGIN_MAX_FAILURES; i++) {
        expect(await fail(throttle, 'ana@x.test', '192.0.2.1')).toEqual({ allowed: true });
        clock.advance(60_000);
      }
      expect(await throttle.begin(' ANA@x.test ', '192.0.2.1')).toEqual({
        allowed: false,
        limit: 'pair',
        retryAfterMs: WINDOW_MS - LOGIN_MAX_FAILURES * 60_000,
      });
      clock.advance(WINDOW_MS - LOGIN_MAX_FAILURES * 60_000);
      expect((await throttle.begin('ana@x.test', '192.0.2.1')).allowed).toBe(true);
    });

    it('does not count refused attempts, so hammering does not extend the block', async () => {
      const { throttle, clock } = await make();
      for (let i = 0; i < LOGIN_MAX_FAILURES; i++) await fail(throttle, 'ana@x.test', '192.0.2.1');
      for (let i = 0; i < 50; i++)
        expect((await fail(throttle, 'ana@x.test', '192.0.2.1')).allowed).toBe(false);
      clock.advance(WINDOW_MS);
      expect((await throttle.begin('ana@x.test', '192.0.2.1')).allowed).toBe(true);
    });
  });

  describe('per address across accounts', () => {
    it(`refuses an address after ${LOGIN_MAX_FAILURES_PER_ADDRESS} failures on any accounts, not other addresses`, async () => {
      const { throttle, clock } = await make();
      for (let i = 0; i < LOGIN_MAX_FAILURES_PER_ADDRESS; i++) {
        expect((await fail(throttle, `user${i}@x.test`, '203.0.113.7')).allowed).toBe(true);
      }
      expect(await throttle.begin('fresh@x.test', '203.0.113.7')).toEqual({
        allowed: false,
        limit: 'address',
        retryAfterMs: WINDOW_MS,
      });
      expect((await throttle.begin('fresh@x.test', '203.0.113.8')).allowed).toBe(true);
      clock.advance(WINDOW_MS);
      expect((await throttle.begin('fresh@x.test', '203.0.113.7')).allowed).toBe(true);
    });

    it('does not count successful sign-ins, however many band members share the address', async () => {
      const { throttle } = await make();
      for (let i = 0; i < LOGIN_MAX_FAILURES_PER_ADDRESS * 2; i++) {
        expect((await pass(throttle, `member${i % 7}@x.test`, '203.0.113.7')).allowed).toBe(true);
      }
      expect((await fail(throttle, 'someone@x.test', '203.0.113.7')).allowed).toBe(true);
    });

    it('a success on an own account does not give a sprayer fresh guesses', async () => {
      const { throttle } = await make();
      for (let i = 0; i < LOGIN_MAX_FAILURES_PER_ADDRESS - 1; i++)
        await fail(throttle, `victim${i}@x.test`, '203.0.113.7');
      expect((await pass(throttle, 'mine@x.test', '203.0.113.7')).allowed).toBe(true);
      expect((await fail(throttle, 'victim99@x.test', '203.0.113.7')).allowed).toBe(true);
      expect(await throttle.begin('victim100@x.test', '203.0.113.7')).toMatchObject({ limit: 'address' });
    });

    it('counts an IPv6 /64 as one address, and an IPv4-mapped address as the IPv4 one', async () => {
      expect(addressGroup('2001:db8:1:2:aaaa::1')).toBe(addressGroup('2001:0db8:0001:0002:ffff:1:2:3'));
      expect(addressGroup('2001:db8:1:2::1')).not.toBe(addressGroup('2001:db8:1:3::1'));
      expect(addressGroup('::ffff:192.0.2.1')).toBe('192.0.2.1');
      expect(addressGroup('fe80::1%eth0')).toBe(addressGroup('fe80::2'));

      const { throttle } = await make();
      for (let i = 0; i < LOGIN_MAX_FAILURES_PER_ADDRESS; i++) {
        await fail(throttle, `user${i}@x.test`, `2001:db8:1:2::${(i + 1).toString(16)}`);
      }
      expect(await throttle.begin('fresh@x.test', '2001:db8:1:2:dead:beef:0:1')).toMatchObject({
        limit: 'address',
      });
    });
  });

  describe('per account across addresses', () => {
    async function spread(throttle: LoginThrottle, email: string, failures: number) {
      // Each address stays under its own limits: only the account's count can refuse.
      for (let i = 0; i < failures; i++) expect((await fail(throttle, email, ip(i))).allowed).toBe(true);
    }

    it('makes each attempt after the free failures wait, twice as long each time, up to the longest wait', async () => {
      const { throttle, clock } = await make();
      await spread(throttle, 'admin@x.test', LOGIN_ACCOUNT_FREE_FAILURES);
      const waits: number[] = [];
      for (let n = 0; n < 9; n++) {
        const verdict = await throttle.begin('admin@x.test', ip(1000 + n));
        if (verdict.allowed) throw new Error('expected a wait');
        expect(verdict.limit).toBe('account');
        waits.push(verdict.retryAfterMs);
        clock.advance(verdict.retryAfterMs - 1);
        expect((await throttle.begin('admin@x.test', ip(2000 + n))).allowed).toBe(false);
        clock.advance(1);
        expect((await fail(throttle, 'admin@x.test', ip(3000 + n))).allowed).toBe(true);
      }
      expect(waits).toEqual([1000, 2000, 4000, 8000, 16_000, 32_000, 60_000, 60_000, 60_000]);
      // Other accounts from the same addresses are not slowed down.
      expect((await throttle.begin('other@x.test', ip(1))).allowed).toBe(true);
    });

    it('is a wait, not a lockout: after the window the account has its free attempts again', async () => {
      const { throttle, clock } = await make();
      await spread(throttle, 'admin@x.test', LOGIN_ACCOUNT_FREE_FAILURES);
      // The attacker keeps trying at every moment allowed, from ever new addresses, for a whole window.
      let elapsed = 0;
      let guesses = 0;
      for (let attempt = 0; elapsed < WINDOW_MS; attempt++) {
        const verdict = await fail(throttle, 'admin@x.test', ip(5000 + attempt));
        if (verdict.allowed) guesses += 1;
        else {
          clock.advance(verdict.retryAfterMs);
          elapsed += verdict.retryAfterMs;
        }
      }
      // Bounded guessing: the growing waits (1 + 2 + … + 32 s), then one guess a minute.
      expect(guesses).toBeLessThanOrEqual(6 + WINDOW_MS / 60_000);
      clock.advance(WINDOW_MS);
      expect(await pass(throttle, 'admin@x.test', '198.51.100.50')).toEqual({ allowed: true });
    });

    it('lets an address the account signed in from skip the wait a stranger causes', async () => {
      const { throttle } = await make();
      expect((await pass(throttle, 'admin@x.test', '198.51.100.50')).allowed).toBe(true);
      await spread(throttle, 'admin@x.test', LOGIN_ACCOUNT_FREE_FAILURES);
      expect(await throttle.begin('admin@x.test', '198.51.100.99')).toMatchObject({ limit: 'account' });
      expect(await pass(throttle, 'admin@x.test', '198.51.100.50')).toEqual({ allowed: true });
    });
  });
});

describe('counted in the database', () => {
  it('keeps no emails, and purges expired rows now and then as it writes', async () => {
    const { throttle, clock, db } = await databaseThrottle();
    await pass(throttle, 'admin@x.test', '198.51.100.50');
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) await fail(throttle, 'admin@x.test', '192.0.2.1');
    const rows = () => db.selectFrom('login_counts').selectAll().execute();
    const written = await rows();
    expect(written.length).toBeGreaterThanOrEqual(5);
    for (const row of written) expect(row.key).not.toContain('admin');

    clock.advance(WINDOW_MS);
    const now = clock().toISOString();
    const expired = async () => (await rows()).filter((row) => row.expires_at <= now);
    expect(await expired()).not.toEqual([]);
    for (let i = 0; i < 100; i++) await fail(throttle, `user${i}@x.test`, ip(i));
    expect(await expired()).toEqual([]);
  });
});

describe('shared through Redis', () => {
  const prefixes: string[] = [];
  // The database every process shares, where the counts go while Redis is unreachable.
  let t: TestApp;
  beforeEach(async () => {
    t = await buildTestApp();
  });
  afterEach(async () => {
    const redis = new Redis(REDIS_URL);
    for (const prefix of prefixes.splice(0)) {
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length) await redis.del(...keys);
    }
    redis.disconnect();
    await t.close();
  });

  async function sharedPair() {
    const prefix = `test:login:${randomBytes(6).toString('hex')}:`;
    prefixes.push(prefix);
    const make = async () => {
      const logger = testLogger();
      const throttle = new LoginThrottle({
        clock: testClock(),
        logger,
        redisUrl: REDIS_URL,
        redisPrefix: prefix,
        db: t.app.db,
      });
      opened.push(throttle);
      await throttle.start();
      return { throttle, logger };
    };
    return { prefix, one: await make(), two: await make() };
  }

  it('one process sees the failures counted by another: per pair, per address and per account', async () => {
    const { one, two } = await sharedPair();
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) await fail(one.throttle, 'ana@x.test', '192.0.2.1');
    const pair = await two.throttle.begin('ana@x.test', '192.0.2.1');
    expect(pair).toMatchObject({ allowed: false, limit: 'pair' });
    if (!pair.allowed) expect(pair.retryAfterMs).toBeGreaterThan(WINDOW_MS - 60_000);

    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_ADDRESS; i++)
      await fail(one.throttle, `user${i}@x.test`, '203.0.113.7');
    expect(await two.throttle.begin('fresh@x.test', '203.0.113.7')).toMatchObject({
      allowed: false,
      limit: 'address',
    });

    for (let i = 0; i < LOGIN_ACCOUNT_FREE_FAILURES; i++) await fail(one.throttle, 'admin@x.test', ip(i));
    const account = await two.throttle.begin('admin@x.test', ip(100));
    expect(account).toMatchObject({ allowed: false, limit: 'account' });
    if (!account.allowed) expect(account.retryAfterMs).toBeGreaterThan(0);
    expect(one.logger.warnings).toEqual([]);
  });

  it('shares successes: the count is taken back and the address is known to the account everywhere', async () => {
    const { one, two } = await sharedPair();
    expect((await pass(one.throttle, 'admin@x.test', '198.51.100.50')).allowed).toBe(true);
    for (let i = 0; i < LOGIN_ACCOUNT_FREE_FAILURES + 3; i++) await fail(one.throttle, 'admin@x.test', ip(i));
    expect(await two.throttle.begin('admin@x.test', '198.51.100.99')).toMatchObject({ limit: 'account' });
    expect(await pass(two.throttle, 'admin@x.test', '198.51.100.50')).toEqual({ allowed: true });

    for (let i = 0; i < LOGIN_MAX_FAILURES - 1; i++) await fail(one.throttle, 'ana@x.test', '192.0.2.1');
    expect(await pass(two.throttle, 'ana@x.test', '192.0.2.1')).toEqual({ allowed: true });
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) {
      expect((await fail(one.throttle, 'ana@x.test', '192.0.2.1')).allowed).toBe(true);
    }
  });

  it('checks and counts in one step, so attempts at the same time on two servers cannot all pass', async () => {
    const { one, two } = await sharedPair();
    const verdicts = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        fail(i % 2 ? one.throttle : two.throttle, 'ana@x.test', '192.0.2.1'),
      ),
    );
    expect(verdicts.filter((verdict) => verdict.allowed)).toHaveLength(LOGIN_MAX_FAILURES);
  });

  it('keeps only expiring keys in Redis, and no emails', async () => {
    const { prefix, one } = await sharedPair();
    await pass(one.throttle, 'admin@x.test', '198.51.100.50');
    for (let i = 0; i < LOGIN_ACCOUNT_FREE_FAILURES + 1; i++) await fail(one.throttle, 'admin@x.test', ip(i));
    const redis = new Redis(REDIS_URL);
    try {
      const keys = await redis.keys(`${prefix}*`);
      expect(keys.length).toBeGreaterThanOrEqual(5);
      for (const key of keys) {
        expect(key).not.toContain('admin');
        expect(await redis.pttl(key), key).toBeGreaterThan(0);
      }
    } finally {
      redis.disconnect();
    }
  });

  it('counts in the database with one warning when Redis is unreachable, never failing a sign-in', async () => {
    const logger = testLogger();
    const throttle = new LoginThrottle({
      clock: testClock(),
      logger,
      redisUrl: 'redis://127.0.0.1:1',
      db: t.app.db,
    });
    opened.push(throttle);
    await throttle.start();
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) {
      expect((await fail(throttle, 'ana@x.test', '192.0.2.1')).allowed).toBe(true);
    }
    expect(await throttle.begin('ana@x.test', '192.0.2.1')).toMatchObject({ allowed: false, limit: 'pair' });
    await throttle.succeed('ana@x.test', '192.0.2.1');
    expect(logger.warnings).toEqual([expect.stringMatching(/redis unreachable/)]);
  });
});
