import { createHash } from 'node:crypto';
import type { Clock } from './clock.js';
import { addressGroup } from './login-address.js';
import {
  defaultLoginLimits,
  type LoginKeys,
  type LoginLimits,
  type LoginStore,
  type LoginVerdict,
} from './login-limits.js';
import { MemoryLoginStore } from './login-memory-store.js';
import { RedisLoginStore } from './login-redis-store.js';

export type { LoginLimits, LoginVerdict } from './login-limits.js';

export interface LoginThrottleOptions {
  clock: Clock;
  logger: { warn(details: object, message: string): void; info(details: object, message: string): void };
  limits?: Partial<LoginLimits>;
  /** Shares the counts between server processes; in memory without it. */
  redisUrl?: string;
  /** Prefix of the Redis keys (tests use one of their own). */
  redisPrefix?: string;
}

export const DEFAULT_REDIS_PREFIX = 'encore:login:';

/** Fixed-size keys: memory per entry is bounded whatever the email, and Redis holds no emails. */
const digest = (text: string) => createHash('sha256').update(text).digest('base64url').slice(0, 22);

/**
 * The sign-in limits: per email and address, per address across emails, and per account across
 * addresses (a growing wait rather than a lockout). Counts are shared through Redis when it is
 * configured; when Redis does not answer, this process counts on its own in memory, so a sign-in
 * never fails because Redis is down.
 */
export class LoginThrottle {
  readonly limits: LoginLimits;
  private readonly memory: MemoryLoginStore;
  private readonly redis?: RedisLoginStore;
  private readonly logger: LoginThrottleOptions['logger'];
  private readonly clock: Clock;
  private redisDown = false;
  private fullWarnedAt = -Infinity;

  constructor(options: LoginThrottleOptions) {
    this.limits = { ...defaultLoginLimits, ...options.limits };
    this.logger = options.logger;
    this.clock = options.clock;
    this.memory = new MemoryLoginStore(options.clock, this.limits);
    if (options.redisUrl) {
      this.redis = new RedisLoginStore(
        options.redisUrl,
        options.redisPrefix ?? DEFAULT_REDIS_PREFIX,
        this.limits,
        (error) => this.fellBack(error),
      );
    }
  }

  /** Connects to Redis ahead of the first sign-in; never throws (sign-ins count in memory meanwhile). */
  async start() {
    try {
      await this.redis?.connect();
    } catch (error) {
      this.fellBack(error as Error);
    }
  }

  close() {
    this.redis?.close();
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
    const verdict = await this.use((store) => store.begin(keys));
    if (!verdict.allowed && verdict.limit === 'capacity') this.warnFull();
    return verdict;
  }

  async succeed(email: string, ip: string): Promise<void> {
    const keys = this.keys(email, ip);
    await this.use((store) => store.succeed(keys));
  }

  private async use<T>(call: (store: LoginStore) => T | Promise<T>): Promise<T> {
    if (this.redis) {
      try {
        const result = await call(this.redis);
        if (this.redisDown) {
          this.redisDown = false;
          this.logger.info({ context: 'login' }, 'sign-in limits are shared through redis again');
        }
        return result;
      } catch (error) {
        this.fellBack(error as Error);
      }
    }
    return call(this.memory);
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
      'redis unreachable: sign-in limits are counted by this process alone until it is back',
    );
  }
}
