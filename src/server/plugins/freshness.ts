import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { Freshness, ListCache, ScopeVersions } from '../services/cache/list-cache.js';
import { routeAccess } from './auth.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** What this process remembers of the database (sessions, list versions), and how to forget it. */
    freshness: Freshness;
    listCache: ListCache;
  }
}

/** The Redis channel on which each process says "I wrote: forget what you remember". */
export const FRESHNESS_CHANNEL = 'encore:freshness';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** A signed-in call (refused sign-ins do not count) that may have written (the delete routes answer GET too, as the spec says). */
const mayWrite = (request: FastifyRequest) =>
  request.user !== null &&
  (!READS.has(request.method) || Boolean(request.routeOptions.url?.endsWith('/delete'))) &&
  routeAccess(request) !== 'public';

/**
 * Sessions and list versions are held in memory for at most FRESH_MS (services/list-cache.ts). A
 * signed-in call that may have written forgets them before its answer leaves, so the caller's next
 * call sees its own write (and a sign-out is refused at once); with REDIS_URL every other process is
 * told to forget too, and without it they read again after FRESH_MS.
 */
async function freshnessPlugin(app: FastifyInstance, options: { redisUrl?: string; freshMs?: number }) {
  const freshness = new Freshness(options.freshMs);
  app.decorate('freshness', freshness);
  app.decorate('listCache', new ListCache(new ScopeVersions(app.db, freshness)));

  let publish = () => {};
  if (options.redisUrl) {
    const me = randomUUID();
    const publisher = new Redis(options.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
    const subscriber = publisher.duplicate();
    let warned = false;
    const warn = (error: Error) => {
      if (warned) return;
      warned = true;
      app.log.warn(
        { context: 'freshness', err: error.message },
        'redis unreachable: other processes read again after 1 s',
      );
    };
    publisher.on('error', warn);
    subscriber.on('error', warn);
    subscriber.on('message', (_channel: string, sender: string) => {
      if (sender !== me) freshness.invalidate();
    });
    subscriber.on('ready', () => (warned = false));
    try {
      await Promise.all([publisher.connect(), subscriber.connect()]);
      await subscriber.subscribe(FRESHNESS_CHANNEL);
    } catch (error) {
      warn(error as Error);
    }
    publish = () => void publisher.publish(FRESHNESS_CHANNEL, me).catch(() => {});
    app.addHook('onClose', async () => {
      publisher.disconnect();
      subscriber.disconnect();
    });
  }

  app.addHook('onSend', (request, _reply, payload, done) => {
    if (mayWrite(request)) {
      freshness.invalidate();
      publish();
    }
    done(null, payload);
  });
}

export default fp(freshnessPlugin, { name: 'freshness', dependencies: ['database'] });
