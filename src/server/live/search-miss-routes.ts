import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SEARCH_MISS_MAX_LENGTH, SEARCH_MISS_MIN_LENGTH } from '../../shared/constants.js';
import { foldForSearch, foldLetters, foldQuery } from '../../shared/search.js';
import { say } from '../../shared/server-messages.js';
import { venueDay } from '../../shared/times.js';
import { findLiveGig, gigSongs } from '../db/live-gigs.js';
import { countSearchMiss, purgeSearchMisses } from '../db/search-misses.js';
import { notFound } from '../errors.js';
import { TokenParams } from '../services/forms/list-query.js';

const DAY_MS = 86_400_000;

/**
 * The audience page's searches that found nothing (issue 29, point 4). The page searches the gig's
 * songs itself and reports a search that found none, a moment after the guest stops typing. Public
 * like the rest of the audience's API (registered inside it: its rate limit, maintenance mode and
 * CSRF check apply); what is kept is the folded text, the gig, the venue's day and a count. Abuse is
 * bounded by the address's rate, by SEARCH_MISS_TEXTS_PER_GIG_DAY, and by counting only searches
 * that truly match none of the gig's songs.
 */
const searchMissRoutes: FastifyPluginAsyncTypebox<{ timeZone: string }> = async (app, { timeZone }) => {
  app.jobs.schedule(
    'search-misses',
    DAY_MS,
    () => purgeSearchMisses(app.db, venueDay(app.clock(), timeZone)),
    60_000,
  );

  app.post(
    '/api/public/gig/:token/search-misses',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['public'],
        description:
          'A search of the audience page that found no song: counted (folded text, gig, day) for the band’s Insights. ' +
          'Texts shorter than 2 or longer than 60 letters once folded, and searches that do match a song, are not counted.',
        params: TokenParams,
        body: Type.Object({ q: Type.String({ maxLength: 200 }) }),
      },
    },
    async (request, reply) => {
      const gig = await findLiveGig(app.db, request.params.token);
      if (!gig) throw notFound(say('no_gig_here'));
      const text = foldLetters(request.body.q);
      const length = [...text].length;
      if (length >= SEARCH_MISS_MIN_LENGTH && length <= SEARCH_MISS_MAX_LENGTH) {
        const query = foldQuery(request.body.q);
        const songs = await gigSongs(app.db, gig);
        const found = songs.some((song) =>
          foldForSearch(`${song.naziv} ${song.performer ?? ''}`).includes(query),
        );
        if (!found)
          await countSearchMiss(app.db, {
            gigId: gig.id,
            bandId: gig.band_id,
            day: venueDay(app.clock(), timeZone),
            text,
          });
      }
      return reply.code(204).send();
    },
  );
};

export default searchMissRoutes;
