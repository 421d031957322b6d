import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { bandNameTaken, bandUsers, deleteBand, findBand, listBands, lockBandNames } from '../db/bands.js';
import type { Db } from '../db/connect.js';
import { conflict, notFound } from '../errors.js';
import type { FormData } from '../plugins/uploads.js';
import { uploadUrl } from '../plugins/uploads.js';
import { iso } from '../services/clock.js';
import { PICTURE } from '../services/file-kinds.js';
import { checkbox, FormErrors, requiredTitle, withStoredFiles } from './item-form.js';
import { IdParams, NullableString } from './list-query.js';
import { ADMINS } from '../plugins/auth.js';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const Band = Type.Object({
  id: Type.Integer(),
  naziv: Type.String(),
  email: NullableString,
  picture: NullableString,
  users_count: Type.Integer(),
});

const Answer = Type.Object({ success: Type.Boolean(), message: Type.String(), data: Type.Optional(Band) });

/** Spec §5 Add/Edit Band: a name (trimmed), an optional valid email, a real image. */
function bandFields(form: FormData) {
  const errors = new FormErrors();
  const naziv = requiredTitle(form, errors, 'naziv');
  const email = (form.fields.email ?? '').trim().toLowerCase();
  if (email && !EMAIL.test(email)) errors.add('email', 'The email must be a valid email address.');
  const removePicture = checkbox(form, 'remove_picture', errors) === 1;
  errors.throwIfAny();
  return { naziv, email: email || null, removePicture };
}

/** Band management (spec §7 Bands): system admins only. */
const bandRoutes: FastifyPluginAsyncTypebox = async (app) => {
  async function presented(id: number) {
    const band = (await listBands(app.db)).find((b) => b.id === id);
    if (!band) throw notFound('Band not found.');
    return { ...band, picture: uploadUrl(band.picture), users_count: Number(band.users_count) };
  }

  /** Band names are unique without regard to case: checked and written in one transaction. */
  function withUniqueName<T>(naziv: string, exceptId: number | undefined, write: (trx: Db) => Promise<T>) {
    return app.db.transaction().execute(async (trx) => {
      await lockBandNames(trx, app.dialect);
      if (await bandNameTaken(trx, naziv, exceptId)) {
        const errors = new FormErrors();
        errors.add('naziv', 'A band with this name already exists.');
        errors.throwIfAny();
      }
      return write(trx);
    });
  }

  async function existing(id: number) {
    const band = await findBand(app.db, id);
    if (!band) throw notFound('Band not found.');
    return band;
  }

  app.get(
    '/api/admin/bands',
    {
      config: { access: ADMINS },
      schema: { tags: ['bands'], response: { 200: Type.Object({ data: Type.Array(Band) }) } },
    },
    async () => ({
      data: (await listBands(app.db)).map((b) => ({
        ...b,
        picture: uploadUrl(b.picture),
        users_count: Number(b.users_count),
      })),
    }),
  );

  app.post(
    '/api/admin/addband',
    {
      config: { access: ADMINS },
      schema: { tags: ['bands'], consumes: ['multipart/form-data'], response: { 200: Answer } },
    },
    async (request) => {
      const form = await app.uploads.readForm(request);
      const { naziv, email } = bandFields(form);
      const id = await withStoredFiles(app, form, { picture: PICTURE }, (stored) =>
        withUniqueName(naziv, undefined, async (trx) => {
          const row = await trx
            .insertInto('bands')
            .values({ naziv, email, picture: stored.picture ?? null, created_at: iso(app.clock()) })
            .returning('id')
            .executeTakeFirstOrThrow();
          return row.id;
        }),
      );
      return { success: true, message: 'Band added successfully!', data: await presented(id) };
    },
  );

  app.post(
    '/api/admin/updateband/:id',
    {
      config: { access: ADMINS },
      schema: {
        tags: ['bands'],
        consumes: ['multipart/form-data'],
        params: IdParams,
        response: { 200: Answer },
      },
    },
    async (request) => {
      const band = await existing(request.params.id);
      const form = await app.uploads.readForm(request);
      const { naziv, email, removePicture } = bandFields(form);
      const picture = await withStoredFiles(app, form, { picture: PICTURE }, (stored) =>
        withUniqueName(naziv, band.id, async (trx) => {
          const next = stored.picture ?? (removePicture ? null : band.picture);
          const result = await trx
            .updateTable('bands')
            .set({ naziv, email, picture: next })
            .where('id', '=', band.id)
            .executeTakeFirst();
          // Deleted since it was read: the new picture, if any, is removed again.
          if (Number(result.numUpdatedRows) === 0) throw notFound('Band not found.');
          return next;
        }),
      );
      if (picture !== band.picture) await app.uploads.remove(band.picture);
      return { success: true, message: 'Band updated successfully!', data: await presented(band.id) };
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
      const result = await deleteBand(app.db, band.id, cascade);
      if (result.outcome === 'missing') throw notFound('Band not found.');
      if (result.outcome === 'owns') {
        const owned = Object.entries(result.counts).filter(([, n]) => n > 0);
        // "3 songs, 1 playlist and 1 gig": the table names are plural nouns.
        const named = owned.map(([table, n]) => `${n} ${n === 1 ? table.slice(0, -1) : table}`);
        const list = named.length > 1 ? `${named.slice(0, -1).join(', ')} and ${named.at(-1)}` : named[0];
        throw conflict(`${band.naziv} still owns ${list}.`);
      }
      await Promise.all(result.files.map((name) => app.uploads.remove(name)));
      return { success: true, message: 'Band deleted successfully!' };
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
      const result = await app.db
        .updateTable('users')
        .set({ band_id: null, updated_at: iso(app.clock()) })
        .where('id', '=', request.params.userId)
        .where('band_id', '=', band.id)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) throw notFound('That user is not in this band.');
      return { success: true, message: 'User removed from band successfully!' };
    },
  );
};

export default bandRoutes;
