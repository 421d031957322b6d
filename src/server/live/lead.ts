import { GIG_TOKEN } from '../../shared/live-protocol.js';
import { type LeadEvent, type LeadMessage, TABLET_ID } from '../../shared/live-lead.js';

/** How long Redis keeps a gig's leader after its last message: longer than any gig night. */
export const LEAD_KEPT_SECONDS = 12 * 60 * 60;

/** The Redis key that keeps the gig's leader for a process that starts (or restarts) mid-gig. */
export const leadKey = (gig: string) => `encore:live:lead:${gig}`;

/**
 * Each gig's leading tablet and what it shows (issue 27, point 4), as this process last heard it: from
 * its own tablets at once, from the other processes' through Redis. A band page that joins late gets
 * it after the queue. The last tablet to take the lead has it; a message from a tablet that no longer
 * leads (it has not heard yet that another took over) changes nothing.
 */
export class GigLeads {
  private readonly events = new Map<string, { event: LeadEvent; data: Buffer }>();

  /** The event a tablet's message makes, or null when the tablet does not lead (it is ignored). */
  decide(message: LeadMessage, at: number): LeadEvent | null {
    const leader = this.events.get(message.gig)?.event.tablet ?? null;
    const leads = leader === message.tablet;
    // Nobody leads (a process that lost its memory and its Redis): the tablet that says it leads does.
    if (!message.take && !leads && leader !== null) return null;
    if (message.release && !leads) return null;
    return {
      type: 'lead',
      gig: message.gig,
      tablet: message.release ? null : message.tablet,
      song: message.song,
      transpose: message.transpose,
      capo: message.capo,
      scroll: message.scroll,
      at,
    };
  }

  /**
   * Takes an event sent or heard; false when it is older than the gig's current one (Redis brought
   * it late), which is dropped.
   */
  heard(event: LeadEvent, data: Buffer): boolean {
    const current = this.events.get(event.gig);
    if (current && current.event.at > event.at) return false;
    if (event.tablet === null) this.events.delete(event.gig);
    else this.events.set(event.gig, { event, data });
    return true;
  }

  /** The gig's leader's last event, serialized as sent. */
  current(gig: string): Buffer | undefined {
    return this.events.get(gig)?.data;
  }
}

/** An event as heard through Redis or read from it, or null when it is not one. */
export function readLeadEvent(data: Buffer): LeadEvent | null {
  let event: Partial<LeadEvent>;
  try {
    event = JSON.parse(data.toString());
  } catch {
    return null;
  }
  if (
    event?.type !== 'lead' ||
    typeof event.gig !== 'string' ||
    !GIG_TOKEN.test(event.gig) ||
    !(event.tablet === null || (typeof event.tablet === 'string' && TABLET_ID.test(event.tablet))) ||
    typeof event.at !== 'number'
  )
    return null;
  return event as LeadEvent;
}
