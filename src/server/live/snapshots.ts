import type { Outgoing } from './fanout.js';

/** How long a gig's snapshot read serves the clients that join after it (with the events since). */
export const SNAPSHOT_REUSE_MS = 1000;
/** Past this many events since the read, a joining client gets a fresh read instead. */
const MAX_EVENTS_SINCE = 100;

interface Recent {
  /** When the read began: what no event carries (a song renamed) is at most this old. */
  began: number;
  /** Undefined while the read is under way. */
  first?: Outgoing;
  /** Every event of the gig heard since the read began, in order. */
  events: Outgoing[];
}

/**
 * Each gig's latest snapshot read, kept with the events heard since it began, so that the clients who
 * join within a second get it and those events instead of a read of their own. A thousand phones
 * coming back after the venue's Wi-Fi dropped made a thousand reads of a long queue, one after the
 * other, which held up every other request to the process (issue 15, point 4). A client given a
 * reused snapshot misses nothing: it joined the gig's subscribers first, so what is heard later
 * reaches it, and what was heard before is among the events kept here.
 */
export class RecentSnapshots {
  private readonly recent = new Map<string, Recent>();

  constructor(
    private readonly clock = () => performance.now(),
    private readonly reuseMs = SNAPSHOT_REUSE_MS,
  ) {}

  /** A read of the gig's snapshot begins; call what it answers with the snapshot once read. */
  begin(gig: string): (first: Outgoing | null) => void {
    const entry: Recent = { began: this.clock(), events: [] };
    this.recent.set(gig, entry);
    return (first) => {
      if (this.recent.get(gig) !== entry) return;
      if (first) entry.first = first;
      else this.recent.delete(gig);
    };
  }

  /** An event of the gig, as it is sent to its subscribers. */
  heard(gig: string, event: Outgoing) {
    const entry = this.recent.get(gig);
    if (!entry) return;
    if (entry.events.length < MAX_EVENTS_SINCE) entry.events.push(event);
    else this.recent.delete(gig);
  }

  /** The gig's latest read and the events since, if it is recent enough to be given again. */
  reuse(gig: string): { first: Outgoing; events: readonly Outgoing[] } | null {
    const entry = this.recent.get(gig);
    if (!entry?.first || this.clock() - entry.began > this.reuseMs) return null;
    return { first: entry.first, events: entry.events };
  }

  /** The events heard since `first` was read, if they are all still kept (however old the read). */
  since(gig: string, first: Outgoing): readonly Outgoing[] | null {
    const entry = this.recent.get(gig);
    return entry?.first === first ? entry.events : null;
  }

  /** The gig has no subscribers left here. */
  forget(gig: string) {
    this.recent.delete(gig);
  }
}
