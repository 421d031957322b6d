import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ChangeEvent, QueueChange, QueueSnapshot } from '../../shared/live-events.js';
import { findLiveGig, queueSnapshot, queueVersions } from '../db/song-requests.js';
import { MAINTENANCE_MESSAGE } from '../errors.js';
import { LiveChannel } from './channel.js';

declare module 'fastify' {
  interface FastifyInstance {
    liveQueue: {
      /**
       * Sends a committed change, numbered with the version its transaction gave it, to every page
       * following the gig (in every server process).
       */
      publish(gig: { token: string; active: boolean }, version: number, change: QueueChange): void;
      channel: LiveChannel;
    };
  }
}

/** High-resolution wall-clock time, comparable between processes on one machine. */
const now = () => performance.timeOrigin + performance.now();

/** The live queue of each gig over the live server (issue "Live gig night": live channel). */
async function liveQueuePlugin(app: FastifyInstance, options: { redisUrl?: string }) {
  const channel = new LiveChannel(
    app.live,
    {
      async snapshot(token): Promise<QueueSnapshot | null> {
        const gig = await findLiveGig(app.db, token);
        if (!gig) return null;
        return { type: 'queue', gig: token, ...(await queueSnapshot(app.db, app.dialect, gig.id)) };
      },
      // Maintenance mode closes the audience's side, the live channel included.
      refusal: async () => ((await app.settings.get()).maintenance_mode ? MAINTENANCE_MESSAGE : null),
      versions: (tokens) => queueVersions(app.db, tokens),
    },
    app.log,
  );
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
}

export default fp(liveQueuePlugin, { name: 'live-queue', dependencies: ['live', 'database'] });
