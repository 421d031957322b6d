import type http from 'node:http';
import type { Duplex } from 'node:stream';
import { type WebSocket, WebSocketServer } from 'ws';
import { LIVE_SESSION_CHECK_MS } from '../../shared/constants.js';
import {
  CLOSE_FORBIDDEN,
  CLOSE_SIGNED_OUT,
  LIVE_PROTOCOL,
  sessionFromProtocols,
} from '../../shared/live-protocol.js';
import {
  DEFAULT_LIVE_LIMITS,
  LiveAdmission,
  type LiveLimits,
  type Refusal,
  type Visitor,
} from './admission.js';
import { WebSocketClients } from './clients.js';
import { LiveCounters, liveHealth } from './counters.js';
import type { LiveServerOptions, LiveSettings, LiveStream, SignedInPage } from './options.js';
import { SessionChecks } from './session-checks.js';
import { StreamSlots } from './streams.js';
import { dropConnection, guardUpgrade, listenOwnPort, refuseUpgrade } from './upgrade.js';

type State = 'running' | 'stopped';

// Close codes of RFC 6455 §7.4 and the IANA registry.
const CLOSE_GOING_AWAY = 1001;
const CLOSE_RESTARTING = 1012;
const CLOSE_TRY_AGAIN_LATER = 1013;

const SIGNED_OUT_REASON = 'Your session has ended. Sign in again.';
const FORBIDDEN_REASON = 'This gig belongs to another band.';

/**
 * The live server (the websocket component of System Status): reachable through /ws on the app's
 * port and on websocket_host:websocket_port from the settings. It shares out its slots (LiveAdmission)
 * between websockets and event streams alike, ends signed-in connections whose session ended
 * (SessionChecks), and counts what it does (LiveCounters); the open websockets themselves are
 * WebSocketClients'.
 */
export class LiveServer {
  private readonly wss = new WebSocketServer({
    noServer: true,
    maxPayload: 64 * 1024,
    // A signed-in page offers its session as a second subprotocol: only this one is ever answered.
    handleProtocols: (protocols) => (protocols.has(LIVE_PROTOCOL) ? LIVE_PROTOCOL : false),
  });
  private readonly counters = new LiveCounters();
  readonly websockets: WebSocketClients;
  /** The signed-in pages' sessions (an anonymous socket has none). */
  private readonly pages = new WeakMap<WebSocket, SignedInPage>();
  private readonly sessions: SessionChecks;
  /** The event streams' slots (the other transport, event-stream.ts). */
  readonly streams: StreamSlots;
  private readonly limits: LiveLimits;
  /** One for both transports: a phone's websockets and event streams count alike. */
  private admission: LiveAdmission<WebSocket | LiveStream>;
  private listener?: http.Server;
  private pinger?: NodeJS.Timeout;
  private settings?: LiveSettings;
  private state: State = 'stopped';
  private listenError?: string;
  private startedAt = 0;

  constructor(private readonly options: LiveServerOptions) {
    this.limits = { ...DEFAULT_LIVE_LIMITS, ...options.limits };
    this.admission = new LiveAdmission(0, this.limits);
    this.websockets = new WebSocketClients(options.logger, this.counters, this.limits.subscribeGraceMs);
    this.sessions = new SessionChecks({
      authenticate: (token, use) => this.options.authenticate?.(token, use) ?? Promise.resolve(null),
      gigsOf: (connection) => this.admission.gigsOf(connection),
      end: (connection, why) => this.end(connection, why),
    });
    this.streams = new StreamSlots(
      {
        running: () => this.state === 'running',
        admission: () => this.admission,
        connections: () => this.connections,
      },
      this.counters,
      this.sessions,
    );
  }

  async start() {
    if (this.state === 'running') return;
    const settings = await this.options.readSettings();
    this.settings = settings;
    this.admission = new LiveAdmission(settings.maxConnections, this.limits);
    const where = `${settings.host}:${settings.port}`;
    const onUpgrade = guardUpgrade(this.options.logger, (request, socket, head) =>
      this.handleUpgrade(request, socket, head),
    );
    const listen = this.options.listen && settings.port !== 0;
    const own = listen ? await listenOwnPort(settings, onUpgrade, this.options.logger) : {};
    [this.listener, this.listenError] = [own.listener, own.error];
    this.startedAt = Date.now();
    this.state = 'running';
    this.pinger = setInterval(() => this.websockets.pingAll(), this.options.pingIntervalMs ?? 30_000);
    this.pinger.unref();
    if (this.options.authenticate) this.sessions.start(this.options.sessionCheckMs ?? LIVE_SESSION_CHECK_MS);
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
    this.counters.values.restarts += 1;
    await this.start();
  }

