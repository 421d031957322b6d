import type { Db } from '../../db/connect.js';
import {
  type AccountWaits,
  countAccountFailure,
  countFailureBelow,
  forgetLoginCount,
  type LoginCount,
  lowerLoginCount,
  markLoginCount,
  purgeLoginCounts,
  raiseLoginCounts,
  readLoginCounts,
  uncountFailure,
} from '../../db/login-counts.js';
import type { Clock } from '../../lib/clock.js';
import {
  accountDelayMs,
  counterNames,
  type LoginCounts,
  type LoginKeys,
  type LoginLimit,
  type LoginLimits,
  type LoginStore,
  type LoginVerdict,
} from './login-limits.js';

/** Expired rows are purged every this many writes of a process, at most PURGE_BATCH at a time. */
const PURGE_EVERY = 100;
const PURGE_BATCH = 1000;

type Names = ReturnType<typeof counterNames>;

/** A time in ms as the database writes it. */
const stamp = (ms: number) => new Date(ms).toISOString();

/**
 * The sign-in counts every server process shares through the database: they decide while Redis
 * is unreachable, and hold a copy of Redis's counts meanwhile (`raise`), from which an outage
 * starts and which Redis gets back (`floors`) when it returns, emptied or not.
 *
 * Each limit is checked and counted by one conditional statement on its own row, in the order
 * the limits are checked (pair, address, account); a later refusal takes back the earlier counts.
 * Parallel attempts therefore never get past a limit: at worst one is refused that a strict
 * one-at-a-time order would have let through, while another's count is being taken back.
 */
export class DatabaseLoginStore implements LoginStore {
  private writes = 0;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly limits: LoginLimits,
  ) {}

  async begin(keys: LoginKeys): Promise<LoginVerdict> {
    const now = this.clock().getTime();
    const names = counterNames(keys);
    // Read first: a refused attempt (most of an attack) writes nothing.
    const seen = await this.read(names, now);
    const refused = this.refusal(seen, names, now);
    if (refused) return refused;

    const { db, limits } = this;
    const at = stamp(now);
    const windowEnd = stamp(now + limits.windowMs);
    const pair = await countFailureBelow(db, names.pair, limits.maxPairFailures, at, windowEnd);
    if (!pair) return this.lostRace('pair', names, now);
    const address = await countFailureBelow(db, names.address, limits.maxAddressFailures, at, windowEnd);
    if (!address) {
      await uncountFailure(db, names.pair, pair.expires_at);
      return this.lostRace('address', names, now);
    }
    const account = await countAccountFailure(db, names.account, {
      now: at,
      windowEnd,
      waits: this.waits(now),
      ignoreWait: seen.has(names.known),
    });
    if (!account) {
      await uncountFailure(db, names.address, address.expires_at);
      await uncountFailure(db, names.pair, pair.expires_at);
      return this.lostRace('account', names, now);
    }
    await this.purgeNowAndThen(now);
    return { allowed: true };
  }

  async succeed(keys: LoginKeys) {
    const now = this.clock().getTime();
    const names = counterNames(keys);
    // Rows of their own: at once, so that on PostgreSQL the commits overlap.
    await Promise.all([
      forgetLoginCount(this.db, names.pair),
      lowerLoginCount(this.db, names.address, stamp(now)),
      lowerLoginCount(this.db, names.account, stamp(now)),
      markLoginCount(this.db, names.known, stamp(now + this.limits.knownAddressMs)),
    ]);
    await this.purgeNowAndThen(now);
  }

  /** The live counters of an attempt, for Redis to raise its own to (a Redis restarted empty). */
  async floors(keys: LoginKeys): Promise<LoginCounts> {
    const now = this.clock().getTime();
    const names = counterNames(keys);
    const rows = await this.read(names, now);
    const floor = (count: number, until: string) => ({ count, ms: Date.parse(until) - now });
    const counter = (key: string) => {
      const row = rows.get(key);
      return row && floor(row.count, row.expires_at);
    };
    const waitUntil = rows.get(names.account)?.wait_until;
    return {
      pair: counter(names.pair),
      address: counter(names.address),
      account: counter(names.account),
      wait: waitUntil && Date.parse(waitUntil) > now ? floor(1, waitUntil) : undefined,
      known: counter(names.known),
    };
  }

  /** Keeps Redis's counters after an attempt as "at least this", so an outage starts from them. */
  async raise(keys: LoginKeys, counts: LoginCounts) {
    const now = this.clock().getTime();
    const names = counterNames(keys);
    const until = (ms: number) => stamp(now + ms);
    const rows = (['pair', 'address', 'account'] as const).flatMap((counter) => {
      const value = counts[counter];
      if (!value || value.ms <= 0) return [];
      const wait = counter === 'account' && counts.wait ? until(counts.wait.ms) : null;
      return [{ key: names[counter], count: value.count, expires_at: until(value.ms), wait_until: wait }];
    });
    if (rows.length) await raiseLoginCounts(this.db, rows, stamp(now));
    await this.purgeNowAndThen(now);
  }

  private async read(names: Names, now: number) {
    const keys = [names.pair, names.address, names.account, names.known];
    const rows = await readLoginCounts(this.db, keys, stamp(now));
    return new Map(rows.map((row) => [row.key, row]));
  }

  private refusal(rows: Map<string, LoginCount>, names: Names, now: number): LoginVerdict | undefined {
    const { limits } = this;
    const pair = rows.get(names.pair);
    if (pair && pair.count >= limits.maxPairFailures) return refuse('pair', pair.expires_at, now);
    const address = rows.get(names.address);
    if (address && address.count >= limits.maxAddressFailures)
      return refuse('address', address.expires_at, now);
    const waitUntil = rows.get(names.account)?.wait_until;
    if (waitUntil && Date.parse(waitUntil) > now && !rows.has(names.known)) {
      return refuse('account', waitUntil, now);
    }
    return undefined;
  }

  /** Another attempt was counted between the look and the count: refused as it now stands. */
  private async lostRace(limit: LoginLimit, names: Names, now: number): Promise<LoginVerdict> {
    const refused = this.refusal(await this.read(names, now), names, now);
    return refused ?? { allowed: false, limit, retryAfterMs: 0 };
  }

  /** When the wait ends for each count that earns one, if counted now (longest first). */
  private waits(now: number): AccountWaits {
    const { limits } = this;
    const waits: AccountWaits = [];
    // Doubling reaches any sensible longest wait long before 32 steps.
    for (let from = limits.accountFreeFailures; from <= limits.accountFreeFailures + 32; from++) {
      const delay = accountDelayMs(from, limits);
      waits.unshift({ from, until: stamp(now + delay) });
      if (delay >= limits.accountMaxDelayMs) break;
    }
    return waits;
  }

  private async purgeNowAndThen(now: number) {
    this.writes += 1;
    if (this.writes % PURGE_EVERY === 0) await purgeLoginCounts(this.db, stamp(now), PURGE_BATCH);
  }
}

const refuse = (limit: LoginLimit, until: string, now: number): LoginVerdict => ({
  allowed: false,
  limit,
  retryAfterMs: Date.parse(until) - now,
});
