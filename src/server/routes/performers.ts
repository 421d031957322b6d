import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import {
  deletePerformer,
  findPerformer,
  listPerformers,
  performerOptions,
  updatePerformer,
} from '../db/performers.js';
import { canRead, canWrite, owns } from '../lib/access.js';
import { forbidden, notFound } from '../errors.js';
import { uploadUrl } from '../lib/upload-url.js';
import { PICTURE } from '../services/files/file-kinds.js';
import {
  addNamedItem,
  checkbox,
  FormErrors,
  requiredTitle,
  withStoredFiles,
} from '../services/forms/item-form.js';
import { IdParams, ListQuery, NullableString, ownershipOf } from '../services/forms/list-query.js';
import { WRITERS } from '../plugins/auth.js';

const Performer = Type.Object({
  id: Type.Integer(),
  naziv: Type.String(),
  slika: NullableString,
  owned: Type.Boolean(),
  visibility: Type.Boolean(),
});

const Option = Type.Object({ id: Type.Integer(), naziv: Type.String() });

type Row = { id: number; naziv: string; slika: string | null; band_id: number; visibility: number };

const performerRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const present = (request: FastifyRequest, row: Row) => ({
    id: row.id,
    naziv: row.naziv,
    slika: uploadUrl(row.slika),
    owned: owns(request.user!, row),
    visibility: row.visibility === 1,
  });

  async function writable(request: FastifyRequest, id: number) {
    const row = await findPerformer(app.db, id);
    if (!row || !canRead(request.user!, row)) throw notFound('Performer not found.');
    if (!canWrite(request.user!, row))
      throw forbidden('Only the band that owns this performer may change it.');
    return row;
  }

  app.get(
    '/api/admin/performers',
    {
      schema: {
        tags: ['performers'],
        description: 'With pg: a page of the list. Without pg: every performer a song may name (id, naziv).',
        querystring: ListQuery,
        response: {
          200: Type.Union([
            Type.Object({ data: Type.Array(Performer), total: Type.Integer() }),
            Type.Array(Option),
          ]),
        },
      },
    },
    async (request, reply) => {
      const { q = '', pg } = request.query;
      const ownership = ownershipOf(request.query);
      return app.listCache.send(
        reply,
        request.user!,
        ['performers'],
        `${ownership}:${pg ?? 'options'}:${q}`,
        async (memo) => {
          if (pg === undefined) return performerOptions(app.db, request.user!, q);
          const { rows, total } = await listPerformers(
            app.db,
            request.user!,
            { ownership, q, page: pg },
            memo,
          );
          return { data: rows.map((row) => present(request, row)), total };
        },
      );
    },
  );

  app.get(
    '/api/admin/performer/:id',
    {
      schema: { tags: ['performers'], params: IdParams, response: { 200: Performer } },
    },
    async (request) => {
      const row = await findPerformer(app.db, request.params.id);
      if (!row || !canRead(request.user!, row)) throw notFound('Performer not found.');
      return present(request, row);
    },
  );

  app.post(
    '/api/admin/addperformer',
    {
      config: { access: WRITERS },
      schema: {
        tags: ['performers'],
        consumes: ['multipart/form-data'],
        response: { 200: Type.Object({ id: Type.Integer() }) },
      },
    },
    async (request) => addNamedItem(app, request, 'performers'),
  );

  app.post(
    '/api/admin/performer/:id/update',
    {
      config: { access: WRITERS },
      schema: {
        tags: ['performers'],
        consumes: ['multipart/form-data'],
        params: IdParams,
        response: { 200: Performer },
      },
    },
    async (request) => {
      const row = await writable(request, request.params.id);
      const form = await app.uploads.readForm(request);
      const errors = new FormErrors();
      const naziv = requiredTitle(form, errors);
      const visibility = checkbox(form, 'visible', errors);
      const removePicture = checkbox(form, 'remove_picture', errors) === 1;
      errors.throwIfAny();
      const slika = await withStoredFiles(app, form, { picture: PICTURE }, async (stored) => {
        const next = stored.picture ?? (removePicture ? null : row.slika);
        await updatePerformer(app.db, row.id, { naziv, slika: next, visibility });
        return next;
      });
      if (slika !== row.slika) await app.uploads.remove(row.slika);
      return present(request, { ...row, naziv, slika, visibility });
    },
  );

  const Deleted = Type.Object({
    error: Type.Boolean(),
    message: Type.String(),
    affected_songs: Type.Integer(),
    deleted_performer: Type.Object({ id: Type.Integer(), naziv: Type.String(), slika: NullableString }),
  });
  for (const method of ['GET', 'POST', 'DELETE'] as const) {
    app.route({
      method,
      url: '/api/admin/performer/:id/delete',
      config: { access: WRITERS },
      schema: { tags: ['performers'], params: IdParams, response: { 200: Deleted }, hide: method !== 'GET' },
      handler: async (request) => {
        const row = await writable(request, request.params.id);
        const affected = await deletePerformer(app.db, row.id);
        await app.uploads.remove(row.slika);
        return {
          error: false,
          message: `Performer ${row.naziv} has been deleted.`,
          affected_songs: affected,
          deleted_performer: { id: row.id, naziv: row.naziv, slika: uploadUrl(row.slika) },
        };
      },
    });
  }
};

export default performerRoutes;
