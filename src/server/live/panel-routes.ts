import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { LIVE_MAX_BUFFERED_BYTES } from '../../shared/constants.js';
import { PANEL_EVENTS_PATH, panelPlace } from '../../shared/panel-live.js';
import { say } from '../../shared/server-messages.js';
import { ApiError, forbidden, unauthorized } from '../errors.js';
import { bearer } from '../plugins/auth.js';
import { LiveEventStream } from './event-stream.js';
import { panelTopic } from './panel.js';

const HEARTBEAT_MS = 15_000;

/**
 * The panel's topic as Server-Sent Events, for networks that block websockets (as a gig's, in
 * event-routes.ts). A stream cannot send, so the page's place is in its address: the page opens a
 * new stream when it moves to another item. Only a signed-in admin's or band admin's session
 * (Authorization: Bearer, as the live pages send theirs) may open it: 401 without one, 403 for a
 * viewer. It only reads, so it needs no CSRF token; the session is checked again while it is open.
 */
const panelEventsRoutes: FastifyPluginAsyncTypebox<{ heartbeatMs?: number }> = async (app, options) => {
  app.get(
    PANEL_EVENTS_PATH,
    {
      // Checked here, from the Authorization header, as the gigs' event streams check theirs.
      config: { access: 'public' },
      schema: {
        tags: ['live'],
        summary: "The panel's changes and who is where, as Server-Sent Events (the band's admins only)",
        querystring: Type.Object({
          at: Type.Optional(
            Type.String({ maxLength: 40, description: 'The edit screen the page shows: songs/12' }),
          ),
        }),
      },
    },
    async (request, reply) => {
      reply.header('connection', 'close');
      const session = bearer(request);
      const page = session ? await app.live.pageOf(session) : null;
      if (!session || !page) throw unauthorized(say(session ? 'session_ended' : 'unauthenticated'));
      if (!page.panel) throw forbidden();
      const stream = new LiveEventStream(reply, app.live, {
        heartbeatMs: options.heartbeatMs ?? HEARTBEAT_MS,
        maxBufferedBytes: LIVE_MAX_BUFFERED_BYTES,
        page,
      });
      const refusal = app.live.streams.admit(stream, { address: request.ip, page }, session);
      if (refusal) throw new ApiError(refusal.kind === 'full' ? 503 : 429, refusal.reason);
      // Named among the stream's topics, so that the session checks end it when the user moves to
      // another band or becomes a viewer (the page's mayFollow).
      app.live.streams.follow(stream, panelTopic(page.band));
      const panel = app.panelLive.channel;
      panel.join(stream, page, panelPlace(request.query.at), (data) => stream.send([data]));
      stream.onClose(() => panel.leave(stream));
      app.clientLimits.liveStream(request.raw.socket);
      return reply;
    },
  );
};

export default panelEventsRoutes;
