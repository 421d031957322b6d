import type { QueueChange } from '../../shared/live-events';
import type { LeadEvent } from '../../shared/live-lead';
import type { SetlistEvent } from '../../shared/running-order';
import { type LiveTopic, openLiveChannel } from './liveChannel';
import { openEventStream } from './liveStream';
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
/** The channel of each gig this page follows, which the band's tablets also send over (issue 27). */
const channels = new Map<string, { send(message: object): boolean }>();
/** Who listens for the leading tablet's messages of each gig (band pages only get them). */
const leadListeners = new Map<string, Set<(event: LeadEvent) => void>>();

/**
 * Sends a message over the gig's live channel; false when it cannot go now (no websocket open, or
 * only the event stream, which reads): then the caller sends it over HTTP.
 */
export function sendToGig(token: string, message: object): boolean {
  return channels.get(token)?.send(message) ?? false;
}

/** Calls `listener` with each leading tablet's message of the gig; answers a function that stops. */
export function onLead(token: string, listener: (event: LeadEvent) => void): () => void {
  let listeners = leadListeners.get(token);
  if (!listeners) leadListeners.set(token, (listeners = new Set()));
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (!listeners.size) leadListeners.delete(token);
  };
}

/** The server writes a message's type first: a leader's message is told without parsing it twice. */
const LEAD_PREFIX = '{"type":"lead"';

/** Who listens for the running order's changes of each gig (issue 27, point 3; band pages only get them). */
const setlistListeners = new Map<string, Set<(event: SetlistEvent) => void>>();

/** Calls `listener` with each change of the gig's running order; answers a function that stops. */
export function onSetlist(token: string, listener: (event: SetlistEvent) => void): () => void {
  let listeners = setlistListeners.get(token);
  if (!listeners) setlistListeners.set(token, (listeners = new Set()));
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (!listeners.size) setlistListeners.delete(token);
  };
}

/** The server writes a message's type first: a running order's change is told without parsing twice. */
const SETLIST_PREFIX = '{"type":"setlist"';

/** Stops following every gig, as leaving the page does (client tests start each test like a new page). */
export function stopFollowingAll() {
  for (const stop of [...following]) stop();
}

/** A gig's topic on the live channel: its subscription and its event stream. */
const gigTopic = (token: string): LiveTopic => ({
  hello: () => ({ type: 'subscribe', gig: token }),
  events: () => `/api/live/${encodeURIComponent(token)}/events`,
  openStream: openEventStream,
});

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
  const channel = openLiveChannel(gigTopic(token), session, {
    connected() {
      handlers.onConnection(true);
      handlers.onResync();
    },
    message(data) {
      if (data.startsWith(LEAD_PREFIX)) {
        const lead = JSON.parse(data) as LeadEvent;
        for (const listener of leadListeners.get(token) ?? []) listener(lead);
        return;
      }
      if (data.startsWith(SETLIST_PREFIX)) {
        const change = JSON.parse(data) as SetlistEvent;
        for (const listener of setlistListeners.get(token) ?? []) listener(change);
        return;
      }
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
      if (channels.get(token) === channel) channels.delete(token);
      handlers.onEnded?.(status);
    },
  });
  const stop = () => {
    following.delete(stop);
    if (channels.get(token) === channel) channels.delete(token);
    channel.close();
  };
  following.add(stop);
  channels.set(token, channel);
  return stop;
}
