import http from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { type RawData, type WebSocket, WebSocketServer } from 'ws';

export interface LiveSettings {
  host: string;
  port: number;
  maxConnections: number;
}

export interface LiveServerOptions {
  readSettings(): Promise<LiveSettings>;
  logger: FastifyBaseLogger;
  /** Listen on the settings' own host and port too (off in tests, which use /ws on the app's port). */
  listen: boolean;
  pingIntervalMs?: number;
}

/** A parsed message from a client, for the features built on the live channel. */
export type MessageHandler = (client: WebSocket, message: Record<string, unknown>) => void;

type State = 'running' | 'stopped';

// Close codes of RFC 6455 §7.4 and the IANA registry.
const CLOSE_GOING_AWAY = 1001;
const CLOSE_RESTARTING = 1012;
const CLOSE_TRY_AGAIN_LATER = 1013;
const CLOSE_GRACE_MS = 1000;

/**
 * The live server (the websocket component of System Status): reachable through /ws on the app's
 * port and on websocket_host:websocket_port from the settings. It caps concurrent clients, pings them
 * and drops the dead ones, and counts what it does; counters survive restarts.
 */
export class LiveServer {
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  private readonly clients = new Set<WebSocket>();
  private readonly alive = new WeakMap<WebSocket, boolean>();
  private readonly handlers = new Set<MessageHandler>();
  private listener?: http.Server;
  private pinger?: NodeJS.Timeout;
  private settings?: LiveSettings;
  private state: State = 'stopped';
  private listenError?: string;
  private startedAt = 0;
  private readonly counters = {
    connections_total: 0,
    peak_connections: 0,
    messages_in: 0,
    messages_out: 0,
    refused_connections: 0,
    restarts: 0,
  };

  constructor(private readonly options: LiveServerOptions) {}

  async start() {
    if (this.state === 'running') return;
    const settings = await this.options.readSettings();
    this.settings = settings;
    this.listenError = undefined;
    if (this.options.listen) {
      try {
        this.listener = await listen(settings.host, settings.port, (request, socket, head) =>
          this.handleUpgrade(request, socket, head),
        );
      } catch (error) {
        this.listenError = `Could not listen on ${settings.host}:${settings.port}: ${(error as Error).message}`;
        this.options.logger.error({ context: 'websocket' }, this.listenError);
      }
    }
    this.startedAt = Date.now();
    this.state = 'running';
    this.pinger = setInterval(() => this.pingAll(), this.options.pingIntervalMs ?? 30_000);
    this.pinger.unref();
    this.options.logger.info(
      { context: 'websocket', host: settings.host, port: settings.port },
      'live server started',
    );
  }

  /** Closes every client (they reconnect by themselves), re-reads the settings and listens again. */
  async restart() {
    await this.stop(CLOSE_RESTARTING, 'The live server is restarting; reconnect shortly.');
    this.counters.restarts += 1;
    await this.start();
  }

  async stop(code = CLOSE_GOING_AWAY, reason = 'The live server is shutting down.') {
    clearInterval(this.pinger);
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
    await Promise.all(closing);
    const listener = this.listener;
    this.listener = undefined;
    if (listener) await new Promise<void>((resolve) => listener.close(() => resolve()));
    if (this.state === 'running') this.options.logger.info({ context: 'websocket' }, 'live server stopped');
    this.state = 'stopped';
  }

  /** Hands an HTTP upgrade (from /ws or the own port) to the websocket server. */
  handleUpgrade(request: http.IncomingMessage, socket: Duplex, head: Buffer) {
    if (this.state !== 'running') {
      refuseUpgrade(socket, '503 Service Unavailable');
      return;
    }
    this.wss.handleUpgrade(request, socket, head, (client) => this.accept(client));
  }

  onMessage(handler: MessageHandler) {
    this.handlers.add(handler);
    return () => this.handlers.delete(handler);
  }

  send(client: WebSocket, message: unknown) {
    this.sendText(client, JSON.stringify(message));
  }

  /** Sends an already serialized message (one serialization for many subscribers). */
  sendText(client: WebSocket, text: string) {
    if (client.readyState !== client.OPEN) return;
    client.send(text);
    this.counters.messages_out += 1;
  }

  private accept(client: WebSocket) {
    // A client that breaks the protocol (an oversized or malformed frame) is dropped, never thrown.
    client.on('error', () => client.terminate());
    const max = this.settings?.maxConnections ?? 0;
    if (this.clients.size >= max) {
      this.counters.refused_connections += 1;
      client.close(CLOSE_TRY_AGAIN_LATER, `The live server is full (${max} connections). Try again later.`);
      return;
    }
    this.clients.add(client);
    this.alive.set(client, true);
    this.counters.connections_total += 1;
    this.counters.peak_connections = Math.max(this.counters.peak_connections, this.clients.size);
    client.on('pong', () => this.alive.set(client, true));
    client.on('message', (data) => this.receive(client, data));
    client.on('close', () => this.clients.delete(client));
  }

  private receive(client: WebSocket, data: RawData) {
    this.counters.messages_in += 1;
    let message: unknown;
    try {
      message = JSON.parse(data.toString());
    } catch {
      message = undefined;
    }
    if (typeof message !== 'object' || message === null || Array.isArray(message)) {
      this.send(client, { type: 'error', message: 'Messages must be JSON objects.' });
      return;
    }
    const parsed = message as Record<string, unknown>;
    if (parsed.type === 'ping') this.send(client, { type: 'pong' });
    for (const handler of this.handlers) handler(client, parsed);
  }

  /** A client that did not answer the previous ping is gone (a phone that lost its network). */
  private pingAll() {
    for (const client of this.clients) {
      if (!this.alive.get(client)) {
        client.terminate();
        this.clients.delete(client);
        continue;
      }
      this.alive.set(client, false);
      client.ping();
    }
  }

  stats(): Record<string, number | string> {
    const where = this.settings ? `${this.settings.host}:${this.settings.port}` : 'none';
    return {
      state: this.state,
      listening: this.options.listen && this.listener ? `${where} and /ws` : '/ws only',
      connections: this.clients.size,
      max_connections: this.settings?.maxConnections ?? 0,
      ...this.counters,
      uptime_seconds: this.state === 'running' ? Math.floor((Date.now() - this.startedAt) / 1000) : 0,
    };
  }

  health(): { status: 'healthy' | 'warning' | 'error'; message: string } {
    if (this.state !== 'running') return { status: 'error', message: 'The live server is stopped.' };
    if (this.listenError)
      return { status: 'warning', message: `${this.listenError}. Reachable through /ws.` };
    const max = this.settings?.maxConnections ?? 0;
    const count = `${this.clients.size} of ${max} connections`;
    if (this.clients.size >= max * 0.9) return { status: 'warning', message: `Nearly full: ${count}.` };
    return { status: 'healthy', message: `Running: ${count}.` };
  }
}

function listen(
  host: string,
  port: number,
  onUpgrade: (request: http.IncomingMessage, socket: Duplex, head: Buffer) => void,
): Promise<http.Server> {
  const server = http.createServer((_request, response) => {
    response.writeHead(426, { 'Content-Type': 'application/json' });
    response.end(JSON.stringify({ message: 'This port takes websocket connections only.' }));
  });
  server.on('upgrade', onUpgrade);
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}

/**
 * Answers an upgrade that will not be taken with a plain HTTP status. The raw socket gets an error
 * listener first: a client resetting it would otherwise be an unhandled error that ends the process.
 */
export function refuseUpgrade(socket: Duplex, status: string) {
  socket.on('error', () => socket.destroy());
  socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\n\r\n`);
}
