import { say } from '../../shared/server-messages.js';
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import QRCode from 'qrcode';
import { deleteGig, findGig, insertGig, listGigs, updateGig } from '../db/gigs.js';
import { canWrite, owns } from '../lib/access.js';
import { forbidden, notFound } from '../errors.js';
import { uploadUrl } from '../lib/upload-url.js';
import { iso } from '../lib/clock.js';
import { PICTURE } from '../services/files/file-kinds.js';
import { newGigToken } from '../lib/tokens.js';
import { GigForm, GigUpdate, gigValues } from '../services/forms/gig-form.js';
import { bandOf, itemFirst, withStoredFiles } from '../services/forms/item-form.js';
import { IdParams, NullableString } from '../services/forms/list-query.js';
import { WRITERS } from '../plugins/auth.js';
import { deleteRoutes } from './deletes.js';
import { MessageCode } from './schemas.js';
import { unlessStale, VersionFields, versionOf } from './versions.js';
import { actorOf } from '../db/history.js';

const GigRow = Type.Object({
  id: Type.Integer(),
  naziv: Type.String(),
  lokacija: Type.String(),
  pocetak: Type.String(),
  slika: NullableString,
  status: Type.Boolean(),
  /** Opens the gig's live queue (/band/<token>) from the viewer area. */
  token: Type.String(),
});

const Gig = Type.Object({
  id: Type.Integer(),
  naziv: Type.String(),
  lokacija: Type.String(),
  pocetak: Type.String(),
  slika: NullableString,
  status: Type.Boolean(),
  razmakpesme: Type.Integer(),
  razmakvreme: Type.Integer(),
  playlista: Type.Union([Type.Integer(), Type.Null()]),
  /** Guests may send a message with a request (issue 13, point 5). */
  allow_messages: Type.Boolean(),
  /** Issue 29: the same performer not within this many songs (0 = off). */
  artist_spacing: Type.Integer(),
  /** Issue 29: the band's guess per song for the guests' wait estimate. */
  minutes_per_song: Type.Integer(),
  token: Type.String(),
  band_url: Type.String(),
  public_url: Type.String(),
  /** The venue screen (issue 13, point 2): for Edit Gig's 'Open Screen'. */
  screen_url: Type.String(),
  owned: Type.Boolean(),
  ...VersionFields,
});

const GigQuery = Type.Object({
  q: Type.Optional(Type.String({ maxLength: 200 })),
  pg: Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000 })),
});

type GigRecord = NonNullable<Awaited<ReturnType<typeof findGig>>>;

