import { vi } from 'vitest';
import type {
  ChangeEvent,
  LiveEvent,
  LiveQueueEntry,
  QueueChange,
  QueueSnapshot,
} from '../../src/shared/live-events';

/**
 * A stand-in for the browser's WebSocket (happy-dom has no live server): it records every socket the
 * page opens and what it sends, and lets the test open, feed and drop each one.
 */
export class FakeWebSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  /** Every socket opened since stubWebSocket(), oldest first. */
  static instances: FakeWebSocket[] = [];

  readonly url: string;
  /** The subprotocols offered (a signed-in page's session travels in one). */
  readonly protocols: string[];
  readyState = FakeWebSocket.CONNECTING;
  /** What the page sent, parsed from JSON. */
  readonly sent: unknown[] = [];
  /** How many times the page called close(). */
  closeCalls = 0;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;

  constructor(url: string | URL, protocols: string | string[] = []) {
    this.url = String(url);
    this.protocols = typeof protocols === 'string' ? [protocols] : protocols;
    FakeWebSocket.instances.push(this);
  }

  send(data: string) {
    if (this.readyState !== FakeWebSocket.OPEN) throw new Error('send() on a socket that is not open');
    this.sent.push(JSON.parse(data));
  }

  /** The page closing it: a real socket then fires `close` too. */
  close() {
    this.closeCalls += 1;
    if (this.readyState === FakeWebSocket.CLOSED) return;
    this.readyState = FakeWebSocket.CLOSED;
    this.onclose?.(new CloseEvent('close', { code: 1000, wasClean: true }));
  }

  // What the server (or the network) does:

  open() {
    this.readyState = FakeWebSocket.OPEN;
    this.onopen?.(new Event('open'));
  }

  receive(event: LiveEvent | { type: 'error' | 'pong'; message?: string }) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(event) }));
  }

  /** The server closed it with a code and a reason (a close handshake). */
  closeWith(code: number, reason: string) {
    this.readyState = FakeWebSocket.CLOSED;
    this.onclose?.(new CloseEvent('close', { code, reason, wasClean: true }));
  }

  /** The connection dropped (weak data, a restart of the live server). */
  drop() {
    this.readyState = FakeWebSocket.CLOSED;
    this.onclose?.(new CloseEvent('close', { code: 1006, wasClean: false }));
  }
}

/** Replaces globalThis.WebSocket with FakeWebSocket (undone by setup.ts's vi.unstubAllGlobals). */
export function stubWebSocket() {
  FakeWebSocket.instances = [];
  vi.stubGlobal('WebSocket', FakeWebSocket);
  return FakeWebSocket;
}

/** The newest socket the page opened. */
export function lastSocket(): FakeWebSocket {
  const socket = FakeWebSocket.instances.at(-1);
  if (!socket) throw new Error('No WebSocket was opened');
  return socket;
}

export const GIG_TOKEN = 'tok-subota';

/** A waiting song; first/last request at 21:05 unless given. */
export function entry(
  song_id: number,
  naziv: string,
  count = 1,
  performer: string | null = null,
  first_at = '2026-11-21T21:05:00.000Z',
  last_at = first_at,
  trajanje: number | null = null,
): LiveQueueEntry {
  return { song_id, naziv, performer, count, first_at, last_at, trajanje };
}

export function snapshot(
  version: number,
  queue: LiveQueueEntry[],
  active = true,
  gig = GIG_TOKEN,
): QueueSnapshot {
  return { type: 'queue', gig, version, active, queue };
}

export function changeEvent(
  version: number,
  change: QueueChange,
  active = true,
  gig = GIG_TOKEN,
): ChangeEvent {
  return { type: 'change', gig, version, active, at: 1_763_759_100_000.25, change };
}

/** One event stream the page opened through fetch (the fallback of a blocked websocket). */
export interface FakeEventStream {
  url: string;
  headers: Record<string, string>;
  /** Whether the page gave it up (aborted the fetch). */
  aborted(): boolean;
  send(event: LiveEvent): void;
  /** A keep-alive comment. */
  comment(): void;
  /** The server ended it. */
  end(): void;
}

/**
 * Replaces fetch (undone by setup.ts's vi.unstubAllGlobals) with the server's event stream: every
 * call answers `status` and, when 200, a stream the test writes events into.
 */
export function stubEventStreams(status = 200) {
  const streams: FakeEventStream[] = [];
  const encoder = new TextEncoder();
  const fetch = vi.fn(async (url: string | URL, init: RequestInit = {}) => {
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
    const signal = init.signal!;
    signal.addEventListener('abort', () => controller.error(new DOMException('Aborted', 'AbortError')));
    const write = (text: string) => controller.enqueue(encoder.encode(text));
    streams.push({
      url: String(url),
      headers: init.headers as Record<string, string>,
      aborted: () => signal.aborted,
      send: (event) => write(`data: ${JSON.stringify(event)}\n\n`),
      comment: () => write(': keep-alive\n\n'),
      end: () => controller.close(),
    });
    if (status !== 200) return new Response(JSON.stringify({ message: 'No.' }), { status });
    return new Response(body, { status, headers: { 'content-type': 'text/event-stream' } });
  });
  vi.stubGlobal('fetch', fetch);
  return streams;
}
