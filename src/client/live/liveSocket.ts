import type { QueueChange } from '../../shared/live-events';
import { openLiveChannel } from './liveChannel';
import { type LiveState, nextQueue, readEvent } from './liveQueue';

interface Handlers {
  /** The queue as it now is, after the first snapshot or a change (which is passed along). */
  onQueue(state: LiveState, change?: QueueChange, at?: number): void;
  /** Connected again, or an event was missed: reload anything else the page shows. */
  onResync(): void;
  onConnection(online: boolean): void;
  /**
   * A signed-in page lost its standing: its session ended (401: signed out, expired) or its user may
   * no longer follow the gig (403). The page stops following; reconnecting would only be refused.
   */
  onEnded?(status: 401 | 403): void;
}

/** Every gig this page follows, by the function that stops following it. */
const following = new Set<() => void>();

/** Stops following every gig, as leaving the page does (client tests start each test like a new page). */
export function stopFollowingAll() {
  for (const stop of [...following]) stop();
}

/**
 * Follows one gig's queue: the live channel (liveChannel.ts) carries the whole queue and then its
 * numbered changes, which liveQueue.ts applies. A gap in the numbers asks for the whole queue again;
 * until it comes, and after a lost connection, changes have nothing to apply to. Returns a function
 * that stops following.
 */
export function followGig(
  token: string,
  handlers: Handlers,
  /** A signed-in page's session: the live server keeps slots for these that phones cannot take. */
  session?: string | null,
): () => void {
  let state: LiveState | undefined;
  const channel = openLiveChannel(token, session, {
    connected() {
      handlers.onConnection(true);
      handlers.onResync();
    },
    message(data) {
      const event = readEvent(data);
      if (!event) return;
      const step = nextQueue(state, event);
      if (step.kind === 'snapshot') {
        state = step.state;
        handlers.onQueue(state);
      } else if (step.kind === 'change') {
        state = step.state;
        handlers.onQueue(state, step.change, step.at);
      } else if (step.kind === 'gap') {
        state = undefined;
        channel.resubscribe();
        handlers.onResync();
      }
    },
    disconnected() {
      state = undefined;
      handlers.onConnection(false);
    },
    refused(status) {
      following.delete(stop);
      handlers.onEnded?.(status);
    },
  });
  const stop = () => {
    following.delete(stop);
    channel.close();
  };
  following.add(stop);
  return stop;
}
