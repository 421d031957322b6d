import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { findLiveGig, queueVersion, waitingQueue } from '../db/song-requests.js';
import { LiveChannel } from '../services/live-channel.js';

/** What changed, sent with the queue so a requester can follow their own requests. */
export interface QueueChange {
  kind: 'requested' | 'played' | 'declined' | 'moved' | 'paused' | 'resumed';
  song_id?: number;
  request_ids?: number[];
  /** Epoch milliseconds when the change was committed (for the live benchmark). */
  at: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    liveQueue: {
      /** Sends the gig's queue, after a committed change, to every page that follows the gig. */
      publish(gig: { id: number; token: string }, change: QueueChange): Promise<void>;
      channel: LiveChannel;
    };
  }
}

/** The live queue of each gig over the live server (issue "Live gig night": live channel). */
async function liveQueuePlugin(app: FastifyInstance, options: { redisUrl?: string }) {
  async function queueEvent(gigId: number, token: string, active: boolean) {
    const [version, queue] = await Promise.all([queueVersion(app.db, gigId), waitingQueue(app.db, gigId)]);
    return { type: 'queue', gig: token, version, active, queue };
  }

  const channel = new LiveChannel(
    app.live,
    async (token) => {
      const gig = await findLiveGig(app.db, token);
      return gig ? queueEvent(gig.id, token, gig.status === 1) : null;
    },
    app.log,
  );
  app.decorate('liveQueue', {
    channel,
    async publish(gig, change) {
      const current = await findLiveGig(app.db, gig.token);
      if (!current) return;
      channel.publish(gig.token, { ...(await queueEvent(gig.id, gig.token, current.status === 1)), change });
    },
  });
  if (options.redisUrl) {
    const url = options.redisUrl;
    app.addHook('onReady', async () => {
      try {
        await channel.connectRedis(url);
      } catch (error) {
        // Without Redis a single process still works; System Status shows Redis as unreachable.
        app.log.error({ context: 'live', err: (error as Error).message }, 'live channel runs without redis');
      }
    });
  }
  app.addHook('onClose', () => channel.close());
}

export default fp(liveQueuePlugin, { name: 'live-queue', dependencies: ['live', 'database'] });
