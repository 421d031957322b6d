import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ChangeEvent, QueueChange, QueueSnapshot } from '../../shared/live-events.js';
import { findLiveGig } from '../db/live-gigs.js';
import { queueSnapshot, queueVersions } from '../db/live-queue.js';
import { canWrite, owns } from '../lib/access.js';
import type { UserWithBand } from '../db/users.js';
import { say } from '../../shared/server-messages.js';
import { ApiError } from '../errors.js';
import type { LiveLimits } from './admission.js';
import publicRoutes from './audience-routes.js';
import liveQueueRoutes from './band-routes.js';
import chartRoutes from './chart-routes.js';
import setlistRoutes from './setlist-routes.js';
import { LiveChannel } from './channel.js';
import liveEventsRoutes from './event-routes.js';
import leadRoutes from './lead-routes.js';
import { followOverWebsockets } from './follower.js';
import { clientAddress, guardUpgrade, refuseUpgrade, targetPath } from './upgrade.js';
import { LiveServer } from './websockets.js';
import { PanelChannel, panelTopic } from './panel.js';
import { PANEL_REDIS_CHANNEL } from './panel-redis.js';
import panelEventsRoutes from './panel-routes.js';
import { panelPlace, type PanelResource } from '../../shared/panel-live.js';

declare module 'fastify' {
  interface FastifyInstance {
    live: LiveServer;
    liveQueue: {
      /**
       * Sends a committed change, numbered with the version its transaction gave it, to every page
       * following the gig (in every server process).
       */
      publish(gig: { token: string; active: boolean }, version: number, change: QueueChange): void;
      /**
       * Sends a message to the gig's signed-in pages only (the band's tablets), never to the
       * audience, in every server process (LiveChannel.publishToBand).
       */
      publishToBand(token: string, message: object & { type: string }): void;
      channel: LiveChannel;
    };
    /** The panel's topic (live/panel.ts): its band's admins hear what changed and who is where. */
    panelLive: {
      /**
       * Items of a list were added, changed or deleted (call after the commit): the band's signed-in
       * admins' lists reload, and the system admins'. `band` null: only system admins list it.
       */
      changed(band: number | null, resource: PanelResource, ids: readonly number[]): void;
      channel: PanelChannel;
    };
  }
}

export interface LiveOptions {
  /** Also listen on websocket_host:websocket_port (DESIGN §1); /ws on the app's port always works. */
  listen: boolean;
  /** LIVE_PORT: the own port instead of websocket_port; 0 for none (config.livePort). */
  port?: number;
  pingIntervalMs?: number;
  /** How often signed-in pages' sessions are checked again (default LIVE_SESSION_CHECK_MS). */
  sessionCheckMs?: number;
  /** Fastify's trustProxy (config TRUST_PROXY): the upgrade's client address is found as request.ip is. */
  trustProxy?: boolean | string;
  limits?: Partial<LiveLimits>;
  /** REDIS_URL: the channel's changes reach the pages of every server process. */
  redisUrl?: string;
  /** Song requests one address may make per minute (a venue's phones often share one address). */
  requestsPerMinute: number;
  /** PUBLIC_URL: the venue screen shows the link guests type or scan. */
  publicUrl: string;
  /** The venues' time zone (config.timeZone): the after-show report's times are written in it. */
  timeZone: string;
  /** How often an event stream sends a heartbeat (tests shorten it). */
  heartbeatMs?: number;
  /** The panel topic's Redis channel (tests sharing one Redis use their own). */
  panelRedisChannel?: string;
}

/** High-resolution wall-clock time, comparable between processes on one machine. */
const now = () => performance.timeOrigin + performance.now();

