import type http from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { findLiveGig } from '../db/song-requests.js';
import { owns } from '../lib/access.js';
import type { UserWithBand } from '../db/users.js';
import { ApiError } from '../errors.js';
import type { LiveLimits } from './admission.js';
import { guardUpgrade, LiveServer, refuseUpgrade } from './websockets.js';

declare module 'fastify' {
  interface FastifyInstance {
    live: LiveServer;
  }
}

export interface LiveOptions {
  /** Also listen on websocket_host:websocket_port (DESIGN §1); /ws on the app's port always works. */
  listen: boolean;
  pingIntervalMs?: number;
  /** How often signed-in pages' sessions are checked again (default LIVE_SESSION_CHECK_MS). */
  sessionCheckMs?: number;
  /** Fastify's trustProxy (config TRUST_PROXY): the upgrade's client address is found as request.ip is. */
  trustProxy?: boolean | string;
  limits?: Partial<LiveLimits>;
}

/**
 * The path of an upgrade's request target, or null when it is not one: origin form (/ws?x) or
 * absolute form (http://host/ws, RFC 9112 §3.2.2). A target URL cannot parse is not an error here.
 */
export function targetPath(target: string | undefined): string | null {
  if (!target) return null;
  if (target.startsWith('/')) return target.split(/[?#]/, 1)[0];
  if (!URL.canParse(target)) return null;
  return new URL(target).pathname;
}

/** The client address function Fastify builds for request.ip, for upgrades (they bypass Fastify). */
function clientAddress(trustProxy: boolean | string | undefined) {
  if (!trustProxy) return undefined;
  const trust =
    trustProxy === true ? () => true : proxyAddr.compile(trustProxy.split(',').map((value) => value.trim()));
  return (request: http.IncomingMessage) => proxyAddr(request, trust);
}

/** The live server, started with the app and stopped before it closes. */
async function livePlugin(app: FastifyInstance, options: LiveOptions) {
  const live = new LiveServer({
    listen: options.listen,
    pingIntervalMs: options.pingIntervalMs,
    sessionCheckMs: options.sessionCheckMs,
    limits: options.limits,
    logger: app.log,
    clientAddress: clientAddress(options.trustProxy),
    async authenticate(sessionToken, use) {
      let user: UserWithBand;
      try {
        // The app's own check (expiry, maintenance mode).
        ({ user } = await app.signedIn(sessionToken, { use }));
      } catch (error) {
        if (error instanceof ApiError && error.statusCode === 401) return null;
        throw error;
      }
      return {
        session: sessionToken,
        band: user.role === 'admin' ? 'admin' : `band:${user.band_id ?? `none:${user.id}`}`,
        // The follow rule, for both transports. A gig that is not live is let through: following it
        // answers "no gig at this address".
        mayFollow: async (gig) => {
          const live = await findLiveGig(app.db, gig);
          return live === undefined || owns(user, live);
        },
      };
    },
    async readSettings() {
      const settings = await app.settings.get();
      return {
        host: settings.websocket_host,
        port: settings.websocket_port,
        maxConnections: settings.max_concurrent_connections,
      };
    },
  });
  app.decorate('live', live);
  app.server.on(
    'upgrade',
    guardUpgrade(app.log, (request, socket, head) => {
      const path = targetPath(request.url);
      if (path === null) refuseUpgrade(socket, '400 Bad Request');
      else if (path === '/ws') live.handleUpgrade(request, socket, head);
      else refuseUpgrade(socket, '404 Not Found');
    }),
  );
  app.addHook('onReady', () => live.start());
  // Open websockets would keep the HTTP server from closing.
  app.addHook('preClose', () => live.stop());
}

export default fp(livePlugin, { name: 'live', dependencies: ['settings', 'auth'] });
