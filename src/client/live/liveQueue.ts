import { applyChange, type LiveEvent, type LiveQueueEntry, type QueueChange } from '../../shared/live-events';
import type { QueuePace } from '../../shared/queue-wait';

/** The gig's queue as a page holds it, at the version of the last event it applied. */
export interface LiveState {
  version: number;
  active: boolean;
  queue: LiveQueueEntry[];
  /** How the night goes (issue 29: the wait estimates); a played song's change brings it anew. */
  pace?: QueuePace;
}

/** What one event of the live channel does to the queue a page holds. */
export type QueueStep =
  /** The whole queue: it replaces whatever was held. */
  | { kind: 'snapshot'; state: LiveState }
  /** The next change in order, applied. */
  | { kind: 'change'; state: LiveState; change: QueueChange; at: number }
  /** Nothing to apply: no queue yet, or a change not newer than the queue (a duplicate, a late one). */
  | { kind: 'stale' }
  /** A change was missed: the queue held is void until the whole queue comes again. */
  | { kind: 'gap' };

/**
 * The queue after one event (issue "Live gig night"): the whole queue arrives first, then changes
 * numbered by the gig's queue version, each one more than the last.
 */
export function nextQueue(state: LiveState | undefined, event: LiveEvent): QueueStep {
  if (event.type === 'queue')
    return {
      kind: 'snapshot',
      state: { version: event.version, active: event.active, queue: event.queue, pace: event.pace },
    };
  if (!state || event.version <= state.version) return { kind: 'stale' };
  if (event.version > state.version + 1) return { kind: 'gap' };
  return {
    kind: 'change',
    state: {
      version: event.version,
      active: event.active,
      queue: applyChange(state.queue, event.change),
      pace: ('pace' in event.change ? event.change.pace : undefined) ?? state.pace,
    },
    change: event.change,
    at: event.at,
  };
}

/** A message of the live channel as an event of the queue; the server's pongs and errors are none. */
export function readEvent(data: string): LiveEvent | undefined {
  const message: LiveEvent | { type: 'error' | 'pong' } = JSON.parse(data);
  return message.type === 'queue' || message.type === 'change' ? message : undefined;
}
