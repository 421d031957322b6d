import os from 'node:os';
import path from 'node:path';
import {
  LIVE_MAX_PER_ADDRESS,
  LIVE_MAX_PER_BAND,
  LIVE_MAX_PER_SESSION,
  LIVE_SUBSCRIBE_GRACE_SECONDS,
} from '../shared/constants.js';
import { knownTimeZone, ownTimeZone } from '../shared/times.js';
import { FRESH_MS } from './services/cache/list-cache.js';
import { MAX_CONNECTIONS_PER_ADDRESS } from './services/ops/address-connections.js';
import { REQUEST_BODY_MIN_RATE, REQUEST_BODY_TIMEOUT_SECONDS } from './services/ops/body-deadline.js';

export interface Config {
  port: number;
  host: string;
  /**
   * LIVE_PORT: the live server's own port, which then stands in for the websocket_port setting; 0 for
   * none (/ws on the main port only). Undefined when unset: the setting decides.
   */
  livePort: number | undefined;
  /**
   * websocket_port's default while none is saved: PORT+1, so instances with their own PORT do not
   * clash (3001 for the default PORT 3000, the spec's default; docs/decisions.md).
   */
  defaultLivePort: number;
  dataDir: string;
  /** PostgreSQL connection string; SQLite in dataDir when absent. */
  databaseUrl: string | undefined;
  /** Redis for live-channel fan-out between processes; none on a single server. */
  redisUrl: string | undefined;
  /**
   * Whether to believe X-Forwarded-For (Fastify's trustProxy): only behind a proxy that sets it, or
   * every phone could claim any address and get around the per-address limits.
   */
  trustProxy: boolean | string;
  /** Song requests one network address may make per minute (audience page). */
  publicRequestsPerMinute: number;
  /** Anonymous live sockets one address may hold, and how long one may wait before following a gig. */
  liveMaxPerAddress: number;
  liveSubscribeGraceSeconds: number;
  /** Live connections one session, and one band's sessions together, may hold. */
  liveMaxPerSession: number;
  liveMaxPerBand: number;
  /**
   * A request body must arrive within requestBodyTimeoutSeconds, plus a second for each
   * requestBodyMinRate bytes that did arrive (services/body-deadline.ts).
   */
  requestBodyTimeoutSeconds: number;
  requestBodyMinRate: number;
  /** Connections one address may hold open at once, live streams apart; not counted behind TRUST_PROXY. */
  maxConnectionsPerAddress: number;
  /** FRESH_MS: how long a process trusts the sessions and list versions it read (docs/decisions.md). */
  freshMs: number;
  /**
   * Threads reading the lists, exports and insights on SQLite, and with any, one more writing the
   * imports (READ_WORKERS, default 1; 0: all on the main thread).
   */
  readWorkers: number;
  /** Base of the public links printed on gigs (no trailing slash). */
  publicUrl: string;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  /** Where the built panel lives; the server answers API calls only when it is missing. */
  clientDir: string;
  /** Log to stdout as well as to the log file. */
  logToConsole: boolean;
  /**
   * TIME_ZONE: the venues' IANA time zone ("Europe/Belgrade"), in which the panel shows and the
   * after-show report writes times; the server's own zone when unset (shared/times.ts).
   */
  timeZone: string;
  /** HISTORY_DAYS: how long the history of changes is kept (issue 28; default 180 days). */
  historyDays: number;
}

export class ConfigError extends Error {}

function port(name: string, value: string | undefined, fallback: number, lowest = 1): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < lowest || n > 65535) {
    throw new ConfigError(`${name} must be a whole number from ${lowest} to 65535, got "${value}".`);
  }
  return n;
}

/** LIVE_PORT (see Config.livePort): unset, 0, or a port other than PORT's. */
function livePort(value: string | undefined, main: number): number | undefined {
  if (value === undefined || value === '') return undefined;
  const n = port('LIVE_PORT', value, 0, 0);
  if (n === main) {
    throw new ConfigError(
      `LIVE_PORT must differ from PORT (${main}); 0 serves the live server on /ws of PORT only.`,
    );
  }
  return n;
}

function positive(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1)
    throw new ConfigError(`${name} must be a whole number above 0, got "${value}".`);
  return n;
}

function timeZone(value: string | undefined): string {
  if (value === undefined || value === '') return ownTimeZone();
  if (!knownTimeZone(value)) {
    throw new ConfigError(`TIME_ZONE must be an IANA time zone such as Europe/Belgrade, got "${value}".`);
  }
  return value;
}

/** TRUST_PROXY: unset or false, true, or the proxies' addresses ("10.0.0.1,10.0.0.2"). */
function trustProxy(value: string | undefined): boolean | string {
  if (value === undefined || value === '' || value === 'false') return false;
  return value === 'true' ? true : value;
}

