import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { Clock } from './clock.js';

/** A count in a fixed window that starts at the key's first hit. */
export interface Count {
  count: number;
  /** Milliseconds until the window ends (0: no window open). */
  remainingMs: number;
}

/** Counters with expiry, shared between server processes when they live in Redis. */
export interface CounterStore {
  hit(key: string, windowMs: number): Promise<Count>;
  peek(key: string): Promise<Count>;
  clear(key: string): Promise<void>;
  /** No room for another counter: callers refuse what they cannot count. */
  full(): boolean;
}

/** Said when the memory store is full of live counters: the caller must fail closed. */
export class CounterStoreFull extends Error {}

const NONE: Count = { count: 0, remainingMs: 0 };

/**
 * Counters in this process's memory, at most `maxKeys` of them. A key is only ever forgotten when its
 * window has ended: when the store is full of live counters, a new key is refused (CounterStoreFull)
 * rather than evicting another, so flooding it with new keys cannot wipe an existing count.
 */
export class MemoryCounterStore implements CounterStore {
  private readonly entries = new Map<string, { count: number; endsAt: number }>();

  constructor(
    private readonly clock: Clock,
    private readonly maxKeys = 100_000,
  ) {}

  private live(key: string) {
    const entry = this.entries.get(key);
    if (entry && entry.endsAt <= this.clock().getTime()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  private sweep() {
    const now = this.clock().getTime();
    for (const [key, entry] of this.entries) if (entry.endsAt <= now) this.entries.delete(key);
  }

  full() {
    if (this.entries.size >= this.maxKeys) this.sweep();
    return this.entries.size >= this.maxKeys;
  }

  async hit(key: string, windowMs: number): Promise<Count> {
    const now = this.clock().getTime();
    let entry = this.live(key);
    if (!entry) {
      if (this.full()) throw new CounterStoreFull('too many live counters');
      entry = { count: 0, endsAt: now + windowMs };
      this.entries.set(key, entry);
    }
    entry.count += 1;
    return { count: entry.count, remainingMs: entry.endsAt - now };
  }

  async peek(key: string): Promise<Count> {
    const entry = this.live(key);
    return entry ? { count: entry.count, remainingMs: entry.endsAt - this.clock().getTime() } : NONE;
  }

  async clear(key: string) {
    this.entries.delete(key);
  }
}

// INCR, and start the window on the first hit, in one step.
const HIT = `local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {n, redis.call('PTTL', KEYS[1])}`;

/**
 * Counters in Redis (every server process sees the same counts), falling back to this process's
 * memory while Redis cannot be reached, so a Redis outage never stops sign-in.
 */
export class RedisCounterStore implements CounterStore {
  private readonly redis: Redis;

  constructor(
    url: string,
    private readonly prefix: string,
    private readonly fallback: CounterStore,
    private readonly log: FastifyBaseLogger,
  ) {
    // No offline queue: while Redis is down a call fails at once and the fallback answers.
    this.redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1, enableOfflineQueue: false });
    this.redis.on('error', (error: Error) =>
      this.log.warn({ err: error.message }, 'redis connection problem'),
    );
  }

  async connect() {
    try {
      await this.redis.connect();
    } catch (error) {
      this.log.warn(
        { err: (error as Error).message },
        'sign-in limits counted in memory until redis answers',
      );
    }
  }

  private async guarded<T>(work: () => Promise<T>, fallback: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      this.log.warn({ err: (error as Error).message }, 'sign-in limits counted in memory: redis failed');
      return fallback();
    }
  }

  hit(key: string, windowMs: number) {
    return this.guarded(
      async () => {
        const [count, ttl] = (await this.redis.eval(HIT, 1, this.prefix + key, windowMs)) as [number, number];
        return { count, remainingMs: Math.max(ttl, 0) };
      },
      () => this.fallback.hit(key, windowMs),
    );
  }

  peek(key: string) {
    return this.guarded(
      async () => {
        const [count, ttl] = await Promise.all([
          this.redis.get(this.prefix + key),
          this.redis.pttl(this.prefix + key),
        ]);
        return count === null ? NONE : { count: Number(count), remainingMs: Math.max(ttl, 0) };
      },
      () => this.fallback.peek(key),
    );
  }

  clear(key: string) {
    return this.guarded(
      async () => void (await this.redis.del(this.prefix + key)),
      () => this.fallback.clear(key),
    );
  }

  full() {
    return this.redis.status === 'ready' ? false : this.fallback.full();
  }

  close() {
    this.redis.disconnect();
  }
}
