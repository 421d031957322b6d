import {
  LIVE_GIG_SHARE,
  LIVE_MAX_PER_ADDRESS,
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
  /** How long a socket may stay open without following a real gig. */
  subscribeGraceMs: number;
}

export const DEFAULT_LIVE_LIMITS: LiveLimits = {
  signedInShare: LIVE_SIGNED_IN_SHARE,
  gigShare: LIVE_GIG_SHARE,
  perAddress: LIVE_MAX_PER_ADDRESS,
  subscribeGraceMs: LIVE_SUBSCRIBE_GRACE_SECONDS * 1000,
};

/** Who opened a socket, as far as the upgrade request tells. */
export interface Visitor {
  /** The client's address as the app sees request.ip (TRUST_PROXY applies). */
  address: string;
  /** A valid session was offered: a band page or a viewer, not an anonymous phone. */
  signedIn: boolean;
}

export type RefusalKind = 'full' | 'address' | 'gig';

export interface Refusal {
  kind: RefusalKind;
  /** Said to the client as the close reason (at most 123 bytes). */
  reason: string;
}

interface Entry extends Visitor {
  gigs: Set<string>;
}

const increment = (counts: Map<string, number>, key: string, by: number) => {
  const next = (counts.get(key) ?? 0) + by;
  if (next > 0) counts.set(key, next);
  else counts.delete(key);
};

/**
 * The live server's slots and who holds them. Anonymous sockets (an audience phone, or anything not yet
 * known) never take the share kept for signed-in pages, never hold more than their share per gig, and
 * never more than a few per address; signed-in pages are limited by max_concurrent_connections only.
 */
export class LiveAdmission<Key> {
  private readonly entries = new Map<Key, Entry>();
  private readonly anonymousByAddress = new Map<string, number>();
  private readonly anonymousByGig = new Map<string, number>();
  private anonymous = 0;

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

  get perGig() {
    return Math.ceil(this.max * this.limits.gigShare);
  }

  /** Takes a slot for a new socket, or says why not. */
  admit(key: Key, visitor: Visitor): Refusal | null {
    if (this.entries.size >= this.max)
      return { kind: 'full', reason: `The live server is full (${this.max} connections). Try again later.` };
    if (!visitor.signedIn) {
      if (this.anonymous >= this.max - this.reserved)
        return {
          kind: 'full',
          reason: `The live server is full (${this.max} connections, ${this.reserved} kept for the band). Try again later.`,
        };
      if ((this.anonymousByAddress.get(visitor.address) ?? 0) >= this.limits.perAddress)
        return {
          kind: 'address',
          reason: `Too many connections from your network (${this.limits.perAddress}). Try again later.`,
        };
      this.anonymous += 1;
      increment(this.anonymousByAddress, visitor.address, 1);
    }
    this.entries.set(key, { ...visitor, gigs: new Set() });
    return null;
  }

  /** Counts the socket among the gig's followers, or says why not (a socket not admitted: no-op). */
  follow(key: Key, gig: string): Refusal | null {
    const entry = this.entries.get(key);
    if (!entry || entry.gigs.has(gig)) return null;
    if (!entry.signedIn) {
      if ((this.anonymousByGig.get(gig) ?? 0) >= this.perGig)
        return {
          kind: 'gig',
          reason: `This gig has all the live connections it may have (${this.perGig}). Try again later.`,
        };
      increment(this.anonymousByGig, gig, 1);
    }
    entry.gigs.add(gig);
    return null;
  }

  unfollow(key: Key, gig: string) {
    const entry = this.entries.get(key);
    if (!entry?.gigs.delete(gig)) return;
    if (!entry.signedIn) increment(this.anonymousByGig, gig, -1);
  }

  /** How many gigs the socket follows (0 for one that is not admitted). */
  following(key: Key) {
    return this.entries.get(key)?.gigs.size ?? 0;
  }

  remove(key: Key) {
    const entry = this.entries.get(key);
    if (!entry) return;
    for (const gig of [...entry.gigs]) this.unfollow(key, gig);
    this.entries.delete(key);
    if (entry.signedIn) return;
    this.anonymous -= 1;
    increment(this.anonymousByAddress, entry.address, -1);
  }
}
