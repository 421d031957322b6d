import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { LogController } from 'fastify';
import { DEFAULT_SETTINGS } from '../shared/constants.js';
import type { Config } from './config.js';
import { ensureFirstAdmin } from './services/auth/first-admin.js';
import { formRules } from './services/forms/ajv-rules.js';
import { createLogging } from './logging.js';
import authPlugin from './plugins/auth.js';
import clientLimitsPlugin from './plugins/client-limits.js';
import compressionPlugin from './plugins/compression.js';
import csrfPlugin from './plugins/csrf.js';
import databasePlugin from './plugins/database.js';
import docsPlugin from './plugins/docs.js';
import errorsPlugin, { clientErrorHandler, frameworkErrors } from './plugins/errors.js';
import livePlugin from './live/plugin.js';
import operationsPlugin from './plugins/operations.js';
import panelPlugin from './plugins/panel.js';
import uploadsPlugin from './plugins/uploads.js';
import securityPlugin from './plugins/security.js';
import freshnessPlugin from './plugins/freshness.js';
import settingsPlugin from './plugins/settings.js';
import bandRoutes from './routes/bands.js';
import historyRoutes from './routes/history.js';
import bandLinkRoutes from './routes/band-links.js';
import dashboardRoutes from './routes/dashboard.js';
import gigRoutes from './routes/gigs.js';
import performerRoutes from './routes/performers.js';
import playlistRoutes from './routes/playlists.js';
import songRoutes from './routes/songs.js';
import songImportRoutes from './routes/song-import.js';
import exportRoutes from './routes/exports.js';
import insightsRoutes from './routes/insights.js';
import bulkActionRoutes from './routes/bulk-actions.js';
import setlistMatchRoutes from './routes/setlist-match.js';
import userRoutes from './routes/users.js';
import sessionRoutes from './routes/session.js';
import systemRoutes from './routes/system.js';
import { type Clock, iso, systemClock } from './lib/clock.js';
import type { LiveLimits } from './live/admission.js';

export interface AppOptions {
  clock?: Clock;
  /** Listen on the live server's own port as well as /ws (default true; tests use /ws only). */
  liveListen?: boolean;
  livePingIntervalMs?: number;
  /** How often the live event stream sends a keep-alive comment (default 15 s). */
  liveEventsHeartbeatMs?: number;
  /** The live server's limits (issue 11); each defaults to its constant in shared/constants. */
  liveLimits?: Partial<LiveLimits>;
  /** How often session uses are written (default 5 s); browser tests age sessions in the database. */
  sessionFlushMs?: number;
  /** How long sessions and list versions are trusted from memory (default 1 s, FRESH_MS). */
  freshMs?: number;
  /** Prefix of the failed sign-in counters in Redis (tests use their own). */
  loginCounterPrefix?: string;
  /** PostgreSQL schema (tests isolate each file in its own). */
  databaseSchema?: string;
  /** The panel topic's Redis channel (tests sharing one Redis use their own). */
  panelRedisChannel?: string;
}

export async function buildApp(config: Config, options: AppOptions = {}) {
  // The file's size limit and the level come from the settings once the database is open.
  const logging = createLogging(config.dataDir, config.logToConsole, DEFAULT_SETTINGS.max_log_file_size);
  const app = Fastify({
    loggerInstance: logging.logger,
    // One line per request would bury what an admin looks for; requests are logged at debug below.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustProxy,
    // Forms' fields carry the spec's messages (services/forms/fields.ts); plugins/errors.ts uses them.
    ajv: { customOptions: { allErrors: true }, onCreate: formRules },
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<TypeBoxTypeProvider>();

  await app.register(errorsPlugin);
  await app.register(clientLimitsPlugin, {
    bodyTimeoutMs: config.requestBodyTimeoutSeconds * 1000,
    bodyMinRate: config.requestBodyMinRate,
    maxConnectionsPerAddress: config.maxConnectionsPerAddress,
    trustProxy: config.trustProxy,
  });
  await app.register(securityPlugin);
  await app.register(compressionPlugin);
  await app.register(docsPlugin);
  await app.register(databasePlugin, {
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    databaseSchema: options.databaseSchema,
    readWorkers: config.readWorkers,
  });
  await app.register(freshnessPlugin, {
    redisUrl: config.redisUrl,
    freshMs: options.freshMs ?? config.freshMs,
  });
  await app.register(settingsPlugin, { defaultLivePort: config.defaultLivePort });
  await app.register(csrfPlugin);
  await app.register(authPlugin, {
    clock: options.clock ?? systemClock,
    sessionFlushMs: options.sessionFlushMs,
  });
  await app.register(uploadsPlugin, { dataDir: config.dataDir });
  await app.register(operationsPlugin, { dataDir: config.dataDir, logging });
  await app.register(sessionRoutes, {
    redisUrl: config.redisUrl,
    loginThrottle: { redisPrefix: options.loginCounterPrefix },
    timeZone: config.timeZone,
  });
  await app.register(dashboardRoutes);
  await app.register(songRoutes);
  await app.register(songImportRoutes);
  await app.register(exportRoutes, { publicUrl: config.publicUrl });
  await app.register(insightsRoutes, { timeZone: config.timeZone });
  await app.register(bulkActionRoutes);
  await app.register(setlistMatchRoutes);
  await app.register(performerRoutes);
  await app.register(playlistRoutes);
  await app.register(gigRoutes, { publicUrl: config.publicUrl });
  await app.register(userRoutes);
  await app.register(bandRoutes);
  await app.register(historyRoutes, { historyDays: config.historyDays });
  await app.register(bandLinkRoutes, { publicUrl: config.publicUrl });
  await app.register(systemRoutes, { redisUrl: config.redisUrl, livePort: config.livePort });
  // The live channel: its server, each gig's queue over it, and its routes (live/plugin.ts).
  await app.register(livePlugin, {
    listen: options.liveListen ?? true,
    port: config.livePort,
    pingIntervalMs: options.livePingIntervalMs,
    trustProxy: config.trustProxy,
    limits: {
      perAddress: config.liveMaxPerAddress,
      perSession: config.liveMaxPerSession,
      perBand: config.liveMaxPerBand,
      subscribeGraceMs: config.liveSubscribeGraceSeconds * 1000,
      ...options.liveLimits,
    },
    redisUrl: config.redisUrl,
    requestsPerMinute: config.publicRequestsPerMinute,
    publicUrl: config.publicUrl,
    timeZone: config.timeZone,
    heartbeatMs: options.liveEventsHeartbeatMs,
    panelRedisChannel: options.panelRedisChannel,
  });
  await app.register(panelPlugin, { clientDir: config.clientDir });

  await app.ready();
  const created = await ensureFirstAdmin(app.db, {
    email: config.adminEmail,
    password: config.adminPassword,
    now: iso(app.clock()),
  });
  if (created) app.log.info({ email: created.email }, 'created the first system admin');
  return Object.assign(app, { firstAdmin: created });
}

export type App = Awaited<ReturnType<typeof buildApp>>;
