import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { findLiveGig, type LiveGig } from '../db/live-gigs.js';
import { setSongKey, songKeys } from '../db/song-keys.js';
import { say } from '../../shared/server-messages.js';
import { forbidden, invalid, notFound } from '../errors.js';
import { owns } from '../lib/access.js';
import { iso } from '../lib/clock.js';
import { NullableInteger, NullableString, TokenParams } from '../services/forms/list-query.js';

const SongParams = Type.Object({
  token: TokenParams.properties.token,
  songId: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }),
});

const Key = Type.Union([Type.Object({ transpose: Type.Integer(), capo: Type.Integer() }), Type.Null()]);
const Keys = Type.Object({ band: Key, gig: Key });

const Chart = Type.Object({
  song_id: Type.Integer(),
  naziv: Type.String(),
  performer: NullableString,
  tonalitet: NullableString,
  tempo: NullableInteger,
  trajanje: NullableInteger,
  akordi: NullableString,
  keys: Keys,
  /** Whether the caller may change the band's key (viewers change tonight's only). */
  can_set_band: Type.Boolean(),
});

const KeyBody = Type.Object({
  scope: Type.Union([Type.Literal('band'), Type.Literal('gig')], {
    description: 'band: how the band plays the song from now on; gig: tonight only, over the band’s.',
  }),
  // Absent, not null: Fastify's ajv coerces a null sent for an integer to 0.
  transpose: Type.Optional(
    Type.Integer({
      minimum: -11,
      maximum: 11,
      description: 'Semitones from the chart; left out with capo, this scope’s key is forgotten.',
    }),
  ),
  capo: Type.Optional(Type.Integer({ minimum: 0, maximum: 11, description: 'The capo’s fret.' })),
});

/**
 * The stage view's chart and key (issue 27, point 2), for the members of the gig's band: a song of
 * the gig (its playlist, or asked for at it) with its chart, and how the band plays it, for the band
 * and for tonight. Any member may set tonight's key (on stage that is often a viewer's tablet); the
 * band's key is the writers' (docs/decisions.md, "The band on stage").
 */
const chartRoutes: FastifyPluginAsyncTypebox = async (app) => {
  async function gigSong(request: FastifyRequest, token: string, songId: number) {
    const gig = await findLiveGig(app.db, token);
    if (!gig) throw notFound(say('no_gig_at_address'));
    if (!owns(request.user!, gig)) throw forbidden(say('gig_other_band'));
    const song = await songOf(gig, songId);
    if (!song) throw notFound(say('song_not_on_gig'));
    return { gig, song };
  }

  const songOf = (gig: LiveGig, songId: number) =>
    app.db
      .selectFrom('songs')
      .leftJoin('performers', 'performers.id', 'songs.performer_id')
      .select([
        'songs.id',
        'songs.naziv',
        'performers.naziv as performer',
        'songs.tonalitet',
        'songs.tempo',
        'songs.trajanje',
        'songs.akordi',
      ])
      .where('songs.id', '=', songId)
      .where((eb) =>
        eb.or([
          // In the gig's playlist, as the gig offers it: the band's own songs and public ones.
          eb.and([
            eb(
              'songs.id',
              'in',
              eb
                .selectFrom('playlist_songs')
                .select('song_id')
                .where('playlist_id', '=', gig.playlist_id ?? -1),
            ),
            eb.or([eb('songs.band_id', '=', gig.band_id), eb('songs.visibility', '=', 1)]),
          ]),
          // Or asked for at the gig (the playlist may have changed since).
          eb('songs.id', 'in', eb.selectFrom('song_requests').select('song_id').where('gig_id', '=', gig.id)),
        ]),
      )
      .executeTakeFirst();

  app.get(
    '/api/admin/live/:token/songs/:songId/chart',
    { schema: { tags: ['live'], params: SongParams, response: { 200: Chart } } },
    async (request) => {
      const { gig, song } = await gigSong(request, request.params.token, request.params.songId);
      return {
        song_id: song.id,
        naziv: song.naziv,
        performer: song.performer,
        tonalitet: song.tonalitet,
        tempo: song.tempo,
        trajanje: song.trajanje,
        akordi: song.akordi,
        keys: await songKeys(app.db, gig, song.id),
        can_set_band: request.user!.role !== 'viewer',
      };
    },
  );

  app.post(
    '/api/admin/live/:token/songs/:songId/key',
    { schema: { tags: ['live'], params: SongParams, body: KeyBody, response: { 200: Keys } } },
    async (request) => {
      const { gig, song } = await gigSong(request, request.params.token, request.params.songId);
      const { scope, transpose, capo } = request.body;
      if ((transpose === undefined) !== (capo === undefined)) throw invalid({ capo: [say('song_key_half')] });
      if (scope === 'band' && request.user!.role === 'viewer') throw forbidden(say('band_key_viewers'));
      const key = transpose === undefined || capo === undefined ? null : { transpose, capo };
      await setSongKey(
        app.db,
        scope === 'band' ? { band_id: gig.band_id } : { gig_id: gig.id },
        song.id,
        key,
        iso(app.clock()),
      );
      return songKeys(app.db, gig, song.id);
    },
  );
};

export default chartRoutes;
