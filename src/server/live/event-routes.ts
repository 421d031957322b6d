import { say } from '../../shared/server-messages.js';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { LIVE_MAX_BUFFERED_BYTES } from '../../shared/constants.js';
import { ApiError, said, unauthorized } from '../errors.js';
import { bearer } from '../plugins/auth.js';
import { LiveEventStream } from './event-stream.js';
import { TokenParams } from '../services/forms/list-query.js';

export interface LiveEventsOptions {
  heartbeatMs?: number;
}

const HEARTBEAT_MS = 15_000;

/**
 * The live channel as Server-Sent Events on the main port, for networks that block websockets
 * (issue 13, point 7): the same snapshot-then-changes order, limits and Redis fan-out as /ws. It
 * only reads, so it needs no CSRF token. A page that offers a session (the band page, the viewer)
 * follows under the websockets' rule (its band's gigs; any for a system admin) and takes the slots
 * kept for signed-in pages; a session that has ended is refused with 401, and one that ends while
 * the stream is open ends the stream.
 */
const liveEventsRoutes: FastifyPluginAsyncTypebox<LiveEventsOptions> = async (app, options) => {
  const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;

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
      const session = bearer(request);
      const page = session ? await app.live.pageOf(session) : undefined;
      if (page === null) throw unauthorized(say('session_ended'));
      const stream = new LiveEventStream(reply, app.live, {
        heartbeatMs,
        maxBufferedBytes: LIVE_MAX_BUFFERED_BYTES,
        page,
      });
      const refusal = app.live.streams.admit(stream, { address: request.ip, page }, session);
      // As a websocket is closed with 1013 "try again later": the server is full, or this network or gig has its share.
      if (refusal) throw new ApiError(refusal.kind === 'full' ? 503 : 429, refusal.reason);
      await app.liveQueue.channel.subscribe(stream, token);
      if (!stream.streaming) {
        app.live.streams.release(stream);
        const { status, sentence } = stream.refusal ?? { status: 503, sentence: say('try_shortly') };
        throw new ApiError(status, said(sentence));
      }
      // Admitted under the live server's limits, which bound a venue's streams by its address.
      app.clientLimits.liveStream(request.raw.socket);
      return reply;
    },
  );
};

export default liveEventsRoutes;
