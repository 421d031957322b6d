import http from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { type RawData, type WebSocket, WebSocketServer } from 'ws';
import { LISTEN_BACKLOG, LIVE_MAX_BUFFERED_BYTES, LIVE_SESSION_CHECK_MS } from '../../shared/constants.js';
import {
  CLOSE_FORBIDDEN,
  CLOSE_SIGNED_OUT,
  LIVE_PROTOCOL,
  sessionFromProtocols,
} from '../../shared/live-protocol.js';
import { LiveFrames } from './frames.js';
import {
  DEFAULT_LIVE_LIMITS,
  LiveAdmission,
  type LiveLimits,
  type Refusal,
  type RefusalKind,
  type Visitor,
} from './admission.js';

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
  /** Limits of issue 11 (finding 7); each defaults to its constant in shared/constants. */
  limits?: Partial<LiveLimits>;
  /** The client's address as the app sees request.ip; the socket's peer address when absent. */
  clientAddress?(request: http.IncomingMessage): string | undefined;
  /**
   * A session token's page (a band page or viewer), or null when the token is no session (signed
   * out, expired); it throws when that cannot be told now (maintenance mode, the database). `use`:
   * whether this counts as a use of the session (a connection's later checks do not). Every socket
   * is anonymous when absent.
   */
  authenticate?(sessionToken: string, use: boolean): Promise<SignedInPage | null>;
  /** How often signed-in pages' sessions are checked again (LIVE_SESSION_CHECK_MS). */
  sessionCheckMs?: number;
}

export interface SignedInPage {
  /** Its session: a session's connections count together. */
  session: string;
  /** Its user's band ('admin' for system admins): a band's connections count together. */
  band: string;
  /** Whether the session may follow the gig: its band's own, or any for a system admin. */
  mayFollow(gig: string): Promise<boolean>;
}

type UpgradeHandler = (request: http.IncomingMessage, socket: Duplex, head: Buffer) => void;

/**
 * A live connection of another transport than the websocket (the event stream of live-events.ts):
 * it takes a slot under the same limits, and is closed with the websockets on stop and restart.
 */
export interface LiveStream {
  close(reason: string): void;
}

/** A parsed message from a client, for the features built on the live channel. */
export type MessageHandler = (client: WebSocket, message: Record<string, unknown>) => void;

type State = 'running' | 'stopped';

// Close codes of RFC 6455 §7.4 and the IANA registry.
const CLOSE_GOING_AWAY = 1001;
const CLOSE_POLICY = 1008;
const CLOSE_RESTARTING = 1012;
const CLOSE_TRY_AGAIN_LATER = 1013;
const CLOSE_GRACE_MS = 1000;

const REFUSALS: Record<
  RefusalKind,
  'refused_full' | 'refused_per_address' | 'refused_per_gig' | 'refused_per_session' | 'refused_per_band'
> = {
  full: 'refused_full',
  address: 'refused_per_address',
  gig: 'refused_per_gig',
  session: 'refused_per_session',
  band: 'refused_per_band',
};

const SIGNED_OUT_REASON = 'Your session has ended. Sign in again.';
const FORBIDDEN_REASON = 'This gig belongs to another band.';

/**
 * The live server (the websocket component of System Status): reachable through /ws on the app's
 * port and on websocket_host:websocket_port from the settings. It shares out its slots (LiveAdmission),
 * closes sockets that follow no gig, pings clients and drops the dead ones, and counts what it does;
 * counters survive restarts. Nothing a client sends or does to its connection may end the process.
 */
