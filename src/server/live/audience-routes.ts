import { say } from '../../shared/server-messages.js';
import rateLimit from '@fastify/rate-limit';
import QRCode from 'qrcode';
import { Redis } from 'ioredis';
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { deviceRequests } from '../db/guest-requests.js';
import { findLiveGig, gigSongs, type LiveGig } from '../db/live-gigs.js';
import { mostRequested, queuePace, recentlyPlayed, waitingQueue } from '../db/live-queue.js';
import { ApiError, notFound, underMaintenance } from '../errors.js';
import { deviceOf, takeRequest } from './requests.js';
import { publicScope } from '../plugins/auth.js';
import { uploadUrl } from '../lib/upload-url.js';
import { bandLinkGig, findBand, findBandBySlug } from '../db/bands.js';
import { formerSlugLeadsTo } from '../db/band-slugs.js';
import { bandLinkPage, languageOf, unknownBandPage } from './band-link-page.js';
import { wallClock } from '../lib/clock.js';
import { SLUG } from '../../shared/slug.js';
import { addressGroup } from '../services/auth/login-address.js';
import { TokenParams } from '../services/forms/list-query.js';
import searchMissRoutes from './search-miss-routes.js';

/** What the audience's page and the venue screen show of a gig. */
const shownGig = (gig: LiveGig) => ({
  naziv: gig.naziv,
  lokacija: gig.lokacija,
  pocetak: gig.pocetak,
  active: gig.status === 1,
  band: { naziv: gig.band_naziv, picture: uploadUrl(gig.band_picture) },
});

export interface PublicOptions {
  /** Song requests one address may make per minute (a venue's phones often share one address). */
  requestsPerMinute: number;
  /** Count them in Redis, shared by every server process (REDIS_URL). */
  redisUrl?: string;
  /** PUBLIC_URL: the venue screen shows the link guests type or scan. */
  publicUrl: string;
  /** The venues' time zone (TIME_ZONE): a search that found nothing is counted in its day. */
  timeZone: string;
}

