import { say } from '../../shared/server-messages.js';
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import QRCode from 'qrcode';
import { SLUG } from '../../shared/slug.js';
import { listFormerSlugs, releaseSlug } from '../db/band-slugs.js';
import { findBand, findBandBySlug } from '../db/bands.js';
import { conflict, forbidden, notFound } from '../errors.js';
import { owns } from '../lib/access.js';
import { ADMINS } from '../plugins/auth.js';
import { IdParams } from '../services/forms/list-query.js';
import { MessageCode } from './schemas.js';

const FormerSlug = Type.Object({
  slug: Type.String(),
  /** The band whose link it leads to; null when that band was deleted (then it leads nowhere). */
  band_id: Type.Union([Type.Integer(), Type.Null()]),
  /** That band's name (a deleted band's: its name when it left the slug). */
  naziv: Type.String(),
  left_at: Type.String(),
});

/** A band's link and QR code (issue 13, point 1) and the slugs bands used before (issue 23, finding 10). */
const bandLinkRoutes: FastifyPluginAsyncTypebox<{ publicUrl: string }> = async (app, { publicUrl }) => {
  /** System admins reach every band's link; its members (band admins, viewers) their own band's. */
  async function linkedBand(request: FastifyRequest, id: number) {
    if (!owns(request.user!, { band_id: id })) throw forbidden(say('band_link_other'));
    const band = await findBand(app.db, id);
    if (!band) throw notFound(say('band_not_found'));
    const { naziv, slug } = band;
    return { id, naziv, slug, url: `${publicUrl}/r/${slug}` };
  }

  app.get(
    '/api/admin/band-slugs',
    {
      config: { access: ADMINS },
      schema: {
        tags: ['bands'],
        description:
          'The slugs bands used before: /r/<slug> of each leads to its band’s current link, and no other band may take it until it is released. A deleted band’s slugs lead nowhere (band_id null).',
        response: { 200: Type.Object({ data: Type.Array(FormerSlug) }) },
      },
    },
    async () => ({ data: await listFormerSlugs(app.db) }),
  );

  app.post(
    '/api/admin/band-slugs/:slug/release',
    {
      config: { access: ADMINS },
      schema: {
        tags: ['bands'],
        description:
          'Releases a former slug: any band may then take it, and the printed QR codes of its old band lead there instead.',
        params: Type.Object({ slug: Type.String() }),
        response: { 200: Type.Object({ success: Type.Boolean(), message: Type.String(), ...MessageCode }) },
      },
    },
    async (request) => {
      const slug = request.params.slug.toLowerCase();
      if (!SLUG.test(slug) || !(await releaseSlug(app.db, slug))) {
        const band = SLUG.test(slug) ? await findBandBySlug(app.db, slug) : undefined;
        if (band) throw conflict(say('slug_in_use', { band: band.naziv }));
        throw notFound(say('slug_never_used'));
      }
      // Done on purpose by a system admin, and the old band's printed codes now lead elsewhere.
      request.log.info({ slug, userId: request.user!.id }, 'a former band slug was released');
      return { success: true, ...say('slug_released') };
    },
  );

  app.get(
    '/api/admin/band/:id/link',
    {
      schema: {
        tags: ['bands'],
        description:
          'The band link (PUBLIC_URL/r/<slug>): opens the gig open for requests now. System admins for any band, members for their own.',
        params: IdParams,
        response: {
          200: Type.Object({
            id: Type.Integer(),
            naziv: Type.String(),
            slug: Type.String(),
            url: Type.String(),
          }),
        },
      },
    },
    async (request) => linkedBand(request, request.params.id),
  );

  app.get(
    '/api/admin/band/:id/qrc',
    {
      schema: {
        tags: ['bands'],
        description: 'A PNG QR code of the band link. System admins for any band, members for their own.',
        params: IdParams,
      },
    },
    async (request, reply) => {
      const { url } = await linkedBand(request, request.params.id);
      const png = await QRCode.toBuffer(url, { type: 'png', width: 512, margin: 2 });
      return reply.type('image/png').header('cache-control', 'private, max-age=300').send(png);
    },
  );
};

export default bandLinkRoutes;
