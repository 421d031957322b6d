import { createHash } from 'node:crypto';
import type { Db } from '../../db/connect.js';
import type { Clock } from '../../lib/clock.js';
import { addressGroup } from './login-address.js';
import { DatabaseLoginStore } from './login-database-store.js';
import { defaultLoginLimits, type LoginKeys, type LoginLimits, type LoginVerdict } from './login-limits.js';
import { MemoryLoginStore } from './login-memory-store.js';
import { type RedisAttempt, RedisLoginStore } from './login-redis-store.js';

export type { LoginLimits, LoginVerdict } from './login-limits.js';

export type LoginThrottleOptions = {
  clock: Clock;
  logger: { warn(details: object, message: string): void; info(details: object, message: string): void };
  limits?: Partial<LoginLimits>;
} & (
  | { redisUrl?: undefined }
  | {
      /** Shares the counts between server processes; this process counts alone in memory without it. */
      redisUrl: string;
      /** Prefix of the Redis keys (tests use one of their own). */
      redisPrefix?: string;
      /** The database every server process shares: it counts while Redis is unreachable. */
      db: Db;
    }
);

export const DEFAULT_REDIS_PREFIX = 'encore:login:';

/**
 * Fixed-size keys: memory per entry is bounded whatever the email, and neither Redis nor the
 * database holds emails.
 */
const digest = (text: string) => createHash('sha256').update(text).digest('base64url').slice(0, 22);

/**
 * The sign-in limits: per email and address, per address across emails, and per account across
 * addresses (a growing wait rather than a lockout). Without Redis this one process counts in
 * memory. With Redis every process counts there, and the database keeps a copy of each count:
 * while Redis does not answer, every process counts in the database instead (so a sign-in never
 * fails because Redis is down, and the limits still hold across processes), and when Redis answers
 * again each attempt first raises its counters in Redis to the database's (a Redis restarted
 * empty has lost them all).
 */
export class LoginThrottle {
  readonly limits: LoginLimits;
  private readonly stores:
    { memory: MemoryLoginStore } | { redis: RedisLoginStore; database: DatabaseLoginStore };
  private readonly logger: LoginThrottleOptions['logger'];
  private readonly clock: Clock;
  private redisDown = false;
  private fullWarnedAt = -Infinity;

  constructor(options: LoginThrottleOptions) {
    this.limits = { ...defaultLoginLimits, ...options.limits };
    this.logger = options.logger;
    this.clock = options.clock;
    this.stores =
      options.redisUrl === undefined
        ? { memory: new MemoryLoginStore(options.clock, this.limits) }
        : {
            redis: new RedisLoginStore(
              options.redisUrl,
              options.redisPrefix ?? DEFAULT_REDIS_PREFIX,
              this.limits,
              (error) => this.fellBack(error),
            ),
            database: new DatabaseLoginStore(options.db, options.clock, this.limits),
          };
  }

  /** Connects to Redis ahead of the first sign-in; never throws (the database counts meanwhile). */
  async start() {
    if ('memory' in this.stores) return;
    try {
      await this.stores.redis.connect();
    } catch (error) {
      this.fellBack(error as Error);
    }
  }

  close() {
    if ('redis' in this.stores) this.stores.redis.close();
  }

  private keys(email: string, ip: string): LoginKeys {
    const account = email.trim().toLowerCase();
    const address = addressGroup(ip);
    return {
      pair: digest(`pair\n${account}\n${address}`),
      address: digest(`address\n${address}`),
      account: digest(`account\n${account}`),
    };
  }

  /**
   * Whether this attempt may check its password now. An allowed attempt is already counted as a
   * failure; call `succeed` when the password was right.
   */
  async begin(email: string, ip: string): Promise<LoginVerdict> {
    const keys = this.keys(email, ip);
    if ('memory' in this.stores) {
      const verdict = this.stores.memory.begin(keys);
      if (!verdict.allowed && verdict.limit === 'capacity') this.warnFull();
      return verdict;
    }
    const { redis, database } = this.stores;
    const floors = await database.floors(keys);
    let attempt: RedisAttempt;
    try {
      attempt = await redis.begin(keys, floors);
    } catch (error) {
      this.fellBack(error as Error);
      return database.begin(keys);
    }
    this.cameBack();
    // A database read per attempt and a write per counted one: affordable, since each counted
    // attempt goes on to check a password (argon2), which costs far more.
    if (attempt.counts) await database.raise(keys, attempt.counts);
    return attempt.verdict;
  }

  async succeed(email: string, ip: string): Promise<void> {
    const keys = this.keys(email, ip);
    if ('memory' in this.stores) return this.stores.memory.succeed(keys);
    try {
      await this.stores.redis.succeed(keys);
      this.cameBack();
    } catch (error) {
      this.fellBack(error as Error);
    }
    // Always, so that the database's counts stay a copy of Redis's (or decide, Redis being down).
    await this.stores.database.succeed(keys);
  }

  /** At most once a window, so an attack that fills the tables does not fill the log as well. */
  private warnFull() {
    const now = this.clock().getTime();
    if (now - this.fullWarnedAt < this.limits.windowMs) return;
    this.fullWarnedAt = now;
    this.logger.warn(
      { context: 'login', maxEntries: this.limits.maxEntries },
      'sign-in limits are full of live counts: sign-ins by new emails or addresses are refused until they expire',
    );
  }

  /** Logs once per outage: ioredis reports every failed reconnect, and an attack would flood the log. */
  private fellBack(error: Error) {
    if (this.redisDown) return;
    this.redisDown = true;
    this.logger.warn(
      { context: 'login', err: error.message },
      'redis unreachable: sign-in limits are counted in the database until it is back',
    );
  }

  private cameBack() {
    if (!this.redisDown) return;
    this.redisDown = false;
    this.logger.info({ context: 'login' }, 'sign-in limits are shared through redis again');
  }
}