/** The audience's API (issue "Live gig night"): no account, a gig found by its token. */
const publicRoutes: FastifyPluginAsyncTypebox<PublicOptions> = async (
  app,
  { requestsPerMinute, redisUrl, publicUrl, timeZone },
) => {
  publicScope(app);
  const redis = redisUrl
    ? new Redis(redisUrl, { connectTimeout: 1000, maxRetriesPerRequest: 1, enableOfflineQueue: false })
    : undefined;
  redis?.on('error', (error: Error) => app.log.warn({ err: error.message }, 'redis connection problem'));
  if (redis) app.addHook('onClose', async () => redis.disconnect());
  await app.register(rateLimit, {
    global: false,
    // Shared by every process through Redis; while Redis is down requests are not refused for it.
    ...(redis ? { redis, nameSpace: 'encore:requests:', skipOnError: true } : {}),
    errorResponseBuilder: (_request, context) =>
      new ApiError(429, { ...say('rate_limited', { after: context.after }), reason: 'rate_limited' }),
  });

  // Maintenance mode closes the audience's side too (only system admins keep working).
  app.addHook('onRequest', async () => {
    if ((await app.settings.get()).maintenance_mode) throw underMaintenance();
  });

  // Issue 29, point 4: under this plugin's rate limit and maintenance hook.
  await app.register(searchMissRoutes, { timeZone });

  async function liveGig(token: string) {
    const gig = await findLiveGig(app.db, token);
    if (!gig) throw notFound(say('no_gig_here'));
    return gig;
  }

  app.get(
    '/api/public/gig/:token',
    { schema: { tags: ['public'], params: TokenParams } },
    async (request) => {
      const gig = await liveGig(request.params.token);
      const [songs, queue, pace] = await Promise.all([
        gigSongs(app.db, gig),
        waitingQueue(app.db, gig.id),
        queuePace(app.db, gig.id, gig.minutes_per_song),
      ]);
      return {
        gig: {
          ...shownGig(gig),
          razmakpesme: gig.razmakpesme,
          razmakvreme: gig.razmakvreme,
          allow_messages: gig.allow_messages === 1,
        },
        songs,
        queue,
        /** How the night goes: each waiting song's place and wait (issue 29, shared/queue-wait.ts). */
        pace,
      };
    },
  );

  // The band link (issue 13, point 1): one printed QR for every gig. It leads to the gig open for
  // requests now, and is never cached, since that changes from one night to the next.
  app.get(
    '/r/:slug',
    {
      // A page, not part of the API: kept out of the API's documentation as the other pages are.
      schema: { hide: true, params: Type.Object({ slug: Type.String() }) },
    },
    async (request, reply) => {
      const lang = languageOf(request.headers['accept-language']);
      reply.header('cache-control', 'no-store').header('vary', 'accept-language');
      const slug = request.params.slug.toLowerCase();
      const band = SLUG.test(slug) ? await findBandBySlug(app.db, slug) : undefined;
      if (!band) {
        // A slug a band used before: its printed codes lead to its link now (issue 23, finding 10).
        // Not a permanent redirect: a released slug may lead elsewhere one day.
        const current = SLUG.test(slug) ? await formerSlugLeadsTo(app.db, slug) : undefined;
        if (current) return reply.redirect(`/r/${current}`, 302);
        return reply.code(404).type('text/html; charset=utf-8').send(unknownBandPage(lang));
      }
      const found = await bandLinkGig(app.db, band.id, wallClock(app.clock()));
      if (found.open) return reply.redirect(`/g/${found.open}`, 302);
      return reply.type('text/html; charset=utf-8').send(bandLinkPage(lang, band.naziv, found.next));
    },
  );

  /**
   * The link the venue screen shows: the band link when it leads to this gig now (short, and the
   * same as the printed stickers), else the gig's own.
   */
  async function screenLink(gig: { id: number; band_id: number; token: string }) {
    const band = await findBand(app.db, gig.band_id);
    const found = band ? await bandLinkGig(app.db, gig.band_id, wallClock(app.clock())) : undefined;
    return band && found?.open === gig.token ? `${publicUrl}/r/${band.slug}` : `${publicUrl}/g/${gig.token}`;
  }

  // The venue screen (issue 13, point 2): what a projector shows the room. Nothing in it names or
  // tells apart the guests who asked.
  app.get(
    '/api/public/gig/:token/screen',
    { schema: { tags: ['public'], params: TokenParams } },
    async (request) => {
      const gig = await liveGig(request.params.token);
      const [link, queue, played, top, pace] = await Promise.all([
        screenLink(gig),
        waitingQueue(app.db, gig.id),
        recentlyPlayed(app.db, gig.id),
        mostRequested(app.db, gig.id),
        queuePace(app.db, gig.id, gig.minutes_per_song),
      ]);
      return {
        gig: shownGig(gig),
        link,
        queue,
        pace,
        played,
        top,
      };
    },
  );

  app.get(
    '/api/public/gig/:token/qr.png',
    {
      // Drawing a code takes some CPU: a screen loads it now and then, nobody needs it often.
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['public'],
        description: "A PNG QR code of the venue screen's link, for the screen to show.",
        params: TokenParams,
      },
    },
    async (request, reply) => {
      const gig = await liveGig(request.params.token);
      const png = await QRCode.toBuffer(await screenLink(gig), { type: 'png', width: 512, margin: 2 });
      return reply.type('image/png').header('cache-control', 'no-cache').send(png);
    },
  );

  app.get(
    '/api/public/gig/:token/mine',
    { schema: { tags: ['public'], params: TokenParams } },
    async (request) => {
      const gig = await liveGig(request.params.token);
      return { requests: await deviceRequests(app.db, gig.id, deviceOf(request)) };
    },
  );

  app.post(
    '/api/public/gig/:token/requests',
    {
      config: { rateLimit: { max: requestsPerMinute, timeWindow: '1 minute' } },
      schema: {
        tags: ['public'],
        params: TokenParams,
        body: Type.Object({
          song_id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
          /** A short message for the band, when the gig allows them (issue 13, point 5). */
          message: Type.Optional(Type.Union([Type.String({ maxLength: 10_000 }), Type.Null()])),
        }),
      },
    },
    async (request, reply) => {
      const gig = await liveGig(request.params.token);
      const { duplicate, meToo, entry, row, song } = await takeRequest(app, gig, {
        device: deviceOf(request),
        // Counted by network as the sign-in limits are: one IPv6 subscriber holds a whole /64.
        network: addressGroup(request.ip),
        songId: request.body.song_id,
        message: request.body.message,
      });
      reply.code(duplicate ? 200 : 201);
      return {
        success: true,
        duplicate,
        me_too: meToo,
        /** How many guests are asking for the song now. */
        count: entry.count,
        ...(duplicate
          ? say('request_duplicate', { song: song.naziv })
          : meToo
            ? say('request_me_too', { song: song.naziv, smart_count: entry.count })
            : say('request_taken', { song: song.naziv })),
        request: {
          id: row.id,
          song_id: row.song_id,
          naziv: song.naziv,
          status: row.status,
          created_at: row.created_at,
        },
      };
    },
  );
};

export default publicRoutes;
