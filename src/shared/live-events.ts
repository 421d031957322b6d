import type { QueuePace } from './queue-wait.js';

/**
 * What travels over the live channel for one gig (issue "Live gig night"). A subscriber first gets
 * the whole queue, then one small event per change, numbered by the gig's queue version; a client that
 * sees a gap in the numbers reloads the queue from the API.
 */

/** A waiting song with how many asked for it and when. */
export interface LiveQueueEntry {
  song_id: number;
  naziv: string;
  performer: string | null;
  count: number;
  first_at: string;
  last_at: string;
  /** The song's duration in seconds, if known: the guests' wait estimate (issue 29). */
  trajanje: number | null;
}

/**
 * A waiting song as the band sees it (issue 13, point 3: the stage view): with the song's resource file
 * (its upload URL) and resource link. Only the band's routes answer these; never the live channel,
 * which the audience shares, nor the public screen.
 */
export interface BandQueueEntry extends LiveQueueEntry {
  resource: string | null;
  resursi: string | null;
  /** Whether the song has a ChordPro chart (issue 27), which the stage view reads when it opens. */
  chart: boolean;
}

export interface QueueSnapshot {
  type: 'queue';
  gig: string;
  version: number;
  active: boolean;
  queue: LiveQueueEntry[];
  /** How the night goes, for the wait estimates (issue 29); absent from older servers' snapshots. */
  pace?: QueuePace;
}

export type QueueChange =
  /** The song's entry after the request (new at the end, or with one more request). */
  | { kind: 'requested'; song_id: number; request_ids: number[]; entry: LiveQueueEntry }
  | {
      kind: 'played' | 'declined';
      song_id: number;
      request_ids: number[];
      /** After a song played: the night's pace as it now is (issue 29). */
      pace?: QueuePace;
    }
  /** The waiting songs' new order. */
  | { kind: 'moved'; song_id: number; order: number[] }
  | { kind: 'paused' | 'resumed' }
  /** The band hid a guest's message: band pages read the messages again (none travel here). */
  | { kind: 'messages' };

export interface ChangeEvent {
  type: 'change';
  gig: string;
  version: number;
  active: boolean;
  /** When the server committed the change (epoch ms, sub-millisecond), for the live benchmark. */
  at: number;
  change: QueueChange;
}

export type LiveEvent = QueueSnapshot | ChangeEvent;

/** The queue after a change. */
export function applyChange(queue: LiveQueueEntry[], change: QueueChange): LiveQueueEntry[] {
  switch (change.kind) {
    case 'requested': {
      const at = queue.findIndex((entry) => entry.song_id === change.song_id);
      if (at < 0) return [...queue, change.entry];
      return queue.map((entry, i) => (i === at ? change.entry : entry));
    }
    case 'played':
    case 'declined':
      return queue.filter((entry) => entry.song_id !== change.song_id);
    case 'moved': {
      const bySong = new Map(queue.map((entry) => [entry.song_id, entry]));
      return change.order.flatMap((id) => bySong.get(id) ?? []);
    }
    default:
      return queue;
  }
}
