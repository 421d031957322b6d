import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { canRead, canWrite, owns } from '../lib/access.js';
import { findPerformer } from '../db/performers.js';
import {
  deleteSong,
  findSong,
  insertSong,
  listSongs,
  NO_PERFORMER,
  type SongRow,
  updateSong,
} from '../db/songs.js';
import { forbidden, notFound } from '../errors.js';
import type { FormData } from '../services/forms/item-form.js';
import { uploadUrl } from '../lib/upload-url.js';
import { iso } from '../lib/clock.js';
import { PICTURE, RESOURCE } from '../services/files/file-kinds.js';
import { bandOf, checkbox, FormErrors, requiredTitle, withStoredFiles } from '../services/forms/item-form.js';
import { IdParams, ListQuery, NullableString, ownershipOf } from '../services/forms/list-query.js';
import { WRITERS } from '../plugins/auth.js';

const MAX_LINK = 2000;
/** A song shows its performer's name: the list changes with either. */
const SONG_LIST = ['songs', 'performers'] as const;

const Song = Type.Object({
  id: Type.Integer(),
  naziv: Type.String(),
  slika: NullableString,
  nazivizvodjaca: NullableString,
  idizvodjaca: Type.Union([Type.Integer(), Type.Null()]),
  owned: Type.Boolean(),
  visibility: Type.Boolean(),
  resursi: NullableString,
  resource: NullableString,
});

const songRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const present = (request: FastifyRequest, row: SongRow) => ({
    id: row.id,
    naziv: row.naziv,
    slika: uploadUrl(row.slika),
    nazivizvodjaca: row.performer_naziv,
    idizvodjaca: row.performer_id,
    owned: owns(request.user!, row),
    visibility: row.visibility === 1,
    resursi: row.resursi,
    resource: uploadUrl(row.resource_file),
  });

  async function readable(request: FastifyRequest, id: number) {
    const row = await findSong(app.db, id);
    if (!row || !canRead(request.user!, row)) throw notFound('Song not found.');
    return row;
  }

  async function writable(request: FastifyRequest, id: number) {
    const row = await readable(request, id);
    if (!canWrite(request.user!, row)) throw forbidden('Only the band that owns this song may change it.');
    return row;
  }

  /** The spec's song form fields, validated together. */
  async function songFields(request: FastifyRequest, form: FormData) {
    const errors = new FormErrors();
    const naziv = requiredTitle(form, errors);
    const visibility = checkbox(form, 'visible', errors);
    const performerText = (form.fields.performer ?? '').trim();
    const performerId = Number(performerText);
    if (!performerText) errors.add('performer', 'The performer field is required.');
    else if (!Number.isInteger(performerId) || performerId < 1)
      errors.add('performer', 'The performer is not valid.');
    else {
      const performer = await findPerformer(app.db, performerId);
      if (!performer || !canRead(request.user!, performer)) errors.add('performer', NO_PERFORMER);
    }
    const link = (form.fields.resursi ?? '').trim();
    if (link) {
      let ok = link.length <= MAX_LINK;
      try {
        ok &&= ['http:', 'https:'].includes(new URL(link).protocol);
      } catch {
        ok = false;
      }
      if (!ok) errors.add('resursi', 'The resource link must be an http:// or https:// address.');
    }
    return { errors, values: { naziv, visibility, performer_id: performerId, resursi: link || null } };
  }

  app.get(
    '/api/admin/songs',
    {
      schema: {
        tags: ['songs'],
        querystring: ListQuery,
        response: { 200: Type.Object({ data: Type.Array(Song), total: Type.Integer() }) },
      },
    },
    async (request, reply) => {
      const { q = '', pg = 0 } = request.query;
      const ownership = ownershipOf(request.query);
      return app.listCache.send(reply, request.user!, SONG_LIST, `${ownership}:${pg}:${q}`, async (memo) => {
        const { rows, total } = await listSongs(app.db, request.user!, { ownership, q, page: pg }, memo);
        return { data: rows.map((row) => present(request, row)), total };
      });
    },
  );

  app.get(
    '/api/admin/song/:id',
    { schema: { tags: ['songs'], params: IdParams, response: { 200: Song } } },
    async (request) => present(request, await readable(request, request.params.id)),
  );

  app.post(
    '/api/admin/addsong',
    {
      config: { access: WRITERS },
      schema: {
        tags: ['songs'],
        consumes: ['multipart/form-data'],
        response: { 200: Type.Object({ id: Type.Integer() }) },
      },
    },
    async (request) => {
      const form = await app.uploads.readForm(request);
      const { errors, values } = await songFields(request, form);
      errors.throwIfAny();
      const band = bandOf(request.user!);
      const id = await withStoredFiles(app, form, { picture: PICTURE, resource: RESOURCE }, (stored) =>
        insertSong(app.db, request.user!, {
          ...values,
          slika: stored.picture ?? null,
          resource_file: stored.resource ?? null,
          band_id: band,
          created_by: request.user!.id,
          now: iso(app.clock()),
        }),
      );
      return { id };
    },
  );

  app.post(
    '/api/admin/song/:id/update',
    {
      config: { access: WRITERS },
      schema: {
        tags: ['songs'],
        consumes: ['multipart/form-data'],
        params: IdParams,
        response: { 200: Song },
      },
    },
    async (request) => {
      const row = await writable(request, request.params.id);
      const form = await app.uploads.readForm(request);
      const { errors, values } = await songFields(request, form);
      const removePicture = checkbox(form, 'remove_picture', errors) === 1;
      const removeResource = checkbox(form, 'remove_resource', errors) === 1;
      errors.throwIfAny();
      const files = await withStoredFiles(
        app,
        form,
        { picture: PICTURE, resource: RESOURCE },
        async (stored) => {
          const next = {
            slika: stored.picture ?? (removePicture ? null : row.slika),
            resource_file: stored.resource ?? (removeResource ? null : row.resource_file),
          };
          await updateSong(app.db, request.user!, row.id, { ...values, ...next });
          return next;
        },
      );
      if (files.slika !== row.slika) await app.uploads.remove(row.slika);
      if (files.resource_file !== row.resource_file) await app.uploads.remove(row.resource_file);
      return present(request, await readable(request, row.id));
    },
  );

  const Deleted = Type.Object({
    error: Type.Boolean(),
    message: Type.String(),
    deleted_song: Type.Object({ id: Type.Integer(), naziv: Type.String() }),
  });
  for (const method of ['GET', 'POST', 'DELETE'] as const) {
    app.route({
      method,
      url: '/api/admin/song/:id/delete',
      config: { access: WRITERS },
      schema: { tags: ['songs'], params: IdParams, response: { 200: Deleted }, hide: method !== 'GET' },
      handler: async (request) => {
        const row = await writable(request, request.params.id);
        await deleteSong(app.db, row.id);
        await Promise.all([app.uploads.remove(row.slika), app.uploads.remove(row.resource_file)]);
        return {
          error: false,
          message: 'Song has been deleted',
          deleted_song: { id: row.id, naziv: row.naziv },
        };
      },
    });
  }
};

export default songRoutes;
