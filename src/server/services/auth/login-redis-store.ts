import { Redis } from 'ioredis';
import {
  counterNames,
  type LoginCounts,
  type LoginKeys,
  type LoginLimit,
  type LoginLimits,
  type LoginVerdict,
} from './login-limits.js';

/** A sign-in waits at most this long for Redis before it is counted in the database instead. */
const REDIS_TIMEOUT_MS = 500;

/** The counters of BEGIN, in the order of its KEYS. */
const BEGIN_KEYS = ['pair', 'address', 'account', 'wait', 'known'] as const;

/**
 * Checks the limits and counts the attempt in one atomic step, as MemoryLoginStore.begin does.
 * First each key is raised to at least its floor: the database's count, which Redis lacks when it
 * was restarted empty or when failures were counted in the database while it was unreachable.
 * KEYS: pair, address, account, account wait, known address.
 * ARGV: window ms, max pair, max address, free failures, first delay ms, max delay ms, then a
 * floor count and its ms to live for each key (0 0 for none).
 * Answers the limit that refused and its ms, or 'ok' 0 and the counts (and their ms to live) of
 * pair, address and account after the attempt, and the wait's ms to live.
 */
const BEGIN = `
for i = 1, 5 do
  local floor, ms = tonumber(ARGV[5 + 2 * i]), tonumber(ARGV[6 + 2 * i])
  if ms > 0 and tonumber(redis.call('GET', KEYS[i]) or '0') < floor then
    redis.call('SET', KEYS[i], floor, 'PX', ms)
  end
end
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
local counts = {}
for i = 1, 3 do
  counts[i] = redis.call('INCR', KEYS[i])
  if counts[i] == 1 then redis.call('PEXPIRE', KEYS[i], ARGV[1]) end
end
local failures, free = counts[3], tonumber(ARGV[4])
if failures >= free then
  local delay = math.min(tonumber(ARGV[6]), tonumber(ARGV[5]) * 2 ^ (failures - free))
  redis.call('SET', KEYS[4], '1', 'PX', math.floor(delay))
end
local answer = {'ok', 0}
for i = 1, 3 do
  table.insert(answer, counts[i])
  table.insert(answer, redis.call('PTTL', KEYS[i]))
end
table.insert(answer, redis.call('PTTL', KEYS[4]))
return answer
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
  loginBegin(...args: (string | number)[]): Promise<[string, number, ...number[]]>;
  loginSucceed(...args: (string | number)[]): Promise<number>;
}

/** What a BEGIN decided, and the counts after an attempt it let through (for the database's copy). */
export interface RedisAttempt {
  verdict: LoginVerdict;
  counts?: LoginCounts;
}

/**
 * The sign-in counts shared by every server process through Redis. Keys expire by Redis's clock, so
 * Redis holds only counts that are still live. Calls reject at once while Redis is unreachable (no
 * offline queue), for the caller to count in the database instead.
 */
export class RedisLoginStore {
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

  /** Checks and counts an attempt, its counters first raised to at least `floors`. */
  async begin(keys: LoginKeys, floors: LoginCounts): Promise<RedisAttempt> {
    const { limits } = this;
    const names = counterNames(keys);
    const [limit, ms, ...after] = await this.redis.loginBegin(
      ...BEGIN_KEYS.map((counter) => this.prefix + names[counter]),
      limits.windowMs,
      limits.maxPairFailures,
      limits.maxAddressFailures,
      limits.accountFreeFailures,
      limits.accountFirstDelayMs,
      limits.accountMaxDelayMs,
      ...BEGIN_KEYS.flatMap((counter) => [floors[counter]?.count ?? 0, Math.floor(floors[counter]?.ms ?? 0)]),
    );
    if (limit !== 'ok') {
      return { verdict: { allowed: false, limit: limit as LoginLimit, retryAfterMs: Number(ms) } };
    }
    const [pair, pairMs, address, addressMs, account, accountMs, waitMs] = after.map(Number);
    return {
      verdict: { allowed: true },
      counts: {
        pair: { count: pair, ms: pairMs },
        address: { count: address, ms: addressMs },
        account: { count: account, ms: accountMs },
        ...(waitMs > 0 ? { wait: { count: 1, ms: waitMs } } : {}),
      },
    };
  }

  async succeed(keys: LoginKeys) {
    const names = counterNames(keys);
    await this.redis.loginSucceed(
      ...(['pair', 'address', 'account', 'known'] as const).map((counter) => this.prefix + names[counter]),
      this.limits.knownAddressMs,
    );
  }

  close() {
    this.redis.disconnect();
  }
}
