import { type Said, say } from '../../shared/server-messages.js';
import {
  ADDRESS_MAX_PER_WAITING_SONG,
  DEVICE_COOLDOWN_SECONDS,
  DEVICE_MAX_WAITING,
} from '../../shared/constants.js';

export interface RuleInput {
  now: Date;
  song: string;
  gig: { active: boolean; razmakvreme: number; razmakpesme: number };
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
}

export type RefusalReason =
  'closed' | 'cooldown' | 'too_many_waiting' | 'network_has_asked' | 'too_soon' | 'too_few_songs';

export interface Refusal extends Said {
  status: 409 | 429;
  reason: RefusalReason;
  /** When the same request may succeed (too_soon, cooldown). */
  retry_at?: string;
  /** The same, as seconds from now by the server's clock (a phone's clock may be off). */
  wait_seconds?: number;
  /** Other songs still to be requested first (too_few_songs). */
  songs_needed?: number;
}

/**
 * Whether a request may join the queue (issue "Live gig night"): the gig must be taking requests, the
 * device must not flood, one network may add only a few requests to a waiting song, and a
 * song waits razmakvreme minutes and razmakpesme other songs before it can be requested again, unless
 * it is still waiting (then the request adds to it). Null means accepted.
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
  if (input.joinsWaiting || !input.songLastAt) return null;
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
