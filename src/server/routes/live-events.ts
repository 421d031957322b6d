import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { LIVE_MAX_BUFFERED_BYTES } from '../../shared/constants.js';
import { findLiveGig } from '../db/song-requests.js';
import { ApiError, forbidden, notFound } from '../errors.js';
import { bearer } from '../plugins/auth.js';
import { LiveEventStream } from '../services/live-event-stream.js';
import { TokenParams } from './list-query.js';

export interface LiveEventsOptions {
  heartbeatMs?: number;
}

const HEARTBEAT_MS = 15_000;

/**
 * The live channel as Server-Sent Events on the main port, for networks that block websockets
 * (issue 13, point 7): the same snapshot-then-changes order, limits and Redis fan-out as /ws. It
 * only reads, so it needs no CSRF token. A page that offers a session (the band page, the viewer)
 * must be a member of the gig's band (or a system admin); it then takes the slots kept for them.
 */
const liveEventsRoutes: FastifyPluginAsyncTypebox<LiveEventsOptions> = async (app, options) => {
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;

  async function signedIn(request: FastifyRequest, token: string) {
    const session = bearer(request);
    if (!session) return false;
    const { user } = await app.signedIn(session);
    const gig = await findLiveGig(app.db, token);
    if (!gig) throw notFound('There is no gig at this address.');
    if (user.role !== 'admin' && user.band_id !== gig.band_id)
      throw forbidden('This gig belongs to another band.');
    return true;
  }

  app.get(
    '/api/live/:token/events',
    {
      config: { access: 'public' },
      schema: {
        tags: ['live'],
        summary: "The gig's live queue as Server-Sent Events: the snapshot, then each change",
        params: TokenParams,
      },
    },
    async (request, reply) => {
      const { token } = request.params;
      // A stream's connection, or a refused one's, is not reused: none is left open to delay a shutdown.
      reply.header('connection', 'close');
      const visitor = { address: request.ip, signedIn: await signedIn(request, token) };
      const stream = new LiveEventStream(reply, app.live, {
        heartbeatMs,
        maxBufferedBytes: LIVE_MAX_BUFFERED_BYTES,
      });
      const refusal = app.live.admitStream(stream, visitor);
      // As a websocket is closed with 1013 "try again later": the server is full, or this network or gig has its share.
      if (refusal) throw new ApiError(refusal.kind === 'full' ? 503 : 429, { message: refusal.reason });
      await app.liveQueue.channel.subscribe(stream, token);
      if (!stream.streaming) {
        app.live.releaseStream(stream);
        const { status, message } = stream.refusal ?? { status: 503, message: 'Try again shortly.' };
        throw new ApiError(status, { message });
      }
      return reply;
    },
  );
};

export default liveEventsRoutes;
