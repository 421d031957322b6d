import { say } from '../../shared/server-messages.js';
import type { Duplex } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import { LIVE_MAX_BUFFERED_BYTES } from '../../shared/constants.js';
import type { LiveCounters } from './counters.js';
import { LiveFrames } from './frames.js';
import type { MessageHandler } from './options.js';

const CLOSE_POLICY = 1008;
const CLOSE_GRACE_MS = 1000;

/**
 * The open websockets of the live server once admitted: their messages in and out, the ping that
 * finds dead ones, and the deadline of one that follows no gig. Nothing a client sends or does to its
 * connection may end the process.
 */
export class WebSocketClients {
  readonly clients = new Set<WebSocket>();
  private readonly alive = new WeakMap<WebSocket, boolean>();
  /** Each client's TCP socket, which a batch of messages is written to as ready-made frames. */
  readonly sockets = new WeakMap<WebSocket, Duplex>();
  private readonly frames = new LiveFrames();
  /** Clients that follow no real gig yet, with the timer that closes them. */
  private readonly idle = new Map<WebSocket, NodeJS.Timeout>();
  private readonly handlers = new Set<MessageHandler>();

  constructor(
    private readonly logger: FastifyBaseLogger,
    private readonly counters: LiveCounters,
    private readonly subscribeGraceMs: number,
  ) {}

  /** Takes an admitted client in; `onClose` runs when it goes. */
  add(client: WebSocket, onClose: () => void) {
    this.clients.add(client);
    this.alive.set(client, true);
    this.closeWhenIdle(client);
    client.on('pong', () => this.alive.set(client, true));
    client.on('message', (data) => this.safely(client, () => this.receive(client, data)));
    client.on('close', () => {
      this.clients.delete(client);
      this.keepOpen(client);
      onClose();
    });
  }

  /** Closes every client with the code (they reconnect by themselves), not waiting on silent ones. */
  closeAll(code: number, reason: string) {
    for (const timer of this.idle.values()) clearTimeout(timer);
    this.idle.clear();
    const closing = [...this.clients].map(
      (client) =>
        new Promise<void>((resolve) => {
          client.once('close', () => resolve());
          client.close(code, reason);
          // A phone that lost its network never answers the close: do not wait ws's 30 s for it.
          setTimeout(() => {
            client.terminate();
            resolve();
          }, CLOSE_GRACE_MS).unref();
        }),
    );
    this.clients.clear();
    return Promise.all(closing);
  }

  onMessage(handler: MessageHandler) {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  send(client: WebSocket, message: unknown) {
    this.sendText(client, JSON.stringify(message));
  }

  /**
   * Sends an already serialized message (one serialization for many subscribers): given as bytes, the
   * same buffer goes to every socket without being encoded again, as a text frame.
   */
  sendText(client: WebSocket, text: string | Buffer) {
    if (client.readyState !== client.OPEN) return;
    client.send(text, { binary: false });
    this.counters.values.messages_out += 1;
  }

  /**
   * Sends several serialized messages to a client in one write to its socket: at thousands of
   * subscribers the system call per write, not the bytes, is what a broadcast costs, and the frames
   * are built once for all of them (LiveFrames).
   */
  sendBatch(client: WebSocket, messages: readonly Buffer[]) {
    if (client.readyState !== client.OPEN || !messages.length) return;
    const socket = this.sockets.get(client)!;
    if (socket.writableLength > LIVE_MAX_BUFFERED_BYTES) {
      // A phone that stopped reading (asleep, or a client that never reads) would hold every event
      // sent to it in this process's memory.
      this.logger.warn({ context: 'websocket' }, 'dropped a client that stopped reading');
      client.terminate();
      return;
    }
    socket.write(this.frames.of(messages));
    this.counters.values.messages_out += messages.length;
  }

  isIdle(client: WebSocket) {
    return this.idle.has(client);
  }

  /** Closes the client unless it follows a real gig in time (one socket per phone, not a hoard). */
  closeWhenIdle(client: WebSocket) {
    const ms = this.subscribeGraceMs;
    const timer = setTimeout(() => {
      this.idle.delete(client);
      this.counters.values.closed_idle += 1;
      this.safely(client, () =>
        client.close(CLOSE_POLICY, `Closed after ${ms / 1000} s without following a gig.`),
      );
    }, ms);
    timer.unref();
    this.idle.set(client, timer);
  }

  keepOpen(client: WebSocket) {
    clearTimeout(this.idle.get(client));
    this.idle.delete(client);
  }

  /** A client that did not answer the previous ping is gone (a phone that lost its network). */
  pingAll() {
    for (const client of this.clients) {
      if (!this.alive.get(client)) {
        client.terminate();
        this.clients.delete(client);
        continue;
      }
      this.alive.set(client, false);
      this.safely(client, () => client.ping());
    }
  }

  /** Runs a client's handler: a failure is logged and ends that client, never the process. */
  private safely(client: WebSocket, run: () => void) {
    try {
      run();
    } catch (error) {
      this.logger.error(
        { context: 'websocket', err: (error as Error).message },
        'a live client handler failed; that client was dropped',
      );
      client.terminate();
    }
  }

  private receive(client: WebSocket, data: RawData) {
    this.counters.values.messages_in += 1;
    let message: unknown;
    try {
      message = JSON.parse(data.toString());
    } catch {
      message = undefined;
    }
    if (typeof message !== 'object' || message === null || Array.isArray(message)) {
      this.send(client, { type: 'error', ...say('live_not_json') });
      return;
    }
    const parsed = message as Record<string, unknown>;
    if (parsed.type === 'ping') this.send(client, { type: 'pong' });
    for (const handler of this.handlers) handler(client, parsed);
  }
}
