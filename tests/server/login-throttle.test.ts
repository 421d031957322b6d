import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import pino from 'pino';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { MemoryCounterStore, RedisCounterStore } from '../../src/server/services/counter-store.js';
import { LoginThrottle } from '../../src/server/services/login-throttle.js';
import {
  LOGIN_ACCOUNT_FREE_FAILURES,
  LOGIN_ACCOUNT_MAX_DELAY_SECONDS,
  LOGIN_MAX_FAILURES,
  LOGIN_MAX_FAILURES_PER_ADDRESS,
} from '../../src/shared/constants.js';
import { ADMIN, buildTestApp, manualClock } from './helpers.js';

const REDIS_URL = 'redis://127.0.0.1:6379';
const quiet = pino({ level: 'silent' });

let clock: ReturnType<typeof manualClock>;
let throttle: LoginThrottle;

beforeEach(() => {
  clock = manualClock();
  throttle = new LoginThrottle(new MemoryCounterStore(clock));
});

async function failTimes(n: number, email: string, ip: (i: number) => string) {
  for (let i = 0; i < n; i++) await throttle.fail(email, ip(i));
}

describe('one email from one address', () => {
  it('is refused after the allowed failures until the window ends', async () => {
    await failTimes(LOGIN_MAX_FAILURES, 'ana@band.rs', () => '10.0.0.1');
    expect(await throttle.refusal('ana@band.rs', '10.0.0.1')).toBe(
      'Too many failed sign-in attempts. Try again in 15 minutes.',
    );
    clock.advanceMinutes(15);
    expect(await throttle.refusal('ana@band.rs', '10.0.0.1')).toBeNull();
  });
});

describe('flooding the counters', () => {
  it('10,050 failures with other emails do not give a blocked account fresh guesses', async () => {
    await failTimes(LOGIN_MAX_FAILURES, 'admin@band.rs', () => '10.0.0.1');
    for (let i = 0; i < 10_050; i++) await throttle.fail(`user${i}@x.rs`, `10.1.${i >> 8}.${i & 255}`);
    expect(await throttle.refusal('admin@band.rs', '10.0.0.1')).toMatch(/^Too many failed sign-in attempts/);
  });

  it('a full store refuses new tries instead of forgetting counts', async () => {
    throttle = new LoginThrottle(new MemoryCounterStore(clock, 50));
    await failTimes(LOGIN_MAX_FAILURES, 'admin@band.rs', () => '10.0.0.1');
    for (let i = 0; i < 200; i++) await throttle.fail(`user${i}@x.rs`, `10.2.0.${i}`);
    expect(await throttle.refusal('admin@band.rs', '10.0.0.1')).not.toBeNull();
    expect(await throttle.refusal('someone@else.rs', '10.3.0.1')).toBe(
      'Too many sign-in attempts right now. Try again in a minute.',
    );
    // Counters whose window has ended make room again.
    clock.advanceMinutes(16);
    expect(await throttle.refusal('someone@else.rs', '10.3.0.1')).toBeNull();
  });
});

describe('one address across accounts (password spraying)', () => {
  it('is refused after the allowed failures, whatever the email', async () => {
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_ADDRESS; i++) await throttle.fail(`user${i}@x.rs`, '10.0.0.9');
    expect(await throttle.refusal('fresh@x.rs', '10.0.0.9')).toBe(
      'Too many failed sign-in attempts from your network. Try again in 15 minutes.',
    );
    expect(await throttle.refusal('fresh@x.rs', '10.0.0.10')).toBeNull();
  });
});

