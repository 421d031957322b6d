import type { BandQueueEntry, LiveQueueEntry } from '../../../shared/live-events';
import type { QueuePace } from '../../../shared/queue-wait';

/**
 * A waiting song on the band page. The API's entries carry the song's resource file and link (the
 * stage view); the live channel's, shared with the audience, do not: then they are unknown here.
 */
export type BandEntry = LiveQueueEntry & Partial<Pick<BandQueueEntry, 'resource' | 'resursi' | 'chart'>>;

/** GET /api/admin/live/{token}. */
export interface LiveQueue {
  gig: {
    id: number;
    naziv: string;
    lokacija: string;
    pocetak: string;
    active: boolean;
    token: string;
    band_naziv: string;
    allow_messages?: boolean;
  };
  version: number;
  queue: BandEntry[];
  /** How the night goes: each entry's wait, as the guests see it (issue 29). */
  pace?: QueuePace;
  /** The guests' messages with waiting requests (issue 13, point 5): the band's eyes only. */
  messages?: BandMessage[];
  can_edit: boolean;
  notifications: boolean;
}

/** A guest's message with a waiting request. */
export interface BandMessage {
  id: number;
  song_id: number;
  message: string;
  created_at: string;
}
