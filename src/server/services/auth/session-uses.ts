import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/connect.js';
import { recordSessionUses } from '../../db/sessions.js';
import { type Clock, iso } from '../../lib/clock.js';

/** How often remembered uses reach the database: the bound on how stale another process's view is. */
export const SESSION_FLUSH_MS = 5_000;

/**
 * When each session was last used, to the millisecond, without a database write on every call: this
 * process remembers each use and writes the latest ones in one batch every few seconds. Expiry counts
 * from the later of the stored and the remembered use, so it is exact here and at most
 * the flush interval early on another server process.
 */
export class SessionUses {
  private readonly pending = new Map<number, number>();
  /** The uses being written by the latest flush: until it ends, the stored ones may be older. */
  private flushing = new Map<number, number>();
  private timer?: NodeJS.Timeout;
  /** Called after each flush, to forget sessions read before it (their last use is older). */
  onFlushed?: () => void;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    private readonly flushMs = SESSION_FLUSH_MS,
  ) {}

  /** The later of the stored last use and the one remembered here (ms since the epoch). */
  lastUse(sessionId: number, stored: string): number {
    return Math.max(Date.parse(stored), this.pending.get(sessionId) ?? 0, this.flushing.get(sessionId) ?? 0);
  }

  used(sessionId: number) {
    this.pending.set(sessionId, this.clock().getTime());
    if (!this.timer) {
      this.timer = setTimeout(() => void this.flush(), this.flushMs);
      this.timer.unref();
    }
  }

  forget(sessionId: number) {
    this.pending.delete(sessionId);
  }

  /** Writes the remembered uses; a failed write keeps them for the next try. */
  async flush() {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.pending.size === 0) return;
    const uses = [...this.pending].map(([id, at]) => ({ id, at: iso(new Date(at)) }));
    this.flushing = new Map(this.pending);
    this.pending.clear();
    try {
      await recordSessionUses(this.db, uses);
      // Written: from now on the stored uses are the latest (they alone may be moved by others).
      this.flushing = new Map();
      this.onFlushed?.();
    } catch (error) {
      this.log.warn({ err: (error as Error).message }, 'could not record session uses; retrying');
      for (const { id, at } of uses) {
        const later = this.pending.get(id);
        if (!later || later < Date.parse(at)) this.pending.set(id, Date.parse(at));
      }
      if (!this.timer) this.timer = setTimeout(() => void this.flush(), this.flushMs).unref();
    }
  }
}
