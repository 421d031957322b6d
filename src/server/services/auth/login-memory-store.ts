import type { Clock } from '../../lib/clock.js';
import { ExpiringTable } from '../cache/expiring-table.js';
import {
  accountDelayMs,
  type LoginKeys,
  type LoginLimits,
  type LoginStore,
  type LoginVerdict,
} from './login-limits.js';

interface Counter {
  count: number;
  expiresAt: number;
  /** Accounts only: no attempt before this time (unless from a known address). */
  waitUntil?: number;
}

/** The sign-in counts of this process alone, each table bounded (when no Redis is configured). */
export class MemoryLoginStore implements LoginStore {
  private readonly pairs: ExpiringTable<Counter>;
  private readonly addresses: ExpiringTable<Counter>;
  private readonly accounts: ExpiringTable<Counter>;
  private readonly known: ExpiringTable<{ expiresAt: number }>;

  constructor(
    private readonly clock: Clock,
    private readonly limits: LoginLimits,
  ) {
    this.pairs = new ExpiringTable(limits.maxEntries);
    this.addresses = new ExpiringTable(limits.maxEntries);
    this.accounts = new ExpiringTable(limits.maxEntries);
    this.known = new ExpiringTable(limits.maxEntries);
  }

  begin(keys: LoginKeys): LoginVerdict {
    const now = this.clock().getTime();
    const { limits } = this;
    const pair = this.pairs.get(keys.pair, now);
    if (pair && pair.count >= limits.maxPairFailures) {
      return { allowed: false, limit: 'pair', retryAfterMs: pair.expiresAt - now };
    }
    const address = this.addresses.get(keys.address, now);
    if (address && address.count >= limits.maxAddressFailures) {
      return { allowed: false, limit: 'address', retryAfterMs: address.expiresAt - now };
    }
    const account = this.accounts.get(keys.account, now);
    if (account?.waitUntil && account.waitUntil > now && !this.known.get(keys.pair, now)) {
      return { allowed: false, limit: 'account', retryAfterMs: account.waitUntil - now };
    }
    // Every new key must find room before anything is counted: a full table refuses the attempt
    // (fails closed) rather than counting it nowhere or dropping someone else's live count.
    const full = (
      [
        [this.pairs, pair],
        [this.addresses, address],
        [this.accounts, account],
      ] as const
    ).filter(([table, entry]) => !entry && !table.hasRoom(now));
    if (full.length > 0) {
      const retryAfterMs = Math.max(...full.map(([table]) => table.msUntilRoom(now)));
      return { allowed: false, limit: 'capacity', retryAfterMs };
    }
    const expiresAt = now + limits.windowMs;
    const count = (table: ExpiringTable<Counter>, key: string, entry: Counter | undefined): Counter => {
      if (entry) {
        entry.count += 1;
        return entry;
      }
      const created: Counter = { count: 1, expiresAt };
      table.set(key, created, now);
      return created;
    };
    count(this.pairs, keys.pair, pair);
    count(this.addresses, keys.address, address);
    const counted = count(this.accounts, keys.account, account);
    const delay = accountDelayMs(counted.count, limits);
    if (delay > 0) counted.waitUntil = now + delay;
    return { allowed: true };
  }

  succeed(keys: LoginKeys) {
    const now = this.clock().getTime();
    this.pairs.delete(keys.pair);
    for (const [table, key] of [
      [this.addresses, keys.address],
      [this.accounts, keys.account],
    ] as const) {
      const entry = table.get(key, now);
      if (entry && entry.count > 0) entry.count -= 1;
    }
    // When full, the address is simply not remembered: its owner may then wait like anyone else.
    this.known.set(keys.pair, { expiresAt: now + this.limits.knownAddressMs }, now);
  }
}
