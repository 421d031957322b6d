import { say } from '../../shared/server-messages.js';
import { type Static, Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { owns } from '../lib/access.js';
import {
  deletePlaylist,
  findPlaylist,
  gigsUsingPlaylist,
  playlistOptions,
  playlistSongs,
  updatePlaylist,
} from '../db/playlists.js';
import { conflict } from '../errors.js';
import { uploadUrl } from '../lib/upload-url.js';
import { PlaylistUpdate, songsOf } from '../services/forms/playlist-form.js';
import {
  IdParams,
  ListAnswer,
  listAnswer,
  ListQuery,
  NullableString,
  ownershipOf,
} from '../services/forms/list-query.js';
import { namedItemRoutes } from './named-items.js';
import { MessageCode } from './schemas.js';
import { VersionFields, versionOf } from './versions.js';
import { actorOf } from '../db/history.js';

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
  ...VersionFields,
});

const playlistRoutes: FastifyPluginAsyncTypebox = async (app) => {
  /** The playlist as `request`'s user sees it, from its row as readable() answered it. */
  async function present(
    request: FastifyRequest,
    row: NonNullable<Awaited<ReturnType<typeof findPlaylist>>>,
  ): Promise<Static<typeof Playlist>> {
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
      ...versionOf(row),
    };
  }

  const { readable } = namedItemRoutes(app, {
    table: 'playlists',
    name: 'playlist',
    find: (id) => findPlaylist(app.db, id),
    update: {
      body: PlaylistUpdate,
      description: 'songs: "id,position" pairs joined by ";" (left out: the songs stay as they are).',
      response: Playlist,
      write: (request, row, values, body, save) =>
        updatePlaylist(app.db, request.user!, row.id, values, songsOf(body.songs), save),
      answer: (request, row) => present(request, row),
    },
    remove: {
      description: 'Refused with 409 while an active gig plays the playlist, unless force=1.',
      querystring: Type.Object({
        force: Type.Optional(Type.Union([Type.Literal('1'), Type.Literal('0')])),
      }),
      response: Type.Object({
        error: Type.Boolean(),
        message: Type.String(),
        ...MessageCode,
        deleted_playlist: Type.Object({ id: Type.Integer(), naziv: Type.String() }),
        deleted_songs: Type.Integer(),
      }),
      run: async (request, row) => {
        const result = await deletePlaylist(
          app.db,
          row.id,
          { force: request.query.force === '1' },
          actorOf(request.user!, app.clock()),
        );
        if ('activeGig' in result) {
          const { activeGig } = result;
          const ours = request.user!.role === 'admin' || activeGig.band_id === request.user!.band_id;
          throw conflict(
            ours ? say('playlist_in_active_gig', { gig: activeGig.naziv }) : say('playlist_in_other_gig'),
          );
        }
        return {
          error: false,
          ...say('playlist_deleted', { name: row.naziv, smart_count: result.removed }),
          deleted_playlist: { id: row.id, naziv: row.naziv },
          deleted_songs: result.removed,
        };
      },
    },
  });

  app.get(
    '/api/admin/playlists',
    {
      schema: {
        tags: ['playlists'],
        description:
          'With a query: a page of the list. Without: every playlist a gig may use (id, naziv, and ' +
          'owned: the caller’s band’s own, which a new gig may preselect), oldest first.',
        querystring: ListQuery,
        response: {
          200: Type.Union([
            ListAnswer(PlaylistRow),
            Type.Object({
              data: Type.Array(
                Type.Object({ id: Type.Integer(), naziv: Type.String(), owned: Type.Boolean() }),
              ),
            }),
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
        async (memo, memoScope) => {
          if (plain) {
            const options = await playlistOptions(app.db, request.user!);
            return {
              data: options.map(({ id, naziv, ...row }) => ({ id, naziv, owned: owns(request.user!, row) })),
            };
          }
          const options = { ownership, q, page: pg ?? 0 };
          const page = await app.heavyReads.list(
            'playlists',
            { user: request.user!, options, memoScope },
            memo,
          );
          const data = page.rows.map((row) => ({
            id: row.id,
            naziv: row.naziv,
            slika: uploadUrl(row.slika),
            songscount: row.songscount,
            owned: owns(request.user!, row),
            visibility: row.visibility === 1,
          }));
          return listAnswer(data, page);
        },
      );
    },
  );

  app.get(
    '/api/admin/playlist/:id',
    {
      schema: { tags: ['playlists'], params: IdParams, response: { 200: Playlist } },
    },
    async (request) => present(request, await readable(request, request.params.id)),
  );
};

export default playlistRoutes;
