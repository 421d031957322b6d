import {
  LOGIN_ACCOUNT_FIRST_DELAY_SECONDS,
  LOGIN_ACCOUNT_FREE_FAILURES,
  LOGIN_ACCOUNT_MAX_DELAY_SECONDS,
  LOGIN_FAILURE_WINDOW_MINUTES,
  LOGIN_KNOWN_ADDRESS_DAYS,
  LOGIN_MAX_FAILURES,
  LOGIN_MAX_FAILURES_PER_ADDRESS,
  LOGIN_THROTTLE_MAX_ENTRIES,
} from '../../../shared/constants.js';

export interface LoginLimits {
  /** How long each count lives from its first failure. */
  windowMs: number;
  /** Failures of one email from one address. */
  maxPairFailures: number;
  /** Failures from one address across all emails. */
  maxAddressFailures: number;
  /** Failures of one email from any address before each further attempt waits. */
  accountFreeFailures: number;
  accountFirstDelayMs: number;
  accountMaxDelayMs: number;
  /** How long a successful sign-in lets its address skip the account's wait. */
  knownAddressMs: number;
  /** Entries each in-memory table holds at most. */
  maxEntries: number;
}

export const defaultLoginLimits: LoginLimits = {
  windowMs: LOGIN_FAILURE_WINDOW_MINUTES * 60_000,
  maxPairFailures: LOGIN_MAX_FAILURES,
  maxAddressFailures: LOGIN_MAX_FAILURES_PER_ADDRESS,
  accountFreeFailures: LOGIN_ACCOUNT_FREE_FAILURES,
  accountFirstDelayMs: LOGIN_ACCOUNT_FIRST_DELAY_SECONDS * 1000,
  accountMaxDelayMs: LOGIN_ACCOUNT_MAX_DELAY_SECONDS * 1000,
  knownAddressMs: LOGIN_KNOWN_ADDRESS_DAYS * 24 * 60 * 60_000,
  maxEntries: LOGIN_THROTTLE_MAX_ENTRIES,
};

/** How long the next attempt on an account waits after its `failures`-th failure in the window. */
export function accountDelayMs(failures: number, limits: LoginLimits): number {
  if (failures < limits.accountFreeFailures) return 0;
  const doublings = failures - limits.accountFreeFailures;
  return Math.min(limits.accountMaxDelayMs, limits.accountFirstDelayMs * 2 ** doublings);
}

/** Which limit refused an attempt; `capacity` when the memory was full of live counts. */
export type LoginLimit = 'pair' | 'address' | 'account' | 'capacity';

export type LoginVerdict = { allowed: true } | { allowed: false; limit: LoginLimit; retryAfterMs: number };

/** The counters an attempt touches, as opaque fixed-size keys. */
export interface LoginKeys {
  /** This email from this address (also names the address as known to the account). */
  pair: string;
  address: string;
  account: string;
}

/**
 * Where the counts live. `begin` checks every limit and, when the attempt may go ahead, counts it as
 * a failure in the same step, so parallel attempts cannot all slip through before any is counted;
 * `succeed` takes the count back and remembers the address.
 */
export interface LoginStore {
  begin(keys: LoginKeys): Promise<LoginVerdict> | LoginVerdict;
  succeed(keys: LoginKeys): Promise<void> | void;
}

/**
 * The name of each counter an attempt touches: the database's rows, and Redis's keys after its
 * prefix. The account's wait and the addresses an account signed in from are counters too.
 */
export function counterNames(keys: LoginKeys) {
  return {
    pair: `pair:${keys.pair}`,
    address: `address:${keys.address}`,
    account: `account:${keys.account}`,
    wait: `wait:${keys.account}`,
    known: `known:${keys.pair}`,
  };
}

type LoginCounter = keyof ReturnType<typeof counterNames>;

/**
 * Counters as Redis and the database exchange them: a count (1 for a wait or a known address) and
 * how long it still lives.
 */
export type LoginCounts = Partial<Record<LoginCounter, { count: number; ms: number }>>;
