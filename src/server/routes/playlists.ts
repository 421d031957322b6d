import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { parseSongsField } from '../../shared/playlist-songs.js';
import { canRead, canWrite, owns } from '../lib/access.js';
import {
  deletePlaylist,
  findPlaylist,
  gigsUsingPlaylist,
  listPlaylists,
  playlistOptions,
  playlistSongs,
  songsRefused,
  unusableSongs,
  updatePlaylist,
} from '../db/playlists.js';
import { conflict, forbidden, notFound } from '../errors.js';
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

/** Playlists longer than this are refused; a set list is far shorter. */
const MAX_SONGS = 2000;

const PlaylistRow = Type.Object({
  id: Type.Integer(),
  naziv: Type.String(),
  slika: NullableString,
  songscount: Type.Integer(),
  owned: Type.Boolean(),
  visibility: Type.Boolean(),
});

const PlaylistSong = Type.Object({
  id: Type.Integer(),
  naziv: Type.String(),
  slika: NullableString,
  nazivizvodjaca: NullableString,
  position: Type.Integer(),
});

const Playlist = Type.Object({
  error: Type.Boolean(),
  id: Type.Integer(),
  naziv: Type.String(),
  slika: NullableString,
  owned: Type.Boolean(),
  visibility: Type.Boolean(),
  songs: Type.Array(PlaylistSong),
  /** The caller's band's gigs that play it (all gigs for a system admin), for the delete confirmation. */
  gigs: Type.Array(Type.Object({ id: Type.Integer(), naziv: Type.String(), active: Type.Boolean() })),
});

