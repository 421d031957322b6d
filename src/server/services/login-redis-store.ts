import { Redis } from 'ioredis';
import type { LoginKeys, LoginLimit, LoginLimits, LoginStore, LoginVerdict } from './login-limits.js';

/** A sign-in waits at most this long for Redis before it is counted in memory instead. */
const REDIS_TIMEOUT_MS = 500;

/**
 * Checks the limits and counts the attempt in one atomic step, as MemoryLoginStore.begin does.
 * KEYS: pair, address, account, account wait, known address.
 * ARGV: window ms, max pair, max address, free failures, first delay ms, max delay ms.
 */
const BEGIN = `
local function live(key)
  local count = tonumber(redis.call('GET', key) or '0')
  local ttl = redis.call('PTTL', key)
  if count > 0 and ttl < 0 then
    redis.call('PEXPIRE', key, ARGV[1])
    ttl = tonumber(ARGV[1])
  end
  return count, ttl
end
local pair, pairTtl = live(KEYS[1])
if pair >= tonumber(ARGV[2]) then return {'pair', pairTtl} end
local address, addressTtl = live(KEYS[2])
if address >= tonumber(ARGV[3]) then return {'address', addressTtl} end
local wait = redis.call('PTTL', KEYS[4])
if wait > 0 and redis.call('EXISTS', KEYS[5]) == 0 then return {'account', wait} end
local failures = 0
for i = 1, 3 do
  failures = redis.call('INCR', KEYS[i])
  if failures == 1 then redis.call('PEXPIRE', KEYS[i], ARGV[1]) end
end
local free = tonumber(ARGV[4])
if failures >= free then
  local delay = math.min(tonumber(ARGV[6]), tonumber(ARGV[5]) * 2 ^ (failures - free))
  redis.call('SET', KEYS[4], '1', 'PX', math.floor(delay))
end
return {'ok', 0}
`;

/** KEYS: pair, address, account, known address. ARGV: known address ms. */
const SUCCEED = `
redis.call('DEL', KEYS[1])
for i = 2, 3 do
  if tonumber(redis.call('GET', KEYS[i]) or '0') > 0 then redis.call('DECR', KEYS[i]) end
end
redis.call('SET', KEYS[4], '1', 'PX', ARGV[1])
return 1
`;

interface LoginCommands {
  loginBegin(...args: (string | number)[]): Promise<[string, number]>;
  loginSucceed(...args: (string | number)[]): Promise<number>;
}

/**
 * The sign-in counts shared by every server process through Redis. Keys expire by Redis's clock, so
 * Redis holds only counts that are still live. Calls reject at once while Redis is unreachable (no
 * offline queue), for the caller to count in memory instead.
 */
export class RedisLoginStore implements LoginStore {
  private readonly redis: Redis & LoginCommands;

  constructor(
    url: string,
    private readonly prefix: string,
    private readonly limits: LoginLimits,
    onError: (error: Error) => void,
  ) {
    const redis = new Redis(url, {
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      connectTimeout: REDIS_TIMEOUT_MS,
      commandTimeout: REDIS_TIMEOUT_MS,
    });
    redis.on('error', onError);
    redis.defineCommand('loginBegin', { numberOfKeys: 5, lua: BEGIN });
    redis.defineCommand('loginSucceed', { numberOfKeys: 4, lua: SUCCEED });
    this.redis = redis as Redis & LoginCommands;
  }

  /** Connects now rather than on the first sign-in; ioredis keeps reconnecting when this fails. */
  async connect() {
    if (this.redis.status === 'wait') await this.redis.connect();
  }

  private key(kind: string, key: string) {
    return `${this.prefix}${kind}:${key}`;
  }

  async begin(keys: LoginKeys): Promise<LoginVerdict> {
    const { limits } = this;
    const [limit, ms] = await this.redis.loginBegin(
      this.key('pair', keys.pair),
      this.key('address', keys.address),
      this.key('account', keys.account),
      this.key('wait', keys.account),
      this.key('known', keys.pair),
      limits.windowMs,
      limits.maxPairFailures,
      limits.maxAddressFailures,
      limits.accountFreeFailures,
      limits.accountFirstDelayMs,
      limits.accountMaxDelayMs,
    );
    if (limit === 'ok') return { allowed: true };
    return { allowed: false, limit: limit as LoginLimit, retryAfterMs: Number(ms) };
  }

  async succeed(keys: LoginKeys) {
    await this.redis.loginSucceed(
      this.key('pair', keys.pair),
      this.key('address', keys.address),
      this.key('account', keys.account),
      this.key('known', keys.pair),
      this.limits.knownAddressMs,
    );
  }

  close() {
    this.redis.disconnect();
  }
}
