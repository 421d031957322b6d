import { applyChange, type LiveEvent, type LiveQueueEntry, type QueueChange } from '../../shared/live-events';
import { liveProtocols } from '../../shared/live-protocol';

export interface LiveState {
  version: number;
  active: boolean;
  queue: LiveQueueEntry[];
}

const HEARTBEAT_MS = 20_000;
const SILENCE_MS = 45_000;

interface Handlers {
  /** The queue as it now is, after the first snapshot or a change (which is passed along). */
  onQueue(state: LiveState, change?: QueueChange, at?: number): void;
  /** Connected again, or an event was missed: reload anything else the page shows. */
  onResync(): void;
  onConnection(online: boolean): void;
}

/**
 * Follows one gig over /ws: the queue arrives whole on subscribing and then as numbered changes. A
 * gap in the numbers asks for the whole queue again; a dropped connection (weak data, a restart of
 * the live server) reconnects by itself. Returns a function that stops it.
 */
export function followGig(
  token: string,
  handlers: Handlers,
  /** A signed-in page's session: the live server keeps slots for these that phones cannot take. */
  session?: string | null,
): () => void {
  let socket: WebSocket | undefined;
  let stopped = false;
  let retry = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let state: LiveState | undefined;
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  let heardAt = 0;
  const subscribe = () => socket?.send(JSON.stringify({ type: 'subscribe', gig: token }));

  const receive = (event: LiveEvent) => {
    if (event.type === 'queue') {
      state = { version: event.version, active: event.active, queue: event.queue };
      handlers.onQueue(state);
      return;
    }
    if (!state || event.version <= state.version) return;
    if (event.version > state.version + 1) {
      state = undefined;
      subscribe();
      handlers.onResync();
      return;
    }
    state = { version: event.version, active: event.active, queue: applyChange(state.queue, event.change) };
    handlers.onQueue(state, event.change, event.at);
  };

  const connect = () => {
    socket = new WebSocket(
      `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`,
      liveProtocols(session),
    );
    socket.onopen = () => {
      retry = 0;
      heardAt = Date.now();
      // A phone whose network died silently never sees a close: ask for a pong now and then, and
      // give the connection up (then reconnect) when nothing has been heard for a while.
      clearInterval(heartbeat);
      heartbeat = setInterval(() => {
        if (Date.now() - heardAt > SILENCE_MS) socket?.close();
        else socket?.send(JSON.stringify({ type: 'ping' }));
      }, HEARTBEAT_MS);
      subscribe();
      handlers.onConnection(true);
      handlers.onResync();
    };
    socket.onmessage = (message) => {
      heardAt = Date.now();
      const event = JSON.parse(String(message.data)) as LiveEvent | { type: 'error' | 'pong' };
      if (event.type === 'queue' || event.type === 'change') receive(event);
    };
    socket.onclose = () => {
      clearInterval(heartbeat);
      if (stopped) return;
      state = undefined;
      handlers.onConnection(false);
      // 0.5 s, 1 s, 2 s, 4 s, then every 5 s.
      timer = setTimeout(connect, Math.min(500 * 2 ** retry++, 5000));
    };
  };
  connect();
  return () => {
    stopped = true;
    clearTimeout(timer);
    clearInterval(heartbeat);
    socket?.close();
  };
}
