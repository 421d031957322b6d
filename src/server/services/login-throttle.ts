import { LOGIN_FAILURE_WINDOW_MINUTES, LOGIN_MAX_FAILURES } from '../../shared/constants.js';
import type { Clock } from './clock.js';

interface Failures {
  count: number;
  since: number;
}

/**
 * Counts failed sign-ins per email and client address. Kept in memory: behind a load balancer each
 * process counts on its own, which still bounds guessing to processes × LOGIN_MAX_FAILURES a window.
 */
export class LoginThrottle {
  private failures = new Map<string, Failures>();
  private readonly windowMs = LOGIN_FAILURE_WINDOW_MINUTES * 60_000;

  constructor(private readonly clock: Clock) {}

  private key(email: string, ip: string) {
    return `${email.trim().toLowerCase()}|${ip}`;
  }

  private current(key: string): Failures | undefined {
    const entry = this.failures.get(key);
    if (entry && this.clock().getTime() - entry.since >= this.windowMs) {
      this.failures.delete(key);
      return undefined;
    }
    return entry;
  }

  /** Minutes until another attempt is allowed, or 0 when it is allowed now. */
  blockedForMinutes(email: string, ip: string): number {
    const entry = this.current(this.key(email, ip));
    if (!entry || entry.count < LOGIN_MAX_FAILURES) return 0;
    return Math.ceil((entry.since + this.windowMs - this.clock().getTime()) / 60_000);
  }

  fail(email: string, ip: string) {
    const key = this.key(email, ip);
    const entry = this.current(key);
    if (entry) entry.count += 1;
    else {
      // Drop stale entries now and then so the map cannot grow without bound.
      if (this.failures.size > 10_000) this.failures.clear();
      this.failures.set(key, { count: 1, since: this.clock().getTime() });
    }
  }

  succeed(email: string, ip: string) {
    this.failures.delete(this.key(email, ip));
  }
}
