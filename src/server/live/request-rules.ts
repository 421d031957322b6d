import { type Said, say } from '../../shared/server-messages.js';
import {
  ADDRESS_MAX_PER_WAITING_SONG,
  DEVICE_COOLDOWN_SECONDS,
  DEVICE_MAX_WAITING,
} from '../../shared/constants.js';

export interface RuleInput {
  now: Date;
  song: string;
  gig: { active: boolean; razmakvreme: number; razmakpesme: number; artist_spacing?: number };
  /** When this song was last requested (accepted) at this gig. */
  songLastAt?: string;
  /** Requests of other songs accepted since then. */
  otherSongsSince: number;
  /** When this device last made a request at this gig, and how many of its requests still wait. */
  deviceLastAt?: string;
  deviceWaiting: number;
  /**
   * The song is waiting already: the request joins it ("me too", issue 13 point 4) and the spacing
   * rules, which keep a song from being asked for again too soon, do not apply to it.
   */
  joinsWaiting?: boolean;
  /** The song's waiting requests from the network this one comes from (an IPv6 /64 is one). */
  addressWaiting: number;
  /**
   * Artist spacing (issue 29): the song's performer, and how near (in songs, 1 = just before) the
   * closest song by the same performer is to the request's place, among the gig's artist_spacing songs
   * before it (performerDistance); undefined when none is.
   */
  performer?: string | null;
  performerDistance?: number;
}

export type RefusalReason =
  | 'closed'
  | 'cooldown'
  | 'too_many_waiting'
  | 'network_has_asked'
  | 'too_soon'
  | 'too_few_songs'
  | 'same_performer';

export interface Refusal extends Said {
  status: 409 | 429;
  reason: RefusalReason;
  /** When the same request may succeed (too_soon, cooldown). */
  retry_at?: string;
  /** The same, as seconds from now by the server's clock (a phone's clock may be off). */
  wait_seconds?: number;
  /** Other songs still to be requested first (too_few_songs, same_performer). */
  songs_needed?: number;
}

/**
 * Whether a request may join the queue (issue "Live gig night"): the gig must be taking requests, the
 * device must not flood, one network may add only a few requests to a waiting song, and a
 * song waits razmakvreme minutes and razmakpesme other songs before it can be requested again, unless
 * it is still waiting (then the request adds to it). The third spacing rule (issue 29, artist
 * spacing): a song's performer must not be among the gig's artist_spacing songs before the request's
 * place (the end of the queue: the waiting songs, and the songs played last when fewer wait); 0 is
 * off, and a request that joins a waiting song takes no new place, so it is not checked either.
 * Null means accepted.
 */
export function checkRequest(input: RuleInput): Refusal | null {
  const { now, gig, song } = input;
  if (!gig.active) {
    return { status: 409, reason: 'closed', ...say('request_closed') };
  }
  if (input.deviceLastAt) {
    const readyAt = Date.parse(input.deviceLastAt) + DEVICE_COOLDOWN_SECONDS * 1000;
    if (now.getTime() < readyAt) {
      const seconds = Math.ceil((readyAt - now.getTime()) / 1000);
      return {
        status: 429,
        reason: 'cooldown',
        ...say('request_cooldown', { smart_count: seconds }),
        retry_at: new Date(readyAt).toISOString(),
        wait_seconds: seconds,
      };
    }
  }
  if (input.deviceWaiting >= DEVICE_MAX_WAITING) {
    return {
      status: 429,
      reason: 'too_many_waiting',
      ...say('request_too_many_waiting', { smart_count: DEVICE_MAX_WAITING }),
    };
  }
  // Refused, not taken and left uncounted: the guest is told the truth, and the song they want is
  // in the queue already.
  if (input.addressWaiting >= ADDRESS_MAX_PER_WAITING_SONG) {
    return {
      status: 429,
      reason: 'network_has_asked',
      ...say('request_network_has_asked', { song, smart_count: ADDRESS_MAX_PER_WAITING_SONG }),
    };
  }
  // A request that joins a waiting song takes no new place: no spacing rule applies to it.
  if (input.joinsWaiting) return null;
  return songSpacing(input) ?? artistSpacing(input);
}

/** The song's own spacing: razmakvreme minutes and razmakpesme other songs since it was requested. */
function songSpacing(input: RuleInput): Refusal | null {
  const { now, gig, song } = input;
  if (!input.songLastAt) return null;
  const againAt = Date.parse(input.songLastAt) + gig.razmakvreme * 60_000;
  if (now.getTime() < againAt) {
    const minutes = Math.ceil((againAt - now.getTime()) / 60_000);
    return {
      status: 409,
      reason: 'too_soon',
      ...say('request_too_soon', { song, smart_count: minutes }),
      retry_at: new Date(againAt).toISOString(),
      wait_seconds: Math.ceil((againAt - now.getTime()) / 1000),
    };
  }
  if (input.otherSongsSince < gig.razmakpesme) {
    const needed = gig.razmakpesme - input.otherSongsSince;
    return {
      status: 409,
      reason: 'too_few_songs',
      ...say('request_too_few_songs', { song, smart_count: needed }),
      songs_needed: needed,
    };
  }
  return null;
}

/** Issue 29: the same performer not among the gig's artist_spacing songs before the request's place. */
function artistSpacing(input: RuleInput): Refusal | null {
  const { gig, song } = input;
  const spacing = gig.artist_spacing ?? 0;
  if (spacing > 0 && input.performerDistance !== undefined && input.performerDistance <= spacing) {
    // Songs by other performers that must come between: then the nearest one is spacing + 1 away.
    const needed = spacing - input.performerDistance + 1;
    return {
      status: 409,
      reason: 'same_performer',
      ...say('request_same_performer', { song, performer: input.performer ?? '', smart_count: needed }),
      songs_needed: needed,
    };
  }
  return null;
}
