import { type Said, say } from '../../shared/server-messages.js';
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { bandUsers, deleteBand, findBand, listBands } from '../db/bands.js';
import { removeFromBand } from '../db/user-admin.js';
import { type BandSaved, saveBand } from '../db/band-save.js';
import type { SlugHolder } from '../db/band-slugs.js';
import { conflict, invalid, notFound } from '../errors.js';
import { uploadUrl } from '../lib/upload-url.js';
import { iso } from '../lib/clock.js';
import { PICTURE } from '../services/files/file-kinds.js';
import { BandForm, BandUpdate, bandValues } from '../services/forms/band-form.js';
import { itemFirst, withStoredFiles } from '../services/forms/item-form.js';
import { IdParams, NullableString } from '../services/forms/list-query.js';
import { ADMINS } from '../plugins/auth.js';
import { MessageCode } from './schemas.js';
import { announceWrites } from './admin-changes.js';
import { unlessStale, VersionFields, versionOf } from './versions.js';
import { actorOf } from '../db/history.js';

const Band = Type.Object({
  id: Type.Integer(),
  naziv: Type.String(),
  email: NullableString,
  picture: NullableString,
  /** The band link's slug: PUBLIC_URL/r/<slug> (issue 13, point 1). */
  slug: Type.String(),
  users_count: Type.Integer(),
  ...VersionFields,
});

const Answer = Type.Object({
  success: Type.Boolean(),
  message: Type.String(),
  ...MessageCode,
  data: Type.Optional(Band),
});

/** Why a band may not take a slug (issue 23, finding 10): printed QR codes must not change band. */
function slugTaken(holder: SlugHolder): Said {
  switch (holder.kind) {
    case 'current':
      return say('slug_taken');
    case 'former':
      return say('slug_former', { band: holder.naziv });
    case 'deleted':
      return say('slug_deleted', { band: holder.naziv });
  }
}

