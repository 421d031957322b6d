import { applyChange, type LiveEvent, type LiveQueueEntry, type QueueChange } from '../../shared/live-events';
import { CLOSE_FORBIDDEN, CLOSE_SIGNED_OUT, liveProtocols } from '../../shared/live-protocol';
import { openEventStream } from './liveStream';

export interface LiveState {
  version: number;
  active: boolean;
  queue: LiveQueueEntry[];
}

const HEARTBEAT_MS = 20_000;
const SILENCE_MS = 45_000;
/** A websocket that never opened this many times in a row is blocked by the network. */
const FAILED_OPENS = 2;
/** ... and so is one that dropped this many times within DROP_SPAN_MS of opening. */
const DROPS = 3;
const DROP_SPAN_MS = 60_000;
/** On the event stream, the websocket is tried again this often: a restart of the whole server
 *  also fails it twice, and the page should not stay on the fallback for the rest of the night. */
export const WEBSOCKET_AGAIN_MS = 120_000;

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

/** One connection to the live channel, whichever transport carries it. */
interface Connection {
  close(): void;
  /** Asks for the whole queue again (a gap in the numbers). */
  resubscribe(): void;
  /** Tells the server this page is still there (a websocket's ping). */
  ping(): void;
}

/**
 * Whether the page should give up the websocket for the event stream: the network keeps it from
 * opening, or keeps dropping it (venue Wi-Fi that blocks or cuts websockets).
 */
export function websocketBlocked(failedOpens: number, dropTimes: number[], now: number): boolean {
  return failedOpens >= FAILED_OPENS || dropTimes.filter((at) => now - at < DROP_SPAN_MS).length >= DROPS;
}

/** Every gig this page follows, by the function that stops following it. */
const following = new Set<() => void>();

/** Stops following every gig, as leaving the page does (client tests start each test like a new page). */
export function stopFollowingAll() {
  for (const stop of [...following]) stop();
}

/**
 * Follows one gig over /ws: the queue arrives whole on subscribing and then as numbered changes. A
 * gap in the numbers asks for the whole queue again; a dropped connection (weak data, a restart of
 * the live server) reconnects by itself. Where the websocket cannot open or keeps dropping, it falls
 * back to Server-Sent Events on the main port (liveStream.ts), with the same
 * events and the same handling, and tries the websocket again every WEBSOCKET_AGAIN_MS. Returns a
 * function that stops it.
 */