export class LiveServer {
  private readonly wss = new WebSocketServer({
    noServer: true,
    maxPayload: 64 * 1024,
    // A signed-in page offers its session as a second subprotocol: only this one is ever answered.
    handleProtocols: (protocols) => (protocols.has(LIVE_PROTOCOL) ? LIVE_PROTOCOL : false),
  });
  private readonly clients = new Set<WebSocket>();
  private readonly alive = new WeakMap<WebSocket, boolean>();
  /** Each client's TCP socket, which a batch of messages is written to as ready-made frames. */
  private readonly sockets = new WeakMap<WebSocket, Duplex>();
  private readonly frames = new LiveFrames();
  /** Clients that follow no real gig yet, with the timer that closes them. */
  private readonly idle = new Map<WebSocket, NodeJS.Timeout>();
  /** The signed-in pages' sessions (an anonymous socket has none). */
  private readonly pages = new WeakMap<WebSocket, SignedInPage>();
  /** The session token of each signed-in connection, checked again every sessionCheckMs. */
  private readonly tokens = new Map<WebSocket | LiveStream, string>();
  private sessionChecker?: NodeJS.Timeout;
  private checkingSessions = false;
  private readonly handlers = new Set<MessageHandler>();
  private readonly streams = new Set<LiveStream>();
  private readonly limits: LiveLimits;
  /** One for both transports: a phone's websockets and event streams count alike. */
  private admission: LiveAdmission<WebSocket | LiveStream>;
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
    refused_full: 0,
    refused_per_address: 0,
    refused_per_gig: 0,
    refused_per_session: 0,
    refused_per_band: 0,
    closed_idle: 0,
    closed_signed_out: 0,
    restarts: 0,
  };

  constructor(private readonly options: LiveServerOptions) {
    this.limits = { ...DEFAULT_LIVE_LIMITS, ...options.limits };
    this.admission = new LiveAdmission(0, this.limits);
  }

  async start() {
    if (this.state === 'running') return;
    const settings = await this.options.readSettings();
    this.settings = settings;
    this.admission = new LiveAdmission(settings.maxConnections, this.limits);
    this.listenError = undefined;
    const where = `${settings.host}:${settings.port}`;
    if (this.options.listen) {
      try {
        this.listener = await listen(
          settings.host,
          settings.port,
          guardUpgrade(this.options.logger, (request, socket, head) =>
            this.handleUpgrade(request, socket, head),
          ),
          this.options.logger,
        );
      } catch (error) {
        this.listenError = `Could not listen on ${where}: ${listenProblem(error)}`;
      }
    }
    this.startedAt = Date.now();
    this.state = 'running';
    this.pinger = setInterval(() => this.pingAll(), this.options.pingIntervalMs ?? 30_000);
    this.pinger.unref();
    this.sessionChecker = setInterval(
      () => void this.checkSessions(),
      this.options.sessionCheckMs ?? LIVE_SESSION_CHECK_MS,
    );
    this.sessionChecker.unref();
    const context = { context: 'websocket', host: settings.host, port: settings.port };
    // One line that says what works: "started" next to "could not listen" would read as all is well.
    if (this.listenError)
      this.options.logger.error(
        context,
        `${this.listenError}. The live server runs on /ws of the main port only.`,
      );
    else
      this.options.logger.info(
        context,
        this.listener ? `live server started on ${where} and /ws` : 'live server started on /ws only',
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
    clearInterval(this.sessionChecker);
    this.tokens.clear();
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
    for (const stream of this.streams) {
      this.admission.remove(stream);
      stream.close(reason);
    }
    this.streams.clear();
    await Promise.all(closing);
    const listener = this.listener;
    this.listener = undefined;
    if (listener) await new Promise<void>((resolve) => listener.close(() => resolve()));
    if (this.state === 'running') this.options.logger.info({ context: 'websocket' }, 'live server stopped');
    this.state = 'stopped';
  }

  /**
   * Hands an HTTP upgrade (from /ws or the own port) to the websocket server, once it knows whether a
   * signed-in page is asking. Callers wrap it in guardUpgrade.
   */
  handleUpgrade(request: http.IncomingMessage, socket: Duplex, head: Buffer) {
    if (this.state !== 'running') {
      refuseUpgrade(socket, '503 Service Unavailable');
      return;
    }
    const address = this.options.clientAddress?.(request) ?? request.socket.remoteAddress ?? 'unknown';
    const offered = request.headers['sec-websocket-protocol'];
    const session = sessionFromProtocols(Array.isArray(offered) ? offered.join(',') : offered);
    const authenticate = this.options.authenticate;
    if (!session || !authenticate) {
      this.upgrade(request, socket, head, { address });
      return;
    }
    authenticate(session, true)
      // Not known now (maintenance mode, the database): it is let in as any phone would be.
      .catch(() => undefined)
      .then((page) =>
        page === null
          ? this.upgrade(request, socket, head, { address }, { signedOut: true })
          : this.upgrade(request, socket, head, { address, page }, { page, token: session }),
      )
      .catch((error: unknown) => dropConnection(this.options.logger, socket, error));
  }

  private upgrade(
    request: http.IncomingMessage,
    socket: Duplex,
    head: Buffer,
    visitor: Visitor,
    offered: { page?: SignedInPage; token?: string; signedOut?: boolean } = {},
  ) {
    // It may have stopped while the session was being checked.
    if (this.state !== 'running') {
      refuseUpgrade(socket, '503 Service Unavailable');
      return;
    }
    this.wss.handleUpgrade(request, socket, head, (client) => {
      if (offered.signedOut) {
        // Told in a way the page can act on (sign in again), rather than followed as a stranger.
        client.on('error', () => client.terminate());
        this.counters.closed_signed_out += 1;
        client.close(CLOSE_SIGNED_OUT, SIGNED_OUT_REASON);
        return;
      }
      this.sockets.set(client, socket);
      if (offered.page) this.pages.set(client, offered.page);
      if (this.accept(client, visitor) && offered.token) this.tokens.set(client, offered.token);
    });
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
    this.counters.messages_out += 1;
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
      this.options.logger.warn({ context: 'websocket' }, 'dropped a client that stopped reading');
      client.terminate();
      return;
    }
    socket.write(this.frames.of(messages));
    this.counters.messages_out += messages.length;
  }

  /**
   * Counts the client among the gig's followers before it is subscribed. A client over a limit is
   * closed with the reason (1013) and false is answered.
   */
  follow(client: WebSocket, gig: string): boolean {
    const refusal = this.admission.follow(client, gig);
    if (refusal) this.refuse(client, refusal);
    return !refusal;
  }

  /**
   * Whether the client may follow the gig: an anonymous phone may follow any (it holds no more than a
   * guest's share); a signed-in page only its band's gigs, as the event stream's route checks.
   */
  mayFollow(client: WebSocket, gig: string): Promise<boolean> | true {
    return this.pages.get(client)?.mayFollow(gig) ?? true;
  }

  /** The client got a real gig's queue: it is no longer idle. */
  followed(client: WebSocket) {
    this.keepOpen(client);
  }

  unfollow(client: WebSocket, gig: string) {
    this.admission.unfollow(client, gig);
    // One that followed a gig and now follows none is idle again; one that never followed a gig
    // keeps its first deadline (asking for made-up gigs must not keep a socket open).
    const idleAgain = !this.admission.following(client) && this.clients.has(client) && !this.idle.has(client);
    if (idleAgain && client.readyState === client.OPEN) this.closeWhenIdle(client);
  }

  /** Counts messages an event stream sent, with the websockets' (System Status). */
  sentOnStream(count: number) {
    this.counters.messages_out += count;
  }

  /** The page of a session token (null: signed out); see LiveServerOptions.authenticate. */
  async pageOf(sessionToken: string): Promise<SignedInPage | null> {
    if (!this.options.authenticate) throw new Error('the live server has no authenticate');
    return this.options.authenticate(sessionToken, true);
  }

  /**
   * Takes a slot for an event stream under the websockets' limits, or says why not. A signed-in
   * stream's session (`token`) is checked again with the websockets'.
   */
  admitStream(stream: LiveStream, visitor: Visitor, token?: string): Refusal | null {
    if (this.state !== 'running')
      return { kind: 'full', reason: 'The live server is stopped. Try again later.' };
    const refusal = this.admission.admit(stream, visitor);
    if (refusal) {
      this.countRefusal(refusal);
      return refusal;
    }
    this.streams.add(stream);
    if (token && visitor.page) this.tokens.set(stream, token);
    this.counted();
    return null;
  }

  /** Counts the stream among the gig's followers, or says why not. */
  followStream(stream: LiveStream, gig: string): Refusal | null {
    const refusal = this.admission.follow(stream, gig);
    if (refusal) this.countRefusal(refusal);
    return refusal;
  }

  /** Frees the stream's slot (it may have been freed already by a stop). */
  releaseStream(stream: LiveStream) {
    this.tokens.delete(stream);
    if (this.streams.delete(stream)) this.admission.remove(stream);
  }

  /**
   * Checks again the session of every signed-in connection, without counting it as a use: one whose
   * session has ended (a sign-out, expiry, its user deleted) is closed with CLOSE_SIGNED_OUT, one whose
   * user may no longer follow its gig (moved to another band) with CLOSE_FORBIDDEN. Sessions are read
   * through the session cache, which a write in any process clears (through Redis where there is one).
   */
  async checkSessions() {
    const authenticate = this.options.authenticate;
    if (this.checkingSessions || !authenticate || !this.tokens.size) return;
    this.checkingSessions = true;
    try {
      const pages = new Map<string, Promise<SignedInPage | null | undefined>>();
      const allowed = new Map<string, Promise<boolean>>();
      for (const [connection, token] of [...this.tokens]) {
        let page = pages.get(token);
        if (!page) pages.set(token, (page = authenticate(token, false).catch(() => undefined)));
        const now = await page;
        // Closed meanwhile, or not known now: nothing to do until the next check.
        if (!this.tokens.has(connection) || now === undefined) continue;
        if (now === null) {
          this.end(connection, CLOSE_SIGNED_OUT, SIGNED_OUT_REASON);
          continue;
        }
        for (const gig of this.admission.gigsOf(connection)) {
          const key = `${now.band}\n${gig}`;
          let may = allowed.get(key);
          if (!may) allowed.set(key, (may = now.mayFollow(gig).catch(() => true)));
          if (!(await may)) {
            this.end(connection, CLOSE_FORBIDDEN, FORBIDDEN_REASON);
            break;
          }
        }
      }
    } finally {
      this.checkingSessions = false;
    }
  }

  /** Closes a signed-in connection whose session no longer stands. */
  private end(connection: WebSocket | LiveStream, code: number, reason: string) {
    this.tokens.delete(connection);
    this.counters.closed_signed_out += 1;
    if (this.clients.has(connection as WebSocket)) (connection as WebSocket).close(code, reason);
    else {
      this.releaseStream(connection as LiveStream);
      (connection as LiveStream).close(reason);
    }
  }

  private get connections() {
    return this.clients.size + this.streams.size;
  }

  private counted() {
    this.counters.connections_total += 1;
    this.counters.peak_connections = Math.max(this.counters.peak_connections, this.connections);
  }

  /** Takes the client in if a slot is free (true), else closes it with the reason. */
  private accept(client: WebSocket, visitor: Visitor): boolean {
    // A client that breaks the protocol (an oversized or malformed frame) is dropped, never thrown.
    client.on('error', () => client.terminate());
    const admission = this.admission;
    const refusal = admission.admit(client, visitor);
    if (refusal) {
      this.refuse(client, refusal);
      return false;
    }
    this.clients.add(client);
    this.alive.set(client, true);
    this.counted();
    this.closeWhenIdle(client);
    client.on('pong', () => this.alive.set(client, true));
    client.on('message', (data) => this.safely(client, () => this.receive(client, data)));
    client.on('close', () => {
      this.clients.delete(client);
      this.tokens.delete(client);
      this.keepOpen(client);
      admission.remove(client);
    });
    return true;
  }

  private refuse(client: WebSocket, refusal: Refusal) {
    this.countRefusal(refusal);
    client.close(CLOSE_TRY_AGAIN_LATER, refusal.reason);
  }

  private countRefusal(refusal: Refusal) {
    this.counters.refused_connections += 1;
    this.counters[REFUSALS[refusal.kind]] += 1;
  }

  /** Closes the client unless it follows a real gig in time (one socket per phone, not a hoard). */
  private closeWhenIdle(client: WebSocket) {
    const ms = this.limits.subscribeGraceMs;
    const timer = setTimeout(() => {
      this.idle.delete(client);
      this.counters.closed_idle += 1;
      this.safely(client, () =>
        client.close(CLOSE_POLICY, `Closed after ${ms / 1000} s without following a gig.`),
      );
    }, ms);
    timer.unref();
    this.idle.set(client, timer);
  }

  private keepOpen(client: WebSocket) {
    clearTimeout(this.idle.get(client));
    this.idle.delete(client);
  }

  /** Runs a client's handler: a failure is logged and ends that client, never the process. */
  private safely(client: WebSocket, run: () => void) {
    try {
      run();
    } catch (error) {
      this.options.logger.error(
        { context: 'websocket', err: (error as Error).message },
        'a live client handler failed; that client was dropped',
      );
      client.terminate();
    }
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
      this.safely(client, () => client.ping());
    }
  }

  stats(): Record<string, number | string> {
    const where = this.settings ? `${this.settings.host}:${this.settings.port}` : 'none';
    return {
      state: this.state,
      listening: this.options.listen && this.listener ? `${where} and /ws` : '/ws only',
      connections: this.connections,
      event_stream_connections: this.streams.size,
      signed_in_connections: this.admission.signedIn,
      max_connections: this.settings?.maxConnections ?? 0,
      reserved_for_signed_in: this.admission.reserved,
      ...this.counters,
      uptime_seconds: this.state === 'running' ? Math.floor((Date.now() - this.startedAt) / 1000) : 0,
    };
  }

  health(): { status: 'healthy' | 'warning' | 'error'; message: string } {
    if (this.state !== 'running') return { status: 'error', message: 'The live server is stopped.' };
    if (this.listenError)
      return {
        status: 'warning',
        message: `${this.listenError}. Clients still connect through /ws on the main port.`,
      };
    const max = this.settings?.maxConnections ?? 0;
    const count = `${this.connections} of ${max} connections`;
    if (this.connections >= max * 0.9) return { status: 'warning', message: `Nearly full: ${count}.` };
    return { status: 'healthy', message: `Running: ${count}.` };
  }
}

