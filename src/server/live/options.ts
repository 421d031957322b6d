import type http from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import type { LiveLimits } from './admission.js';

/** What the live server is given (live/plugin.ts) and what its users hand it. */

export interface LiveSettings {
  host: string;
  /** The own port; 0: none (LIVE_PORT=0), /ws on the app's port only. */
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
  /** Whether it may lead the gig's tablets (issue 27): a member of the gig's band, not a viewer. */
  mayLead(gig: string): Promise<boolean>;
  /** Its user, as bandmates see them on the panel (live/panel.ts). */
  user: { id: number; name: string };
  /** Whether it may join the panel's topic: an admin or band admin, not a viewer. */
  panel: boolean;
}

/**
 * A live connection of another transport than the websocket (the event stream of live-events.ts):
 * it takes a slot under the same limits, and is closed with the websockets on stop and restart.
 */
export interface LiveStream {
  close(reason: string): void;
}

/** A parsed message from a client, for the features built on the live channel. */
export type MessageHandler = (client: WebSocket, message: Record<string, unknown>) => void;