  async stop(code = CLOSE_GOING_AWAY, reason = 'The live server is shutting down.') {
    clearInterval(this.pinger);
    this.sessions.stop();
    const closing = this.websockets.closeAll(code, reason);
    this.streams.closeAll(reason);
    await closing;
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
        this.counters.values.closed_signed_out += 1;
        client.close(CLOSE_SIGNED_OUT, SIGNED_OUT_REASON);
        return;
      }
      this.websockets.sockets.set(client, socket);
      if (offered.page) this.pages.set(client, offered.page);
      if (this.accept(client, visitor) && offered.token) this.sessions.track(client, offered.token);
    });
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

  /** The client's signed-in page; undefined for an anonymous one (a guest's phone, the screen). */
  signedInPage(client: WebSocket): SignedInPage | undefined {
    return this.pages.get(client);
  }

  /** The client got a real gig's queue: it is no longer idle. */
  followed(client: WebSocket) {
    this.websockets.keepOpen(client);
  }

  unfollow(client: WebSocket, gig: string) {
    this.admission.unfollow(client, gig);
    // One that followed a gig and now follows none is idle again; one that never followed a gig
    // keeps its first deadline (asking for made-up gigs must not keep a socket open).
    const idleAgain =
      !this.admission.following(client) &&
      this.websockets.clients.has(client) &&
      !this.websockets.isIdle(client);
    if (idleAgain && client.readyState === client.OPEN) this.websockets.closeWhenIdle(client);
  }

  /** The page of a session token (null: signed out); see LiveServerOptions.authenticate. */
  async pageOf(sessionToken: string): Promise<SignedInPage | null> {
    if (!this.options.authenticate) throw new Error('the live server has no authenticate');
    return this.options.authenticate(sessionToken, true);
  }

  /** Checks every signed-in connection's session again now (see SessionChecks). */
  checkSessions() {
    return this.sessions.check();
  }

  /** Closes a signed-in connection whose session no longer stands (CLOSE_SIGNED_OUT, CLOSE_FORBIDDEN). */
  private end(connection: WebSocket | LiveStream, why: 'signed_out' | 'forbidden') {
    const [code, reason] =
      why === 'signed_out' ? [CLOSE_SIGNED_OUT, SIGNED_OUT_REASON] : [CLOSE_FORBIDDEN, FORBIDDEN_REASON];
    this.counters.values.closed_signed_out += 1;
    if (this.websockets.clients.has(connection as WebSocket)) (connection as WebSocket).close(code, reason);
    else {
      this.streams.release(connection as LiveStream);
      (connection as LiveStream).close(reason);
    }
  }

  private get connections() {
    return this.websockets.clients.size + this.streams.open.size;
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
    this.websockets.add(client, () => {
      this.sessions.forget(client);
      admission.remove(client);
    });
    this.counters.connected(this.connections);
    return true;
  }

  private refuse(client: WebSocket, refusal: Refusal) {
    this.counters.refused(refusal.kind);
    client.close(CLOSE_TRY_AGAIN_LATER, refusal.reason.message);
  }

  stats(): Record<string, number | string> {
    const where = this.settings ? `${this.settings.host}:${this.settings.port}` : 'none';
    return {
      state: this.state,
      listening: this.options.listen && this.listener ? `${where} and /ws` : '/ws only',
      connections: this.connections,
      event_stream_connections: this.streams.open.size,
      signed_in_connections: this.admission.signedIn,
      max_connections: this.settings?.maxConnections ?? 0,
      reserved_for_signed_in: this.admission.reserved,
      ...this.counters.values,
      uptime_seconds: this.state === 'running' ? Math.floor((Date.now() - this.startedAt) / 1000) : 0,
    };
  }

  health() {
    return liveHealth(
      this.state === 'running',
      this.listenError,
      this.connections,
      this.settings?.maxConnections ?? 0,
    );
  }
}