const gigRoutes: FastifyPluginAsyncTypebox<{ publicUrl: string }> = async (app, { publicUrl }) => {
  const links = (token: string) => ({
    band_url: `${publicUrl}/band/${token}`,
    public_url: `${publicUrl}/g/${token}`,
    screen_url: `${publicUrl}/screen/${token}`,
  });

  const present = (request: FastifyRequest, gig: GigRecord) => ({
    id: gig.id,
    naziv: gig.naziv,
    lokacija: gig.lokacija,
    pocetak: gig.pocetak,
    slika: uploadUrl(gig.slika),
    status: gig.status === 1,
    razmakpesme: gig.razmakpesme,
    razmakvreme: gig.razmakvreme,
    playlista: gig.playlist_id,
    allow_messages: gig.allow_messages === 1,
    artist_spacing: gig.artist_spacing,
    minutes_per_song: gig.minutes_per_song,
    token: gig.token,
    ...links(gig.token),
    owned: owns(request.user!, gig),
    ...versionOf(gig),
  });

  /** Gigs are the band's own: other bands (and people without a band) do not see them at all. */
  async function readable(request: FastifyRequest, id: number) {
    const gig = await findGig(app.db, id);
    if (!gig || !owns(request.user!, gig)) throw notFound(say('gig_not_found'));
    return gig;
  }

  async function writable(request: FastifyRequest, id: number) {
    const gig = await readable(request, id);
    if (!canWrite(request.user!, gig)) throw forbidden(say('gig_viewers'));
    return gig;
  }

  app.get(
    '/api/admin/gigs',
    {
      schema: {
        tags: ['gigs'],
        querystring: GigQuery,
        response: { 200: Type.Object({ data: Type.Array(GigRow), total: Type.Integer() }) },
      },
    },
    async (request, reply) => {
      const { q = '', pg = 0 } = request.query;
      return app.listCache.send(reply, request.user!, ['gigs'], `${pg}:${q}`, async (memo) => {
        const { rows, total } = await listGigs(app.db, request.user!, { q, page: pg }, memo);
        const data = rows.map((gig) => ({ ...gig, slika: uploadUrl(gig.slika), status: gig.status === 1 }));
        return { data, total };
      });
    },
  );

  app.get(
    '/api/admin/gig/:id',
    { schema: { tags: ['gigs'], params: IdParams, response: { 200: Gig } } },
    async (request) => present(request, await readable(request, request.params.id)),
  );

  app.get(
    '/api/admin/gig/qrc/:id',
    {
      schema: { tags: ['gigs'], description: 'A PNG QR code of the public URL.', params: IdParams },
    },
    async (request, reply) => {
      const gig = await readable(request, request.params.id);
      const png = await QRCode.toBuffer(links(gig.token).public_url, { type: 'png', width: 512, margin: 2 });
      return reply.type('image/png').header('cache-control', 'private, max-age=300').send(png);
    },
  );

  app.post(
    '/api/admin/addgig',
    {
      config: { access: WRITERS },
      schema: {
        tags: ['gigs'],
        consumes: ['multipart/form-data'],
        body: GigForm,
        response: { 200: Type.Object({ id: Type.Integer() }) },
      },
    },
    async (request) => {
      const band = bandOf(request.user!);
      const id = await withStoredFiles(app, request, { picture: PICTURE }, (stored) =>
        insertGig(
          app.db,
          request.user!,
          {
            ...gigValues(request.body),
            slika: stored.picture ?? null,
            band_id: band,
            created_by: request.user!.id,
            token: newGigToken(),
            now: iso(app.clock()),
          },
          actorOf(request.user!, app.clock()),
        ),
      );
      app.panelLive.changed(band, 'gigs', [id]);
      return { id };
    },
  );

  app.post(
    '/api/admin/gig/:id/update',
    {
      config: { access: WRITERS },
      attachValidation: true,
      schema: {
        tags: ['gigs'],
        consumes: ['multipart/form-data'],
        params: IdParams,
        body: GigUpdate,
        response: { 200: Gig },
      },
    },
    async (request) => {
      const gig = await itemFirst(request, () => writable(request, request.params.id));
      const save = { ...actorOf(request.user!, app.clock()), version: request.body.version };
      const slika = await unlessStale(
        () =>
          withStoredFiles(app, request, { picture: PICTURE }, async (stored) => {
            const next = stored.picture ?? gig.slika;
            await updateGig(app.db, request.user!, gig.id, { ...gigValues(request.body), slika: next }, save);
            return next;
          }),
        async () => present(request, await readable(request, gig.id)),
        say('gig_not_found'),
      );
      if (slika !== gig.slika) await app.uploads.remove(gig.slika);
      app.panelLive.changed(gig.band_id, 'gigs', [gig.id]);
      return present(request, (await findGig(app.db, gig.id))!);
    },
  );

  const Deleted = Type.Object({
    error: Type.Boolean(),
    message: Type.String(),
    ...MessageCode,
    deleted_gig: Type.Object({ id: Type.Integer(), naziv: Type.String() }),
  });
  deleteRoutes(app, '/api/admin/gig/:id/delete', {
    access: WRITERS,
    schema: { tags: ['gigs'], response: { 200: Deleted } },
    run: async (request, id) => {
      const gig = await writable(request, id);
      await deleteGig(app.db, gig.id, actorOf(request.user!, app.clock()));
      app.panelLive.changed(gig.band_id, 'gigs', [gig.id]);
      await app.uploads.remove(gig.slika);
      return {
        error: false,
        ...say('gig_deleted', { name: gig.naziv }),
        deleted_gig: { id: gig.id, naziv: gig.naziv },
      };
    },
  });
};

export default gigRoutes;
