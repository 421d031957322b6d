import type { WebSocket } from 'ws';
import type { LiveStream, SignedInPage } from './options.js';

type Connection = WebSocket | LiveStream;

export interface SessionCheckHooks {
  /** A session token's page now (null: the session ended); see LiveServerOptions.authenticate. */
  authenticate(sessionToken: string, use: boolean): Promise<SignedInPage | null>;
  /** The gigs the connection follows. */
  gigsOf(connection: Connection): Iterable<string>;
  /** Ends the connection: its session ended (signedOut) or it may no longer follow its gig. */
  end(connection: Connection, why: 'signed_out' | 'forbidden'): void;
}

/**
 * The session of every signed-in connection (websocket or event stream), checked again every
 * sessionCheckMs without counting as a use: one whose session has ended (a sign-out, expiry, its user
 * deleted) is ended as signed out, one whose user may no longer follow its gig (moved to another band)
 * as forbidden. Sessions are read through the session cache, which a write in any process clears
 * (through Redis where there is one).
 */
export class SessionChecks {
  private readonly tokens = new Map<Connection, string>();
  private timer?: NodeJS.Timeout;
  private checking = false;

  constructor(private readonly hooks: SessionCheckHooks) {}

  start(everyMs: number) {
    this.timer = setInterval(() => void this.check(), everyMs);
    this.timer.unref();
  }

  stop() {
    clearInterval(this.timer);
    this.tokens.clear();
  }

  track(connection: Connection, token: string) {
    this.tokens.set(connection, token);
  }

  forget(connection: Connection) {
    this.tokens.delete(connection);
  }

  async check() {
    if (this.checking || !this.tokens.size) return;
    this.checking = true;
    try {
      const pages = new Map<string, Promise<SignedInPage | null | undefined>>();
      const allowed = new Map<string, Promise<boolean>>();
      for (const [connection, token] of [...this.tokens]) {
        let page = pages.get(token);
        if (!page) pages.set(token, (page = this.hooks.authenticate(token, false).catch(() => undefined)));
        const now = await page;
        // Closed meanwhile, or not known now: nothing to do until the next check.
        if (!this.tokens.has(connection) || now === undefined) continue;
        if (now === null) {
          this.end(connection, 'signed_out');
          continue;
        }
        for (const gig of this.hooks.gigsOf(connection)) {
          const key = `${now.band}\n${gig}`;
          let may = allowed.get(key);
          if (!may) allowed.set(key, (may = now.mayFollow(gig).catch(() => true)));
          if (!(await may)) {
            this.end(connection, 'forbidden');
            break;
          }
        }
      }
    } finally {
      this.checking = false;
    }
  }

  private end(connection: Connection, why: 'signed_out' | 'forbidden') {
    this.tokens.delete(connection);
    this.hooks.end(connection, why);
  }
}
