import type { FastifyBaseLogger } from 'fastify';

export interface VersionWatchOptions {
  /** The gigs followed in this process now. */
  gigs(): Iterable<string>;
  /** Each gig's queue version as stored (a gig that is gone is left out). */
  read(gigs: string[]): Promise<Map<string, number>>;
  /** Brings the gig's pages in this process up to the stored queue. */
  resync(gig: string): Promise<void>;
  logger: FastifyBaseLogger;
}

/**
 * Notices the gigs whose pages in this process missed their latest changes, which a page cannot see
 * by itself (it sees a gap only when a later change comes): a change published through Redis while
 * this process could not hear it (a Redis outage; issue 23, finding 7). Every few seconds the gigs
 * followed here are compared with their stored version; one still behind at the next check (a change
 * on its way through Redis arrives within milliseconds) is resynced, and after Redis comes back
 * every gig behind is resynced at once.
 */
export class VersionWatch {
  /** The newest version of each gig heard or read here. */
  private readonly heard = new Map<string, number>();
  /** The stored version a gig was found behind of at the last check. */
  private readonly behind = new Map<string, number>();
  private timer?: NodeJS.Timeout;
  private checking = false;
  /** A check asked to resync at once while another was under way. */
  private again = false;

  constructor(private readonly options: VersionWatchOptions) {}

  start(everyMs: number) {
    this.timer = setInterval(() => void this.check(), everyMs);
    this.timer.unref();
  }

  stop() {
    clearInterval(this.timer);
  }

  /** A version of the gig's queue reached this process (an event, or a snapshot read). */
  saw(gig: string, version: number) {
    if (version > (this.heard.get(gig) ?? -Infinity)) this.heard.set(gig, version);
  }

  /** Nobody follows the gig here any more. */
  forget(gig: string) {
    this.heard.delete(gig);
    this.behind.delete(gig);
  }

  /** Compares the gigs with their stored versions; `now`: resync those behind without waiting a check. */
  async check(now = false) {
    if (this.checking) {
      this.again ||= now;
      return;
    }
    this.checking = true;
    try {
      const gigs = [...this.options.gigs()].filter((gig) => this.heard.has(gig));
      if (!gigs.length) return;
      const stored = await this.options.read(gigs);
      for (const gig of gigs) {
        const version = stored.get(gig);
        const heard = this.heard.get(gig);
        if (version === undefined || heard === undefined || version <= heard) {
          this.behind.delete(gig);
          continue;
        }
        const before = this.behind.get(gig);
        if (now || (before !== undefined && heard < before)) {
          this.behind.delete(gig);
          await this.options.resync(gig);
        } else this.behind.set(gig, version);
      }
    } catch (error) {
      this.options.logger.warn(
        { context: 'live', err: (error as Error).message },
        'could not check the gigs',
      );
    } finally {
      this.checking = false;
      if (this.again) {
        this.again = false;
        void this.check(true);
      }
    }
  }
}
