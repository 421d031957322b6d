import { CLOSE_FORBIDDEN, CLOSE_SIGNED_OUT, liveProtocols } from '../../shared/live-protocol';
import type { StreamOpener } from './liveStream';

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

interface ChannelHandlers {
  /** Connected, for the first time or again: the whole queue comes next. */
  connected(): void;
  /** One message's text. */
  message(data: string): void;
  /** The connection was lost; the channel connects again by itself. */
  disconnected(): void;
  /**
   * The server refused the page's session (401: signed out, expired) or its following this gig
   * (403). The channel has closed: connecting again would only be refused again.
   */
  refused(status: 401 | 403): void;
}

export interface LiveChannel {
  /**
   * Asks for the whole queue again (the follower saw a gap in the numbers); on the panel's topic,
   * says again where the page is (the event stream is opened anew for that).
   */
  resubscribe(): void;
  /** Sends a message over the websocket; false when there is none open (the event stream only reads). */
  send(message: object): boolean;
  /** Closes the channel for good. */
  close(): void;
}

/** One connection to the live channel, whichever transport carries it. */
interface Connection {
  close(): void;
  resubscribe(): void;
  /** Tells the server this page is still there (a websocket's ping). */
  ping(): void;
  send(message: object): boolean;
}

/**
 * Whether the page should give up the websocket for the event stream: the network keeps it from
 * opening, or keeps dropping it (venue Wi-Fi that blocks or cuts websockets).
 */
export function websocketBlocked(failedOpens: number, dropTimes: number[], now: number): boolean {
  return failedOpens >= FAILED_OPENS || dropTimes.filter((at) => now - at < DROP_SPAN_MS).length >= DROPS;
}

/**
 * What a page follows (a gig, liveSocket.ts's gigTopic; the panel's topic): the message that
 * subscribes a websocket to it and the address of its event stream (both read at each
 * (re)subscription), and how that stream is opened (liveStream.ts's openEventStream, or one that
 * loads it first: the panel loads the reader only when a network blocks its websocket).
 */
export interface LiveTopic {
  hello(): object;
  events(): string;
  openStream: StreamOpener;
}

/**
 * The live channel of one gig (or another topic) over /ws, subscribed to it. A dropped connection (weak data, a
 * restart of the live server) reconnects by itself. Where the websocket cannot open or keeps
 * dropping, it falls back to Server-Sent Events on the main port (liveStream.ts), which carry the
 * same messages, and tries the websocket again every WEBSOCKET_AGAIN_MS.
 */
export function openLiveChannel(
  topic: LiveTopic,
  /** A signed-in page's session: the live server keeps slots for these that phones cannot take. */
  session: string | null | undefined,
  on: ChannelHandlers,
): LiveChannel {
  let connection: Connection | undefined;
  /** Callbacks of a connection that is no longer the current one are ignored. */
  let generation = 0;
  let stopped = false;
  let retry = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let heartbeat: ReturnType<typeof setInterval> | undefined;
  let heardAt = 0;
  let useStream = false;
  let failedOpens = 0;
  const drops: number[] = [];
  /** A new stream asked for by a gap: the page already reloads, and it never went offline. */
  let reopening = false;
  let probeTimer: ReturnType<typeof setTimeout> | undefined;
  let probe: WebSocket | undefined;

  const heard = (data?: string) => {
    heardAt = Date.now();
    if (data !== undefined) on.message(data);
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
    on.connected();
  };

  const closed = (wasOpen: boolean) => {
    clearInterval(heartbeat);
    reopening = false;
    if (stopped) return;
    on.disconnected();
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

  const refused = (status: 401 | 403) => {
    close();
    on.refused(status);
  };

  const newSocket = () =>
    new WebSocket(
      `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws`,
      liveProtocols(session),
    );

  const openSocket = (current: number) => {
    let socket: WebSocket;
    try {
      socket = newSocket();
    } catch {
      // A webview or filtering proxy that forbids websockets throws (SecurityError) instead of
      // failing to connect: the same failed open, told a moment later as a close would be.
      connection = undefined;
      timer = setTimeout(() => {
        if (current === generation) closed(false);
      }, 0);
      return;
    }
    // Not yet open: the open subscribes (with what hello() says then).
    const subscribe = () => {
      if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(topic.hello()));
    };
    let wasOpen = false;
    connection = {
      close: () => socket.close(),
      resubscribe: subscribe,
      ping: () => socket.send(JSON.stringify({ type: 'ping' })),
      send(message) {
        if (!wasOpen || socket.readyState !== WebSocket.OPEN) return false;
        socket.send(JSON.stringify(message));
        return true;
      },
    };
    socket.onopen = () => {
      wasOpen = true;
      subscribe();
      opened();
    };
    socket.onmessage = (message) => heard(String(message.data));
    socket.onclose = (event) => {
      if (current !== generation) return;
      if (event.code === CLOSE_SIGNED_OUT) refused(401);
      else if (event.code === CLOSE_FORBIDDEN) refused(403);
      else closed(wasOpen);
    };
  };

  const openStream = (current: number) => {
    let wasOpen = false;
    const stream = topic.openStream(topic.events(), session, {
      open() {
        wasOpen = true;
        if (current === generation) opened();
      },
      message: (data) => {
        if (current === generation) heard(data);
      },
      heard: () => heard(),
      refused(status) {
        if (current === generation && (status === 401 || status === 403)) refused(status);
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
      send: () => false,
    };
  };

  /** On the stream: a websocket that opens now takes over (with a fresh snapshot); else later again. */
  const tryWebsocketAgain = () => {
    probeTimer = undefined;
    let socket: WebSocket;
    try {
      socket = probe = newSocket();
    } catch {
      probeTimer = setTimeout(tryWebsocketAgain, WEBSOCKET_AGAIN_MS);
      return;
    }
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

  const close = () => {
    stopped = true;
    clearTimeout(timer);
    clearTimeout(probeTimer);
    clearInterval(heartbeat);
    probe?.close();
    connection?.close();
  };

  connect();
  return {
    resubscribe: () => connection?.resubscribe(),
    send: (message) => connection?.send(message) ?? false,
    close,
  };
}