function url(name: string, value: string | undefined, protocols: string[]): string | undefined {
  if (value === undefined || value === '') return undefined;
  let parsed: URL;
  try {
    parsed = new URL(value);
  } catch {
    throw new ConfigError(`${name} must be a URL, got "${value}".`);
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(`${name} must start with ${protocols.join(' or ')}, got "${value}".`);
  }
  return value;
}

/**
 * This machine's first non-loopback IPv4 address: the default public URL then works for phones on the
 * same network as the laptop that prints the QR code.
 */
export function lanAddress(interfaces: ReturnType<typeof os.networkInterfaces>): string | undefined {
  for (const addresses of Object.values(interfaces)) {
    const found = addresses?.find((a) => a.family === 'IPv4' && !a.internal);
    if (found) return found.address;
  }
  return undefined;
}

/** Reads the environment into a typed config, failing with a message that names the bad variable. */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  interfaces: ReturnType<typeof os.networkInterfaces> = os.networkInterfaces(),
): Config {
  const p = port('PORT', env.PORT, 3000);
  const host = env.HOST || '0.0.0.0';
  const adminEmail = env.ADMIN_EMAIL || undefined;
  if (adminEmail !== undefined && !adminEmail.includes('@')) {
    throw new ConfigError(`ADMIN_EMAIL must be an email address, got "${adminEmail}".`);
  }
  const adminPassword = env.ADMIN_PASSWORD || undefined;
  if (adminPassword !== undefined && adminPassword.length < 8) {
    throw new ConfigError('ADMIN_PASSWORD must be at least 8 characters long.');
  }
  const publicUrl =
    url('PUBLIC_URL', env.PUBLIC_URL, ['http:', 'https:']) ??
    `http://${lanAddress(interfaces) ?? 'localhost'}:${p}`;
  return {
    port: p,
    host,
    livePort: livePort(env.LIVE_PORT, p),
    defaultLivePort: p === 65535 ? p - 1 : p + 1,
    dataDir: path.resolve(env.DATA_DIR || 'data'),
    databaseUrl: url('DATABASE_URL', env.DATABASE_URL, ['postgres:', 'postgresql:']),
    redisUrl: url('REDIS_URL', env.REDIS_URL, ['redis:', 'rediss:']),
    trustProxy: trustProxy(env.TRUST_PROXY),
    publicRequestsPerMinute: positive('PUBLIC_REQUESTS_PER_MINUTE', env.PUBLIC_REQUESTS_PER_MINUTE, 120),
    liveMaxPerAddress: positive('LIVE_MAX_PER_ADDRESS', env.LIVE_MAX_PER_ADDRESS, LIVE_MAX_PER_ADDRESS),
    liveSubscribeGraceSeconds: positive(
      'LIVE_SUBSCRIBE_GRACE_SECONDS',
      env.LIVE_SUBSCRIBE_GRACE_SECONDS,
      LIVE_SUBSCRIBE_GRACE_SECONDS,
    ),
    liveMaxPerSession: positive('LIVE_MAX_PER_SESSION', env.LIVE_MAX_PER_SESSION, LIVE_MAX_PER_SESSION),
    liveMaxPerBand: positive('LIVE_MAX_PER_BAND', env.LIVE_MAX_PER_BAND, LIVE_MAX_PER_BAND),
    requestBodyTimeoutSeconds: positive(
      'REQUEST_BODY_TIMEOUT_SECONDS',
      env.REQUEST_BODY_TIMEOUT_SECONDS,
      REQUEST_BODY_TIMEOUT_SECONDS,
    ),
    requestBodyMinRate: positive('REQUEST_BODY_MIN_RATE', env.REQUEST_BODY_MIN_RATE, REQUEST_BODY_MIN_RATE),
    maxConnectionsPerAddress: positive(
      'MAX_CONNECTIONS_PER_ADDRESS',
      env.MAX_CONNECTIONS_PER_ADDRESS,
      MAX_CONNECTIONS_PER_ADDRESS,
    ),
    freshMs: positive('FRESH_MS', env.FRESH_MS, FRESH_MS),
    readWorkers: env.READ_WORKERS === '0' ? 0 : positive('READ_WORKERS', env.READ_WORKERS, 1),
    publicUrl: publicUrl.replace(/\/+$/, ''),
    adminEmail,
    adminPassword,
    clientDir: path.resolve(env.CLIENT_DIR || 'dist/client'),
    logToConsole: env.LOG_TO_CONSOLE !== 'false',
    timeZone: timeZone(env.TIME_ZONE),
    historyDays: positive('HISTORY_DAYS', env.HISTORY_DAYS, 180),
  };
}
