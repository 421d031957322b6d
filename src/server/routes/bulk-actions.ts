import { type Said, say } from '../../shared/server-messages.js';
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { canRead, canWrite } from '../lib/access.js';
import { findPerformer } from '../db/performers.js';
import { findPlaylist } from '../db/playlists.js';
import { addSongsOnTop, removeSongs } from '../db/playlist-entries.js';
import { setVisibility } from '../db/ownership.js';
import { findSong } from '../db/songs.js';
import { forbidden, notFound } from '../errors.js';
import { WRITERS } from '../plugins/auth.js';
import { IdParams } from '../services/forms/list-query.js';
import { MessageCode } from './schemas.js';
import { actorOf } from '../db/history.js';

/** The lists with bulk actions, how to read one item, and the path of its own delete. */
const KINDS = {
  songs: { find: findSong, deletePath: (id: number) => `/api/admin/song/${id}/delete` },
  performers: { find: findPerformer, deletePath: (id: number) => `/api/admin/performer/${id}/delete` },
  playlists: { find: findPlaylist, deletePath: (id: number) => `/api/admin/playlist/${id}/delete` },
} as const;

const Ids = Type.Array(Type.Integer({ minimum: 1, maximum: 2_147_483_647 }), {
  minItems: 1,
  maxItems: 500,
  uniqueItems: true,
});

const Outcome = Type.Object({
  results: Type.Array(
    Type.Object({
      id: Type.Integer(),
      ok: Type.Boolean(),
      status: Type.Integer(),
      message: Type.String(),
      ...MessageCode,
      /** Public or private: whether the item was the other before (what the panel's Undo sets back). */
      changed: Type.Optional(Type.Boolean()),
    }),
  ),
  done: Type.Integer(),
  failed: Type.Integer(),
});

/**
 * Bulk actions on the songs, performers and playlists lists (issue 14): make public, make private,
 * delete. Each item is checked as if it were done alone; a delete goes through the item's own delete
 * route, so its rules (files removed, a performer's songs kept, an active gig's playlist kept) hold.
 */
const bulkActionRoutes: FastifyPluginAsyncTypebox = async (app) => {
  async function changeVisibility(
    request: FastifyRequest,
    kind: keyof typeof KINDS,
    id: number,
    visible: boolean,
  ) {
    const row = await KINDS[kind].find(app.db, id);
    if (!row || !canRead(request.user!, row)) return { status: 404, ...say('not_found') };
    if (!canWrite(request.user!, row)) return { status: 403, ...say('item_not_yours') };
    await setVisibility(app.db, kind, id, visible, actorOf(request.user!, app.clock()));
    app.panelLive.changed(row.band_id, kind, [id]);
    const changed = row.visibility !== (visible ? 1 : 0);
    return { status: 200, ...say(visible ? 'made_public' : 'made_private'), changed };
  }

  async function remove(request: FastifyRequest, kind: keyof typeof KINDS, id: number) {
    const answer = await app.inject({
      method: 'GET',
      url: KINDS[kind].deletePath(id),
      headers: { authorization: request.headers.authorization ?? '', accept: 'application/json' },
    });
    // The delete route's own sentence, with its code and values when it has them.
    const { message, code, params } = answer.json() as Partial<Said>;
    const said = message
      ? { message, ...(code ? { code } : {}), ...(params ? { params } : {}) }
      : say(answer.statusCode === 200 ? 'deleted' : 'not_deleted');
    return { status: answer.statusCode, ...said };
  }

  /** A playlist the caller may change: 404 when it is not there or not theirs to see, 403 when only to see. */
  async function writablePlaylist(request: FastifyRequest, id: number) {
    const playlist = await findPlaylist(app.db, id);
    if (!playlist || !canRead(request.user!, playlist)) throw notFound(say('playlist_not_found'));
    if (!canWrite(request.user!, playlist)) throw forbidden(say('playlist_not_yours'));
    return playlist;
  }

  for (const kind of Object.keys(KINDS) as (keyof typeof KINDS)[]) {
    app.post(
      `/api/admin/${kind}/bulk`,
      {
        config: { access: WRITERS },
        schema: {
          tags: [kind],
          description: 'action public, private or delete on the given ids; each is checked as if done alone.',
          body: Type.Object({
            action: Type.Union([Type.Literal('public'), Type.Literal('private'), Type.Literal('delete')]),
            ids: Ids,
          }),
          response: { 200: Outcome },
        },
      },
      async (request) => {
        const { action, ids } = request.body;
        const results = [];
        for (const id of ids) {
          const { status, ...said } =
            action === 'delete'
              ? await remove(request, kind, id)
              : await changeVisibility(request, kind, id, action === 'public');
          results.push({ id, ok: status === 200, status, ...said });
        }
        const done = results.filter((result) => result.ok).length;
        return { results, done, failed: results.length - done };
      },
    );
  }

  app.post(
    '/api/admin/playlist/:id/add-songs',
    {
      config: { access: WRITERS },
      schema: {
        tags: ['playlists'],
        description:
          'Songs → the top of the playlist, in the order given; ones already in it are left where they are.',
        params: IdParams,
        body: Type.Object({ ids: Ids }),
        response: {
          200: Type.Object({
            added: Type.Integer(),
            already: Type.Integer(),
            /** The songs it added (what the panel's Undo takes out again). */
            added_ids: Type.Array(Type.Integer()),
          }),
        },
      },
    },
    async (request) => {
      const playlist = await writablePlaylist(request, request.params.id);
      // A playlist takes its own band's songs and public ones (as the playlist editor's save does).
      const added = await addSongsOnTop(
        app.db,
        playlist.id,
        request.body.ids,
        'ids',
        actorOf(request.user!, app.clock()),
      );
      app.panelLive.changed(playlist.band_id, 'playlists', [playlist.id]);
      return added;
    },
  );

  app.post(
    '/api/admin/playlist/:id/remove-songs',
    {
      config: { access: WRITERS },
      schema: {
        tags: ['playlists'],
        description:
          'Takes these songs out of the playlist (the Undo of add-songs); the others keep their order.',
        params: IdParams,
        body: Type.Object({ ids: Ids }),
        response: { 200: Type.Object({ removed: Type.Integer() }) },
      },
    },
    async (request) => {
      const playlist = await writablePlaylist(request, request.params.id);
      const removed = await removeSongs(
        app.db,
        playlist.id,
        request.body.ids,
        actorOf(request.user!, app.clock()),
      );
      app.panelLive.changed(playlist.band_id, 'playlists', [playlist.id]);
      return removed;
    },
  );
};

export default bulkActionRoutes;