describe('one account across addresses', () => {
  it('makes each further try wait a growing delay, from any address', async () => {
    await failTimes(LOGIN_ACCOUNT_FREE_FAILURES, 'admin@band.rs', (i) => `10.4.0.${i}`);
    expect(await throttle.refusal('admin@band.rs', '10.5.0.1')).toBeNull();
    await throttle.fail('admin@band.rs', '10.5.0.1');
    expect(await throttle.refusal('admin@band.rs', '10.5.0.2')).toBe(
      'Too many failed sign-in attempts for this account. Try again in 1 second.',
    );
    clock.advanceSeconds(1);
    expect(await throttle.refusal('admin@band.rs', '10.5.0.2')).toBeNull();
    await failTimes(4, 'admin@band.rs', (i) => `10.6.0.${i}`);
    expect(await throttle.refusal('admin@band.rs', '10.7.0.1')).toMatch(/Try again in 16 seconds\.$/);
    await failTimes(10, 'admin@band.rs', (i) => `10.8.0.${i}`);
    expect(await throttle.refusal('admin@band.rs', '10.7.0.1')).toBe(
      `Too many failed sign-in attempts for this account. Try again in ${LOGIN_ACCOUNT_MAX_DELAY_SECONDS} seconds.`,
    );
  });

  it('cannot keep the owner out: an address the account signed in from skips the delay', async () => {
    await throttle.succeed('admin@band.rs', '192.168.1.20');
    await failTimes(LOGIN_ACCOUNT_FREE_FAILURES + 5, 'admin@band.rs', (i) => `10.9.0.${i}`);
    expect(await throttle.refusal('admin@band.rs', '10.9.1.1')).toMatch(/for this account/);
    expect(await throttle.refusal('admin@band.rs', '192.168.1.20')).toBeNull();
    // After the window, the account starts afresh for everyone.
    clock.advanceMinutes(16);
    expect(await throttle.refusal('admin@band.rs', '10.9.1.1')).toBeNull();
  });
});

describe('shared between server processes through Redis', () => {
  const prefix = `test:login:${randomBytes(6).toString('hex')}:`;
  const inspector = new Redis(REDIS_URL);
  const stores: RedisCounterStore[] = [];
  afterAll(async () => {
    const keys = await inspector.keys(`${prefix}*`);
    if (keys.length) await inspector.del(...keys);
    inspector.disconnect();
    for (const store of stores) store.close();
  });

  async function process() {
    const store = new RedisCounterStore(REDIS_URL, prefix, new MemoryCounterStore(clock), quiet);
    await store.connect();
    stores.push(store);
    return new LoginThrottle(store);
  }

  it('failures counted by one process refuse the next try on another', async () => {
    const [first, second] = [await process(), await process()];
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) await first.fail('ana@band.rs', '10.0.0.1');
    expect(await second.refusal('ana@band.rs', '10.0.0.1')).toBe(
      'Too many failed sign-in attempts. Try again in 15 minutes.',
    );
    expect(await inspector.get(`${prefix}pair:ana@band.rs|10.0.0.1`)).toBe(String(LOGIN_MAX_FAILURES));
    await second.succeed('ana@band.rs', '10.0.0.1');
    expect(await first.refusal('ana@band.rs', '10.0.0.1')).toBeNull();
  });

  it('counts in memory while Redis cannot be reached, without failing a sign-in', async () => {
    const store = new RedisCounterStore('redis://127.0.0.1:1', prefix, new MemoryCounterStore(clock), quiet);
    await store.connect();
    stores.push(store);
    const offline = new LoginThrottle(store);
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) await offline.fail('ana@band.rs', '10.0.0.2');
    expect(await offline.refusal('ana@band.rs', '10.0.0.2')).toMatch(/^Too many failed sign-in attempts/);
  });
});

describe('through the API', () => {
  it('sprayed sign-ins from one address answer 429, shared by two servers on one Redis', async () => {
    const loginCounterPrefix = `test:login:${randomBytes(6).toString('hex')}:`;
    const one = await buildTestApp({ redisUrl: REDIS_URL, loginCounterPrefix });
    const two = await buildTestApp({ redisUrl: REDIS_URL, loginCounterPrefix });
    try {
      const signIn = (t: typeof one, email: string, password: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/login',
          headers: { cookie: 'XSRF-TOKEN=abc', 'x-xsrf-token': 'abc' },
          payload: { email, password },
        });
      for (let i = 0; i < LOGIN_MAX_FAILURES_PER_ADDRESS; i++) {
        const app = i % 2 ? one : two;
        expect((await signIn(app, `user${i}@x.rs`, 'wrong-password')).statusCode).toBe(401);
      }
      const refused = await signIn(one, ADMIN.email, ADMIN.password);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({
        success: false,
        message: 'Too many failed sign-in attempts from your network. Try again in 15 minutes.',
      });
    } finally {
      await one.close();
      await two.close();
      const redis = new Redis(REDIS_URL);
      const keys = await redis.keys(`${loginCounterPrefix}*`);
      if (keys.length) await redis.del(...keys);
      redis.disconnect();
    }
  });
});
