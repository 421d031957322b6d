import { say } from '../../shared/server-messages.js';
import { type Static, Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { owns } from '../lib/access.js';
import { deleteSong, findSong, insertSong, type SongListRow, updateSong } from '../db/songs.js';
import { sheetValues } from '../services/forms/song-sheet-form.js';
import { uploadUrl } from '../lib/upload-url.js';
import { iso } from '../lib/clock.js';
import { PICTURE, RESOURCE } from '../services/files/file-kinds.js';
import { on } from '../services/forms/fields.js';
import { bandOf, itemFirst, SongForm, SongUpdate, withStoredFiles } from '../services/forms/item-form.js';
import {
  IdParams,
  ListAnswer,
  listAnswer,
  ListQuery,
  NullableInteger,
  NullableString,
  ownershipOf,
} from '../services/forms/list-query.js';
import { WRITERS } from '../plugins/auth.js';
import { deleteRoutes } from './deletes.js';
import { itemChecks } from './named-items.js';
import { MessageCode } from './schemas.js';
import { unlessStale, VersionFields, versionOf } from './versions.js';
import { actorOf } from '../db/history.js';

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
  // Issue 27: what a musician needs. Lists leave the chart out (up to 100 kB a song).
  tonalitet: NullableString,
  tempo: NullableInteger,
  trajanje: Type.Union([Type.Integer(), Type.Null()], { description: 'Seconds.' }),
  akordi: Type.Optional(NullableString),
  ...VersionFields,
});

const songRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const present = (request: FastifyRequest, row: SongListRow) => ({
    id: row.id,
    naziv: row.naziv,
    slika: uploadUrl(row.slika),
    nazivizvodjaca: row.performer_naziv,
    idizvodjaca: row.performer_id,
    owned: owns(request.user!, row),
    visibility: row.visibility === 1,
    resursi: row.resursi,
    resource: uploadUrl(row.resource_file),
    tonalitet: row.tonalitet,
    tempo: row.tempo,
    trajanje: row.trajanje,
    ...(row.akordi === undefined ? {} : { akordi: row.akordi }),
    ...versionOf(row),
  });

  const { readable, writable } = itemChecks('song', (id) => findSong(app.db, id));

  /** The form's values as a song keeps them; db/songs.ts checks the performer as it writes. */
  const songValues = (body: Static<typeof SongForm>) => ({
    naziv: body.title,
    visibility: on(body.visible),
    performer_id: body.performer,
    resursi: body.resursi || null,
    ...sheetValues(body),
  });

  app.get(
    '/api/admin/songs',
    {
      schema: {
        tags: ['songs'],
        querystring: ListQuery,
        response: { 200: ListAnswer(Song) },
      },
    },
    async (request, reply) => {
      const { q = '', pg = 0 } = request.query;
      const ownership = ownershipOf(request.query);
      return app.listCache.send(
        reply,
        request.user!,
        SONG_LIST,
        `${ownership}:${pg}:${q}`,
        async (memo, memoScope) => {
          const options = { ownership, q, page: pg };
          const page = await app.heavyReads.list('songs', { user: request.user!, options, memoScope }, memo);
          return listAnswer(
            page.rows.map((row) => present(request, row)),
            page,
          );
        },
      );
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
        body: SongForm,
        response: { 200: Type.Object({ id: Type.Integer() }) },
      },
    },
    async (request) => {
      const band = bandOf(request.user!);
      const id = await withStoredFiles(app, request, { picture: PICTURE, resource: RESOURCE }, (stored) =>
        insertSong(
          app.db,
          request.user!,
          {
            ...songValues(request.body),
            slika: stored.picture ?? null,
            resource_file: stored.resource ?? null,
            band_id: band,
            created_by: request.user!.id,
            now: iso(app.clock()),
          },
          actorOf(request.user!, app.clock()),
        ),
      );
      app.panelLive.changed(band, 'songs', [id]);
      return { id };
    },
  );

  app.post(
    '/api/admin/song/:id/update',
    {
      config: { access: WRITERS },
      attachValidation: true,
      schema: {
        tags: ['songs'],
        consumes: ['multipart/form-data'],
        params: IdParams,
        body: SongUpdate,
        response: { 200: Song },
      },
    },
    async (request) => {
      const row = await itemFirst(request, () => writable(request, request.params.id));
      const { body } = request;
      const save = { ...actorOf(request.user!, app.clock()), version: body.version };
      const files = await unlessStale(
        () =>
          withStoredFiles(app, request, { picture: PICTURE, resource: RESOURCE }, async (stored) => {
            const next = {
              slika: stored.picture ?? (on(body.remove_picture) ? null : row.slika),
              resource_file: stored.resource ?? (on(body.remove_resource) ? null : row.resource_file),
            };
            await updateSong(app.db, request.user!, row.id, { ...songValues(body), ...next }, save);
            return next;
          }),
        async () => present(request, await readable(request, row.id)),
        say('song_not_found'),
      );
      if (files.slika !== row.slika) await app.uploads.remove(row.slika);
      if (files.resource_file !== row.resource_file) await app.uploads.remove(row.resource_file);
      app.panelLive.changed(row.band_id, 'songs', [row.id]);
      return present(request, await readable(request, row.id));
    },
  );

  const Deleted = Type.Object({
    error: Type.Boolean(),
    message: Type.String(),
    ...MessageCode,
    deleted_song: Type.Object({ id: Type.Integer(), naziv: Type.String() }),
  });
  deleteRoutes(app, '/api/admin/song/:id/delete', {
    access: WRITERS,
    schema: { tags: ['songs'], response: { 200: Deleted } },
    run: async (request, id) => {
      const row = await writable(request, id);
      // Its files stay while it may be restored (30 days; the trash purge removes them).
      await deleteSong(app.db, row.id, actorOf(request.user!, app.clock()));
      app.panelLive.changed(row.band_id, 'songs', [row.id]);
      return {
        error: false,
        ...say('song_deleted'),
        deleted_song: { id: row.id, naziv: row.naziv },
      };
    },
  });
};

export default songRoutes;