/** Band management (spec §7 Bands): system admins only. */
const bandRoutes: FastifyPluginAsyncTypebox = async (app) => {
  announceWrites(app, 'bands');
  async function presented(id: number) {
    const band = (await listBands(app.db)).find((b) => b.id === id);
    if (!band) throw notFound(say('band_not_found'));
    return shown(band);
  }

  type Listed = Awaited<ReturnType<typeof listBands>>[number];
  const shown = ({ version, updated_at, changed_by, ...band }: Listed) => ({
    ...band,
    picture: uploadUrl(band.picture),
    users_count: Number(band.users_count),
    ...versionOf({ version, updated_at, changed_by }),
  });

  /** A save's outcome as the API answers it: the band's id, or 404, or 422 naming what is taken. */
  function saved(result: BandSaved): number {
    if (result.outcome === 'missing') throw notFound(say('band_not_found'));
    if (result.outcome === 'saved') return result.id;
    throw invalid({
      ...(result.name ? { naziv: [say('band_name_taken')] } : {}),
      ...(result.slug ? { slug: [slugTaken(result.slug)] } : {}),
    });
  }

  async function existing(id: number) {
    const band = await findBand(app.db, id);
    if (!band) throw notFound(say('band_not_found'));
    return band;
  }

  app.get(
    '/api/admin/bands',
    {
      config: { access: ADMINS },
      schema: { tags: ['bands'], response: { 200: Type.Object({ data: Type.Array(Band) }) } },
    },
    async () => ({ data: (await listBands(app.db)).map(shown) }),
  );

  app.post(
    '/api/admin/addband',
    {
      config: { access: ADMINS },
      schema: {
        tags: ['bands'],
        consumes: ['multipart/form-data'],
        body: BandForm,
        response: { 200: Answer },
      },
    },
    async (request) => {
      const { naziv, email, slug: asked } = bandValues(request.body);
      const id = await withStoredFiles(app, request, { picture: PICTURE }, async (stored) =>
        saved(
          await saveBand(
            app.db,
            app.dialect,
            undefined,
            { naziv, email, slug: asked, picture: stored.picture ?? null },
            actorOf(request.user!, app.clock()),
          ),
        ),
      );
      return { success: true, ...say('band_added'), data: await presented(id) };
    },
  );

  app.post(
    '/api/admin/updateband/:id',
    {
      config: { access: ADMINS },
      attachValidation: true,
      schema: {
        tags: ['bands'],
        consumes: ['multipart/form-data'],
        params: IdParams,
        body: BandUpdate,
        response: { 200: Answer },
      },
    },
    async (request) => {
      const band = await itemFirst(request, () => existing(request.params.id));
      const { naziv, email, removePicture, slug: asked } = bandValues(request.body);
      const save = { ...actorOf(request.user!, app.clock()), version: request.body.version };
      // Refused or deleted since it was read: the new picture, if any, is removed again.
      const picture = await unlessStale(
        () =>
          withStoredFiles(app, request, { picture: PICTURE }, async (stored) => {
            const next = stored.picture ?? (removePicture ? null : band.picture);
            saved(
              await saveBand(
                app.db,
                app.dialect,
                band.id,
                { naziv, email, slug: asked, picture: next },
                save,
              ),
            );
            return next;
          }),
        () => presented(band.id),
        say('band_not_found'),
      );
      if (picture !== band.picture) await app.uploads.remove(band.picture);
      return { success: true, ...say('band_updated'), data: await presented(band.id) };
    },
  );

  app.delete(
    '/api/admin/deleteband/:id',
    {
      config: { access: ADMINS },
      schema: {
        tags: ['bands'],
        description:
          'Refused with 409 while the band owns songs, performers, playlists or gigs, unless cascade=1.',
        params: IdParams,
        querystring: Type.Object({
          cascade: Type.Optional(
            Type.Union([Type.Literal('1'), Type.Literal('true'), Type.Literal('0'), Type.Literal('false')]),
          ),
        }),
        response: { 200: Answer },
      },
    },
    async (request) => {
      const band = await existing(request.params.id);
      const cascade = request.query.cascade === '1' || request.query.cascade === 'true';
      const result = await deleteBand(
        app.db,
        band.id,
        cascade,
        iso(app.clock()),
        actorOf(request.user!, app.clock()),
      );
      if (result.outcome === 'missing') throw notFound(say('band_not_found'));
      if (result.outcome === 'owns') {
        const owned = Object.entries(result.counts).filter(([, n]) => n > 0);
        // "3 songs, 1 playlist and 1 gig": the table names are plural nouns.
        const named = owned.map(([table, n]) => `${n} ${n === 1 ? table.slice(0, -1) : table}`);
        const list = named.length > 1 ? `${named.slice(0, -1).join(', ')} and ${named.at(-1)}` : named[0];
        throw conflict(say('band_owns', { band: band.naziv, list, ...result.counts }));
      }
      await Promise.all(result.files.map((name) => app.uploads.remove(name)));
      return { success: true, ...say('band_deleted') };
    },
  );

  app.get(
    '/api/admin/band/:id/users',
    {
      config: { access: ADMINS },
      schema: {
        tags: ['bands'],
        params: IdParams,
        response: {
          200: Type.Object({
            users: Type.Array(
              Type.Object({
                id: Type.Integer(),
                name: Type.String(),
                email: Type.String(),
                role: Type.String(),
              }),
            ),
          }),
        },
      },
    },
    async (request) => ({ users: await bandUsers(app.db, (await existing(request.params.id)).id) }),
  );

  app.post(
    '/api/admin/band/:id/remove-user/:userId',
    {
      config: { access: ADMINS },
      schema: {
        tags: ['bands'],
        params: Type.Object({ id: Type.Integer({ minimum: 1 }), userId: Type.Integer({ minimum: 1 }) }),
        response: { 200: Answer },
      },
    },
    async (request) => {
      const band = await existing(request.params.id);
      const removed = await removeFromBand(
        app.db,
        request.params.userId,
        band.id,
        actorOf(request.user!, app.clock()),
      );
      if (!removed) throw notFound(say('user_not_in_band'));
      return { success: true, ...say('user_removed_from_band') };
    },
  );
};

export default bandRoutes;