export function followGig(
  token: string,
  handlers: Handlers,
  /** A signed-in page's session: the live server keeps slots for these that phones cannot take. */
  session?: string | null,
): () => void {
  let connection: Connection | undefined;
  /** Callbacks of a connection that is no longer the current one are ignored. */
  let generation = 0;
  let stopped = false;
  let retry = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let state: LiveState | undefined;
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  let heardAt = 0;
  let useStream = false;
  let failedOpens = 0;
  const drops: number[] = [];
  /** A new stream asked for by a gap: the page already reloads, and it never went offline. */
  let reopening = false;
  let probeTimer: ReturnType<typeof setTimeout> | undefined;
  let probe: WebSocket | undefined;

  const receive = (event: LiveEvent) => {
    if (event.type === 'queue') {
      state = { version: event.version, active: event.active, queue: event.queue };
      handlers.onQueue(state);
      return;
    }
    if (!state || event.version <= state.version) return;
    if (event.version > state.version + 1) {
      state = undefined;
      connection?.resubscribe();
      handlers.onResync();
      return;
    }
    state = { version: event.version, active: event.active, queue: applyChange(state.queue, event.change) };
    handlers.onQueue(state, event.change, event.at);
  };

  const heard = (data?: string) => {
    heardAt = Date.now();
    if (data === undefined) return;
    const event = JSON.parse(data) as LiveEvent | { type: 'error' | 'pong' };
    if (event.type === 'queue' || event.type === 'change') receive(event);
  };

  const opened = () => {
    retry = 0;
    failedOpens = 0;
    heardAt = Date.now();
    // A phone whose network died silently never sees a close: ask for a pong now and then, and
    // give the connection up (then reconnect) when nothing has been heard for a while.
    clearInterval(heartbeat);
    heartbeat = setInterval(() => {
      if (Date.now() - heardAt > SILENCE_MS) connection?.close();
      else connection?.ping();
    }, HEARTBEAT_MS);
    if (reopening) {
      reopening = false;
      return;
    }
    handlers.onConnection(true);
    handlers.onResync();
  };

  const closed = (wasOpen: boolean) => {
    clearInterval(heartbeat);
    reopening = false;
    if (stopped) return;
    state = undefined;
    handlers.onConnection(false);
    if (!useStream) {
      if (wasOpen) drops.push(Date.now());
      else failedOpens += 1;
      if (websocketBlocked(failedOpens, drops, Date.now())) {
        useStream = true;
        retry = 0;
      }
    }
    // 0.5 s, 1 s, 2 s, 4 s, then every 5 s.
    timer = setTimeout(connect, Math.min(500 * 2 ** retry++, 5000));
  };

  const ended = (status: 401 | 403) => {
    stop();
    handlers.onEnded?.(status);
  };

  const newSocket = () =>
    new WebSocket(
      `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`,
      liveProtocols(session),
    );

  const openSocket = (current: number) => {
    const socket = newSocket();
    const subscribe = () => socket.send(JSON.stringify({ type: 'subscribe', gig: token }));
    let wasOpen = false;
    connection = {
      close: () => socket.close(),
      resubscribe: subscribe,
      ping: () => socket.send(JSON.stringify({ type: 'ping' })),
    };
    socket.onopen = () => {
      wasOpen = true;
      subscribe();
      opened();
    };
    socket.onmessage = (message) => heard(String(message.data));
    socket.onclose = (event) => {
      if (current !== generation) return;
      if (event.code === CLOSE_SIGNED_OUT) ended(401);
      else if (event.code === CLOSE_FORBIDDEN) ended(403);
      else closed(wasOpen);
    };
  };

  const openStream = (current: number) => {
    let wasOpen = false;
    const stream = openEventStream(token, session, {
      open() {
        wasOpen = true;
        if (current === generation) opened();
      },
      message: (data) => {
        if (current === generation) heard(data);
      },
      heard: () => heard(),
      refused(status) {
        if (current === generation && (status === 401 || status === 403)) ended(status);
      },
      close() {
        if (current === generation) closed(wasOpen);
      },
    });
    connection = {
      close: stream.close,
      // Every stream starts with the whole queue: a new one is the way to ask again.
      resubscribe() {
        reopening = true;
        generation += 1;
        stream.close();
        connect();
      },
      // The server's keep-alive comments tell that the stream is alive; nothing to send.
      ping() {},
    };
  };

  /** On the stream: a websocket that opens now takes over (with a fresh snapshot); else later again. */
  const tryWebsocketAgain = () => {
    probeTimer = undefined;
    const socket = (probe = newSocket());
    let opened = false;
    socket.onopen = () => {
      opened = true;
      socket.close();
      if (stopped || !useStream) return;
      useStream = false;
      failedOpens = 0;
      drops.length = 0;
      const stream = connection;
      generation += 1;
      stream?.close();
      clearTimeout(timer);
      connect();
    };
    socket.onclose = () => {
      probe = undefined;
      if (!opened && !stopped && useStream) probeTimer = setTimeout(tryWebsocketAgain, WEBSOCKET_AGAIN_MS);
    };
  };

  const connect = () => {
    generation += 1;
    if (!useStream) return openSocket(generation);
    openStream(generation);
    if (!probeTimer && !probe) probeTimer = setTimeout(tryWebsocketAgain, WEBSOCKET_AGAIN_MS);
  };
  connect();
  const stop = () => {
    following.delete(stop);
    stopped = true;
    clearTimeout(timer);
    clearTimeout(probeTimer);
    clearInterval(heartbeat);
    probe?.close();
    connection?.close();
  };
  following.add(stop);
  return stop;
}