/** Why a port could not be listened on, in an operator's words where the cause is a common one. */
function listenProblem(error: unknown): string {
  switch ((error as NodeJS.ErrnoException).code) {
    case 'EADDRINUSE':
      return 'another program is using that port';
    case 'EACCES':
      return 'permission denied (ports below 1024 need privileges)';
    case 'EADDRNOTAVAIL':
      return 'this machine has no such address';
    default:
      return (error as Error).message;
  }
}

function listen(
  host: string,
  port: number,
  onUpgrade: UpgradeHandler,
  logger: FastifyBaseLogger,
): Promise<http.Server> {
  const server = http.createServer((_request, response) => {
    response.writeHead(426, { 'Content-Type': 'application/json' });
    response.end(JSON.stringify({ message: 'This port takes websocket connections only.' }));
  });
  server.on('upgrade', onUpgrade);
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port, host, backlog: LISTEN_BACKLOG }, () => {
      server.off('error', reject);
      // An error of the listening socket later on (e.g. out of file descriptors) is not a crash.
      server.on('error', (error) =>
        logger.error({ context: 'websocket', err: error.message }, 'the live server port had an error'),
      );
      resolve(server);
    });
  });
}

/**
 * Wraps an upgrade handler: whatever a client sends, an error in the handler or on the raw socket is
 * logged and ends that one connection, never the process.
 */
export function guardUpgrade(logger: FastifyBaseLogger, handler: UpgradeHandler): UpgradeHandler {
  return (request, socket, head) => {
    socket.on('error', () => socket.destroy());
    try {
      handler(request, socket, head);
    } catch (error) {
      dropConnection(logger, socket, error);
    }
  };
}

function dropConnection(logger: FastifyBaseLogger, socket: Duplex, error: unknown) {
  logger.warn(
    { context: 'websocket', err: (error as Error).message },
    'dropped a websocket upgrade that failed',
  );
  socket.destroy();
}

/**
 * Answers an upgrade that will not be taken with a plain HTTP status. The raw socket gets an error
 * listener first: a client resetting it would otherwise be an unhandled error that ends the process.
 */
export function refuseUpgrade(socket: Duplex, status: string) {
  socket.on('error', () => socket.destroy());
  socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\n\r\n`);
}
