import { type Said, say } from '../../shared/server-messages.js';
import {
  LIVE_GIG_SHARE,
  LIVE_MAX_PER_ADDRESS,
  LIVE_MAX_PER_BAND,
  LIVE_MAX_PER_SESSION,
  LIVE_SIGNED_IN_SHARE,
  LIVE_SUBSCRIBE_GRACE_SECONDS,
} from '../../shared/constants.js';

export interface LiveLimits {
  /** Share of max_concurrent_connections (rounded down) kept for signed-in pages. */
  signedInShare: number;
  /** Share of max_concurrent_connections (rounded up) one gig's anonymous followers may use. */
  gigShare: number;
  /** Anonymous sockets one client address may hold. */
  perAddress: number;
  /** Signed-in connections one session may hold. */
  perSession: number;
  /** Signed-in connections one band's sessions (or the system admins') may hold together. */
  perBand: number;
  /** How long a socket may stay open without following a real gig. */
  subscribeGraceMs: number;
}

export const DEFAULT_LIVE_LIMITS: LiveLimits = {
  signedInShare: LIVE_SIGNED_IN_SHARE,
  gigShare: LIVE_GIG_SHARE,
  perAddress: LIVE_MAX_PER_ADDRESS,
  perSession: LIVE_MAX_PER_SESSION,
  perBand: LIVE_MAX_PER_BAND,
  subscribeGraceMs: LIVE_SUBSCRIBE_GRACE_SECONDS * 1000,
};

/** Who opened a socket, as far as the upgrade request tells. */
export interface Visitor {
  /** The client's address as the app sees request.ip (TRUST_PROXY applies). */
  address: string;
  /** A valid session was offered: a band page or a viewer, not an anonymous phone. */
  page?: {
    /** The session: its pages count together. */
    session: string;
    /** The user's band ('admin' for system admins): a band's pages count together. */
    band: string;
  };
}

export type RefusalKind = 'full' | 'address' | 'gig' | 'session' | 'band';

export interface Refusal {
  kind: RefusalKind;
  /** Said to the client: a websocket's close reason is its English (at most 123 bytes). */
  reason: Said;
}

/**
 * The pool a connection's slot is taken from: the share kept for signed-in pages, or the rest,
 * which anonymous sockets and the signed-in pages beyond their band's part of the kept share use.
 */
type Pool = 'kept' | 'open';

interface Entry extends Visitor {
  pool: Pool;
  gigs: Set<string>;
}

const increment = (counts: Map<string, number>, key: string, by: number) => {
  const next = (counts.get(key) ?? 0) + by;
  if (next > 0) counts.set(key, next);
  else counts.delete(key);
};

/**
 * The live server's slots and who holds them (docs/operations.md, "Live connections").
 *
 * Anonymous sockets (an audience phone, or anything not yet known) never take the share kept for
 * signed-in pages, never hold more than their share per gig, and never more than a few per address.
 * Signed-in pages take the kept share first, but one band at most half of it, so that whatever one
 * band's accounts do another band's tablet finds a place; beyond that they take open slots like the
 * phones. A session holds at most a few connections and a band at most a few more, so no account can
 * take the room of the audience either.
 */
export class LiveAdmission<Key> {
  private readonly entries = new Map<Key, Entry>();
  private readonly anonymousByAddress = new Map<string, number>();
  private readonly anonymousByGig = new Map<string, number>();
  private readonly bySession = new Map<string, number>();
  private readonly byBand = new Map<string, number>();
  private readonly keptByBand = new Map<string, number>();
  private anonymous = 0;
  private kept = 0;

  constructor(
    readonly max: number,
    private readonly limits: LiveLimits,
  ) {}

  get size() {
    return this.entries.size;
  }

  get signedIn() {
    return this.entries.size - this.anonymous;
  }

  get reserved() {
    return Math.min(this.max, Math.floor(this.max * this.limits.signedInShare));
  }