const playlistRoutes: FastifyPluginAsyncTypebox = async (app) => {
  async function readable(request: FastifyRequest, id: number) {
    const row = await findPlaylist(app.db, id);
    if (!row || !canRead(request.user!, row)) throw notFound('Playlist not found.');
    return row;
  }

  async function writable(request: FastifyRequest, id: number) {
    const row = await readable(request, id);
    if (!canWrite(request.user!, row))
      throw forbidden('Only the band that owns this playlist may change it.');
    return row;
  }

  async function present(request: FastifyRequest, id: number) {
    const row = await readable(request, id);
    const [songs, gigs] = await Promise.all([
      playlistSongs(app.db, row.id, request.user!),
      gigsUsingPlaylist(app.db, row.id),
    ]);
    const user = request.user!;
    return {
      error: false,
      id: row.id,
      naziv: row.naziv,
      slika: uploadUrl(row.slika),
      owned: owns(request.user!, row),
      visibility: row.visibility === 1,
      songs: songs.map((song) => ({ ...song, slika: uploadUrl(song.slika) })),
      gigs: gigs
        .filter((gig) => user.role === 'admin' || gig.band_id === user.band_id)
        .map((gig) => ({ id: gig.id, naziv: gig.naziv, active: gig.status === 1 })),
    };
  }

  /** The songs field checked against the database (unusableSongs); the update checks again in its
   *  transaction, this first check lets one 422 name every problem of the form. */
  async function songsOf(
    playlist: { id: number; band_id: number },
    text: string | undefined,
    errors: FormErrors,
  ) {
    if (text === undefined) return undefined;
    const parsed = parseSongsField(text);
    if (!parsed.ok) {
      errors.add('songs', parsed.error);
      return undefined;
    }
    if (parsed.songIds.length > MAX_SONGS) {
      errors.add('songs', `A playlist may hold at most ${MAX_SONGS} songs.`);
      return undefined;
    }
    const refused = await unusableSongs(app.db, playlist, parsed.songIds);
    if (refused.length) {
      errors.add('songs', songsRefused(refused));
      return undefined;
    }
    return parsed.songIds;
  }

  app.get(
    '/api/admin/playlists',
    {
      schema: {
        tags: ['playlists'],
        description: 'With a query: a page of the list. Without: every playlist a gig may use (id, naziv).',
        querystring: ListQuery,
        response: {
          200: Type.Union([
            Type.Object({ data: Type.Array(PlaylistRow), total: Type.Integer() }),
            Type.Object({ data: Type.Array(Type.Object({ id: Type.Integer(), naziv: Type.String() })) }),
          ]),
        },
      },
    },
    async (request, reply) => {
      const { q = '', pg } = request.query;
      const ownership = ownershipOf(request.query);
      const plain = Object.keys(request.query).length === 0;
      return app.listCache.send(
        reply,
        request.user!,
        // A playlist's songs count shows only the songs its reader may see.
        ['playlists', 'songs'],
        plain ? 'options' : `${ownership}:${pg ?? 0}:${q}`,
        async (memo) => {
          if (plain) return { data: await playlistOptions(app.db, request.user!) };
          const { rows, total } = await listPlaylists(
            app.db,
            request.user!,
            { ownership, q, page: pg ?? 0 },
            memo,
          );
          const data = rows.map((row) => ({
            id: row.id,
            naziv: row.naziv,
            slika: uploadUrl(row.slika),
            songscount: row.songscount,
            owned: owns(request.user!, row),
            visibility: row.visibility === 1,
          }));
          return { data, total };
        },
      );
    },
  );

  app.get(
    '/api/admin/playlist/:id',
    {
      schema: { tags: ['playlists'], params: IdParams, response: { 200: Playlist } },
    },
    async (request) => present(request, request.params.id),
  );

  app.post(
    '/api/admin/addplaylist',
    {
      config: { access: WRITERS },
      schema: {
        tags: ['playlists'],
        consumes: ['multipart/form-data'],
        response: { 200: Type.Object({ id: Type.Integer() }) },
      },
    },
    async (request) => addNamedItem(app, request, 'playlists'),
  );

  app.post(
    '/api/admin/playlist/:id/update',
    {
      config: { access: WRITERS },
      schema: {
        tags: ['playlists'],
        description: 'songs: "id,position" pairs joined by ";" (left out: the songs stay as they are).',
        consumes: ['multipart/form-data'],
        params: IdParams,
        response: { 200: Playlist },
      },
    },
    async (request) => {
      const row = await writable(request, request.params.id);
      const form = await app.uploads.readForm(request);
      const errors = new FormErrors();
      const naziv = requiredTitle(form, errors);
      const visibility = checkbox(form, 'visible', errors);
      const removePicture = checkbox(form, 'remove_picture', errors) === 1;
      const songs = await songsOf(row, form.fields.songs, errors);
      errors.throwIfAny();
      const slika = await withStoredFiles(app, form, { picture: PICTURE }, async (stored) => {
        const next = stored.picture ?? (removePicture ? null : row.slika);
        await updatePlaylist(app.db, request.user!, row.id, { naziv, slika: next, visibility }, songs);
        return next;
      });
      if (slika !== row.slika) await app.uploads.remove(row.slika);
      return present(request, row.id);
    },
  );

  const Deleted = Type.Object({
    error: Type.Boolean(),
    message: Type.String(),
    deleted_playlist: Type.Object({ id: Type.Integer(), naziv: Type.String() }),
    deleted_songs: Type.Integer(),
  });
  for (const method of ['GET', 'POST', 'DELETE'] as const) {
    app.route({
      method,
      url: '/api/admin/playlist/:id/delete',
      config: { access: WRITERS },
      schema: {
        tags: ['playlists'],
        description: 'Refused with 409 while an active gig plays the playlist, unless force=1.',
        params: IdParams,
        querystring: Type.Object({
          force: Type.Optional(Type.Union([Type.Literal('1'), Type.Literal('0')])),
        }),
        response: { 200: Deleted },
        hide: method !== 'GET',
      },
      handler: async (request) => {
        const row = await writable(request, request.params.id);
        const result = await deletePlaylist(app.db, row.id, { force: request.query.force === '1' });
        if ('activeGig' in result) {
          const { activeGig } = result;
          const ours = request.user!.role === 'admin' || activeGig.band_id === request.user!.band_id;
          throw conflict(
            ours
              ? `The active gig ${activeGig.naziv} plays this playlist.`
              : "Another band's active gig plays this playlist.",
          );
        }
        const removed = result.removed;
        await app.uploads.remove(row.slika);
        return {
          error: false,
          message: `Playlist ${row.naziv} with ${removed} songs has been deleted`,
          deleted_playlist: { id: row.id, naziv: row.naziv },
          deleted_songs: removed,
        };
      },
    });
  }
};

export default playlistRoutes;