/**
 * The live channel (docs/architecture.md): the live server (websockets and event streams), each gig's
 * queue over it, and the audience's, the band's and the event stream's routes.
 */
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
      const band = user.role === 'admin' ? 'admin' : `band:${user.band_id ?? `none:${user.id}`}`;
      const panel = user.role !== 'viewer';
      return {
        session: sessionToken,
        band,
        user: { id: user.id, name: user.name },
        panel,
        // The follow rule, for both transports. A gig that is not live is let through: following it
        // answers "no gig at this address". The panel's topic is the user's band's while they may
        // use the panel (a user moved to another band, or made a viewer, is ended).
        mayFollow: async (gig) => {
          if (gig.startsWith('panel:')) return panel && gig === panelTopic(band);
          const live = await findLiveGig(app.db, gig);
          return live === undefined || owns(user, live);
        },
        mayLead: async (gig) => {
          const live = await findLiveGig(app.db, gig);
          return live !== undefined && canWrite(user, live);
        },
      };
    },
    async readSettings() {
      const settings = await app.settings.get();
      return {
        host: settings.websocket_host,
        port: options.port ?? settings.websocket_port,
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

  // The live queue of each gig over the live server (issue "Live gig night": live channel).
  const channel = new LiveChannel(
    {
      async snapshot(token): Promise<QueueSnapshot | null> {
        const gig = await findLiveGig(app.db, token);
        if (!gig) return null;
        return { type: 'queue', gig: token, ...(await queueSnapshot(app.db, app.dialect, gig.id)) };
      },
      // Maintenance mode closes the audience's side, the live channel included.
      refusal: async () => ((await app.settings.get()).maintenance_mode ? say('maintenance') : null),
      versions: (tokens) => queueVersions(app.db, tokens),
    },
    app.log,
  );
  followOverWebsockets(live, channel);
  app.decorate('liveQueue', {
    channel,
    publish(gig, version, change) {
      const event: ChangeEvent = {
        type: 'change',
        gig: gig.token,
        version,
        active: gig.active,
        at: now(),
        change,
      };
      channel.publish(gig.token, event);
    },
    publishToBand: (token, message) => channel.publishToBand(token, message),
  });
  if (options.redisUrl) {
    const url = options.redisUrl;
    app.addHook('onReady', async () => {
      try {
        await channel.connectRedis(url);
      } catch (error) {
        // It goes on trying; meanwhile this process serves its own pages, and System Status shows
        // Redis as unreachable.
        app.log.error(
          { context: 'live', err: (error as Error).message },
          'the live channel could not reach redis at start',
        );
      }
    });
  }
  app.addHook('onClose', () => channel.close());

  // The panel's topic (issue 28, point 2). A change heard from another process is also a write this
  // process's list cache must not serve from memory: the page reloads the list at once.
  const panel = new PanelChannel(app.log, () => app.freshness.invalidate());
  app.decorate('panelLive', {
    channel: panel,
    changed: (band, resource, ids) => panel.changed(band, resource, ids),
  });
  live.websockets.onMessage((socket, message) => {
    if (message.type !== 'panel') return;
    const at = panelPlace(message.at);
    if (panel.has(socket)) return panel.move(socket, at);
    const page = live.signedInPage(socket);
    if (!page?.panel) {
      live.websockets.send(socket, { type: 'error', ...say(page ? 'forbidden' : 'unauthenticated') });
      return;
    }
    // Counted among the socket's topics (the session checks ask mayFollow of it); never refused for
    // a signed-in page, which holds its slot already.
    if (!live.follow(socket, panelTopic(page.band))) return;
    live.followed(socket);
    panel.join(socket, page, at, (data) => live.websockets.sendText(socket, data));
    socket.once('close', () => panel.leave(socket));
  });
  if (options.redisUrl) {
    const url = options.redisUrl;
    app.addHook('onReady', async () => {
      try {
        await panel.connectRedis(url, options.panelRedisChannel ?? PANEL_REDIS_CHANNEL);
      } catch (error) {
        app.log.error(
          { context: 'live', err: (error as Error).message },
          "the panel's live topic could not reach redis at start",
        );
      }
    });
  }
  app.addHook('onClose', () => panel.close());

  await app.register(publicRoutes, {
    requestsPerMinute: options.requestsPerMinute,
    redisUrl: options.redisUrl,
    publicUrl: options.publicUrl,
    timeZone: options.timeZone,
  });
  await app.register(liveQueueRoutes, { timeZone: options.timeZone });
  await app.register(chartRoutes);
  await app.register(leadRoutes);
  await app.register(setlistRoutes);
  await app.register(liveEventsRoutes, { heartbeatMs: options.heartbeatMs });
  await app.register(panelEventsRoutes, { heartbeatMs: options.heartbeatMs });
}

export default fp(livePlugin, { name: 'live', dependencies: ['settings', 'auth', 'database', 'freshness'] });
