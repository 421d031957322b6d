import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { say } from '../../shared/server-messages.js';
import { readLeadMessage } from '../../shared/live-lead.js';
import { GIG_TOKEN } from '../../shared/live-protocol.js';
import { findLiveGig } from '../db/live-gigs.js';
import { canWrite, owns } from '../lib/access.js';
import { ApiError, forbidden, notFound, said } from '../errors.js';
import { TokenParams } from '../services/forms/list-query.js';

/**
 * The leading tablet's messages (issue 27, point 4) from a band page on the event stream, which
 * cannot send over it (a websocket sends {type:'lead', ...} instead): the same message, the same
 * rule (a signed-in member of the gig's band, not a viewer), the same delivery to the band's pages.
 * Authenticated and CSRF-checked as every band route.
 */
const leadRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/api/admin/live/:token/lead',
    {
      schema: {
        tags: ['live'],
        summary: "The leading tablet's song, key and scroll, for the band's other tablets",
        params: TokenParams,
        // Checked whole by readLeadMessage, as a websocket's message is.
        body: Type.Object({}, { additionalProperties: true }),
      },
    },
    async (request) => {
      const { token } = request.params;
      const gig = await findLiveGig(app.db, token);
      if (!gig) throw notFound(say('no_gig_at_address'));
      if (!owns(request.user!, gig)) throw forbidden(say('gig_other_band'));
      if (!canWrite(request.user!, gig)) throw forbidden(say('lead_band_only'));
      const message = readLeadMessage({ ...request.body, type: 'lead', gig: token }, GIG_TOKEN);
      if (!message) throw new ApiError(400, said(say('lead_malformed')));
      const { sent, current } = app.liveQueue.channel.lead(message);
      // Another tablet leads: its last message tells this one which.
      return { success: true, leading: sent, current: current ? JSON.parse(current.toString()) : null };
    },
  );
};

export default leadRoutes;
