import {
  LOGIN_ACCOUNT_FREE_FAILURES,
  LOGIN_ACCOUNT_MAX_DELAY_SECONDS,
  LOGIN_FAILURE_WINDOW_MINUTES,
  LOGIN_KNOWN_ADDRESS_DAYS,
  LOGIN_MAX_FAILURES,
  LOGIN_MAX_FAILURES_PER_ADDRESS,
} from '../../shared/constants.js';
import { type CounterStore, CounterStoreFull } from './counter-store.js';

const WINDOW_MS = LOGIN_FAILURE_WINDOW_MINUTES * 60_000;
const KNOWN_MS = LOGIN_KNOWN_ADDRESS_DAYS * 24 * 60 * 60_000;

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
const minutes = (ms: number) => plural(Math.max(1, Math.ceil(ms / 60_000)), 'minute');

/**
 * The failed sign-in limits (docs/operations.md, Security), counted in a CounterStore (Redis when
 * configured, so every server process sees the same counts):
 * - one email from one address: LOGIN_MAX_FAILURES a window, then refused until the window ends;
 * - one address across all emails: LOGIN_MAX_FAILURES_PER_ADDRESS a window (password spraying);
 * - one email from any addresses: past LOGIN_ACCOUNT_FREE_FAILURES, each try waits a delay that
 *   doubles up to LOGIN_ACCOUNT_MAX_DELAY_SECONDS.
 * Addresses an account signed in from before (LOGIN_KNOWN_ADDRESS_DAYS) skip the last two limits for
 * that account, so a stranger can slow guessing down but cannot keep the owner out.
 * A refused try is not counted and its password is not checked.
 */
export class LoginThrottle {
  constructor(private readonly store: CounterStore) {}

  private keys(email: string, ip: string) {
    const account = email.trim().toLowerCase();
    return {
      pair: `pair:${account}|${ip}`,
      address: `address:${ip}`,
      account: `account:${account}`,
      delay: `delay:${account}`,
      known: `known:${account}|${ip}`,
    };
  }

  /** Why this try is refused now, or null when it may go ahead. */
  async refusal(email: string, ip: string): Promise<string | null> {
    if (this.store.full()) return 'Too many sign-in attempts right now. Try again in a minute.';
    const keys = this.keys(email, ip);
    const [pair, address, delay, known] = await Promise.all(
      [keys.pair, keys.address, keys.delay, keys.known].map((key) => this.store.peek(key)),
    );
    if (pair.count >= LOGIN_MAX_FAILURES)
      return `Too many failed sign-in attempts. Try again in ${minutes(pair.remainingMs)}.`;
    // An address this account signed in from before is the owner's: others' failures do not slow it.
    if (known.count > 0) return null;
    if (address.count >= LOGIN_MAX_FAILURES_PER_ADDRESS)
      return `Too many failed sign-in attempts from your network. Try again in ${minutes(address.remainingMs)}.`;
    if (delay.remainingMs > 0) {
      const seconds = plural(Math.ceil(delay.remainingMs / 1000), 'second');
      return `Too many failed sign-in attempts for this account. Try again in ${seconds}.`;
    }
    return null;
  }

  async fail(email: string, ip: string) {
    const keys = this.keys(email, ip);
    try {
      const [, , account] = await Promise.all([
        this.store.hit(keys.pair, WINDOW_MS),
        this.store.hit(keys.address, WINDOW_MS),
        this.store.hit(keys.account, WINDOW_MS),
      ]);
      const over = account.count - LOGIN_ACCOUNT_FREE_FAILURES;
      if (over > 0) {
        const delayMs = Math.min(2 ** (over - 1), LOGIN_ACCOUNT_MAX_DELAY_SECONDS) * 1000;
        await this.store.clear(keys.delay);
        await this.store.hit(keys.delay, delayMs);
      }
    } catch (error) {
      // A full memory store cannot count this failure; tries are refused while it is full.
      if (!(error instanceof CounterStoreFull)) throw error;
    }
  }

  async succeed(email: string, ip: string) {
    const keys = this.keys(email, ip);
    await this.store.clear(keys.pair);
    try {
      await this.store.hit(keys.known, KNOWN_MS);
    } catch (error) {
      if (!(error instanceof CounterStoreFull)) throw error;
    }
  }
}
