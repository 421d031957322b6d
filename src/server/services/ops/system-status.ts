import { type Said, say } from '../../../shared/server-messages.js';
import { sql } from 'kysely';
import { Redis } from 'ioredis';
import type { Db, Dialect } from '../../db/connect.js';

export type ComponentStatus = 'healthy' | 'warning' | 'error' | 'unknown';

export type Health = { status: ComponentStatus } & (Said | { message: string });

/** A query slower than this means the database is struggling (the lists answer in a few ms). */
const SLOW_DATABASE_MS = 250;
const REDIS_TIMEOUT_MS = 1000;

const since = (start: bigint) => Number(process.hrtime.bigint() - start) / 1e6;

/** Times a trivial query. */
export async function checkDatabase(db: Db, dialect: Dialect): Promise<Health> {
  const name = dialect === 'postgres' ? 'PostgreSQL' : 'SQLite';
  const start = process.hrtime.bigint();
  try {
    await sql`select 1`.execute(db);
  } catch (error) {
    return {
      status: 'error',
      ...say('database_silent', { database: name, error: (error as Error).message }),
    };
  }
  const ms = since(start);
  const took = { database: name, ms: ms.toFixed(1) };
  return ms > SLOW_DATABASE_MS
    ? { status: 'warning', ...say('database_slow', took) }
    : { status: 'healthy', ...say('database_answered', took) };
}

/** PINGs Redis on a connection of its own that gives up after a second. */
export async function checkRedis(url: string | undefined): Promise<Health> {
  if (!url) return { status: 'unknown', ...say('not_configured') };
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: REDIS_TIMEOUT_MS,
    commandTimeout: REDIS_TIMEOUT_MS,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
  });
  client.on('error', () => undefined);
  const start = process.hrtime.bigint();
  try {
    await client.connect();
    await client.ping();
    return { status: 'healthy', ...say('redis_pong', { ms: since(start).toFixed(1) }) };
  } catch (error) {
    return { status: 'error', ...say('redis_unreachable', { error: (error as Error).message }) };
  } finally {
    client.disconnect();
  }
}