  /** The part of the kept share one band may hold (at least one place). */
  get reservedPerBand() {
    return Math.min(this.reserved, Math.max(1, Math.floor(this.reserved / 2)));
  }

  get perGig() {
    return Math.ceil(this.max * this.limits.gigShare);
  }

  /** Slots outside the kept share that are taken. */
  private get open() {
    return this.entries.size - this.kept;
  }

  /** Takes a slot for a new socket, or says why not. */
  admit(key: Key, visitor: Visitor): Refusal | null {
    if (this.entries.size >= this.max)
      return { kind: 'full', reason: say('live_server_full', { smart_count: this.max }) };
    const openFull = this.open >= this.max - this.reserved;
    const { page } = visitor;
    if (!page) {
      if (openFull)
        return {
          kind: 'full',
          reason: say('live_server_full_kept', { smart_count: this.max, kept: this.reserved }),
        };
      if ((this.anonymousByAddress.get(visitor.address) ?? 0) >= this.limits.perAddress)
        return {
          kind: 'address',
          reason: say('live_network_full', { smart_count: this.limits.perAddress }),
        };
      this.anonymous += 1;
      increment(this.anonymousByAddress, visitor.address, 1);
      this.entries.set(key, { ...visitor, pool: 'open', gigs: new Set() });
      return null;
    }
    if ((this.bySession.get(page.session) ?? 0) >= this.limits.perSession)
      return {
        kind: 'session',
        reason: say('live_session_pages', { smart_count: this.limits.perSession }),
      };
    if ((this.byBand.get(page.band) ?? 0) >= this.limits.perBand)
      return {
        kind: 'band',
        reason: say('live_band_pages', { smart_count: this.limits.perBand }),
      };
    const mayKeep = this.kept < this.reserved && (this.keptByBand.get(page.band) ?? 0) < this.reservedPerBand;
    if (!mayKeep && openFull)
      return { kind: 'full', reason: say('live_server_full', { smart_count: this.max }) };
    const pool: Pool = mayKeep ? 'kept' : 'open';
    if (pool === 'kept') {
      this.kept += 1;
      increment(this.keptByBand, page.band, 1);
    }
    increment(this.bySession, page.session, 1);
    increment(this.byBand, page.band, 1);
    this.entries.set(key, { ...visitor, pool, gigs: new Set() });
    return null;
  }

  /** Counts the socket among the gig's followers, or says why not (a socket not admitted: no-op). */
  follow(key: Key, gig: string): Refusal | null {
    const entry = this.entries.get(key);
    if (!entry || entry.gigs.has(gig)) return null;
    if (!entry.page) {
      if ((this.anonymousByGig.get(gig) ?? 0) >= this.perGig)
        return {
          kind: 'gig',
          reason: say('live_gig_full', { smart_count: this.perGig }),
        };
      increment(this.anonymousByGig, gig, 1);
    }
    entry.gigs.add(gig);
    return null;
  }

  unfollow(key: Key, gig: string) {
    const entry = this.entries.get(key);
    if (!entry?.gigs.delete(gig)) return;
    if (!entry.page) increment(this.anonymousByGig, gig, -1);
  }

  /** How many gigs the socket follows (0 for one that is not admitted). */
  following(key: Key) {
    return this.entries.get(key)?.gigs.size ?? 0;
  }

  /** The gigs the socket follows. */
  gigsOf(key: Key): readonly string[] {
    return [...(this.entries.get(key)?.gigs ?? [])];
  }

  remove(key: Key) {
    const entry = this.entries.get(key);
    if (!entry) return;
    for (const gig of [...entry.gigs]) this.unfollow(key, gig);
    this.entries.delete(key);
    const { page } = entry;
    if (page) {
      increment(this.bySession, page.session, -1);
      increment(this.byBand, page.band, -1);
      if (entry.pool === 'kept') {
        this.kept -= 1;
        increment(this.keptByBand, page.band, -1);
      }
      return;
    }
    this.anonymous -= 1;
    increment(this.anonymousByAddress, entry.address, -1);
  }
}
