import { say } from '../../shared/server-messages.js';
import { Type } from '@sinclair/typebox';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { distance } from 'fastest-levenshtein';
import { foldForSearch, foldLetters } from '../../shared/search.js';
import { canRead, canWrite } from '../lib/access.js';
import { findPlaylist } from '../db/playlists.js';
import { songsHolding, songsTitled } from '../db/setlist-songs.js';
import { forbidden, notFound } from '../errors.js';
import { WRITERS } from '../plugins/auth.js';
import { uploadUrl } from '../lib/upload-url.js';
import { MAX_TITLE } from '../services/forms/fields.js';
import { IdParams } from '../services/forms/list-query.js';

const MAX_LINES = 300;

/**
 * The longest a song's title folds to (foldLetters; its search column adds at most as much again
 * for a "dj"): folding makes a title at most three times longer (a Hangul syllable becomes its three letters, đ becomes dj). Nothing longer can equal
 * or contain one, and its LIKE pattern could pass what SQLite allows (50,000 bytes, "LIKE or GLOB
 * pattern too complex").
 */
const LONGEST_SEARCH = 3 * MAX_TITLE;

const Song = Type.Object({
  id: Type.Integer(),
  naziv: Type.String(),
  slika: Type.Union([Type.String(), Type.Null()]),
  nazivizvodjaca: Type.Union([Type.String(), Type.Null()]),
});

/** "3. Đurđevdan – Bajaga" → title and performer: numbering dropped, split at a dash between spaces. */
export function setlistLine(text: string): { title: string; performer: string | null } {
  const bare = text.replace(/^\s*(\d+\s*[.)\]:-]?\s+)/, '').trim();
  const parts = bare.split(/\s+[-–—]\s+|\t/);
  const title = parts[0].trim();
  const performer = parts.slice(1).join(' ').trim() || null;
  return { title, performer };
}

/**
 * Matches a pasted setlist against the songs the playlist's band may use (issue 14, Paste setlist):
 * folded titles (no case, no diacritics), the performer breaking ties; when no title is equal, the
 * closest one sharing a word is offered as a best guess. Writes nothing.
 */
const setlistMatchRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/api/admin/playlist/:id/match-setlist',
    {
      config: { access: WRITERS },
      schema: {
        tags: ['playlists'],
        params: IdParams,
        body: Type.Object({ text: Type.String({ maxLength: 50_000 }) }),
        response: {
          200: Type.Object({
            lines: Type.Array(
              Type.Object({
                line: Type.Integer(),
                title: Type.String(),
                performer: Type.Union([Type.String(), Type.Null()]),
                match: Type.Union([Type.Object({ ...Song.properties, exact: Type.Boolean() }), Type.Null()]),
              }),
            ),
          }),
        },
      },
    },
    async (request) => {
      const playlist = await findPlaylist(app.db, request.params.id);
      if (!playlist || !canRead(request.user!, playlist)) throw notFound(say('playlist_not_found'));
      if (!canWrite(request.user!, playlist)) throw forbidden(say('playlist_not_yours'));
      const lines = request.body.text
        .split(/\r?\n/)
        .map((text, index) => ({ line: index + 1, ...setlistLine(text) }))
        .filter((entry) => entry.title)
        .slice(0, MAX_LINES);
      const answers = [];
      for (const entry of lines) {
        // A turn of the event loop between lines: on SQLite every query holds it, and live pages
        // must not wait for a whole setlist.
        await new Promise((resolve) => setImmediate(resolve));
        const title = foldLetters(entry.title);
        const performer = entry.performer ? foldLetters(entry.performer) : null;
        const byPerformer = (a: { nazivizvodjaca: string | null }) =>
          performer !== null && a.nazivizvodjaca !== null && foldLetters(a.nazivizvodjaca) === performer
            ? 0
            : 1;
        const exact =
          title.length > LONGEST_SEARCH
            ? []
            : await songsTitled(app.db, playlist.band_id, foldForSearch(entry.title));
        let best = exact.sort((a, b) => byPerformer(a) - byPerformer(b))[0];
        let isExact = Boolean(best);
        if (!best) {
          const word = title.split(' ').sort((a, b) => b.length - a.length)[0];
          const candidates =
            word.length <= LONGEST_SEARCH ? await songsHolding(app.db, playlist.band_id, word, 200) : [];
          const scored = candidates
            .map((song) => ({ song, score: distance(title, foldLetters(song.naziv)) + byPerformer(song) }))
            .sort((a, b) => a.score - b.score);
          const close = scored[0];
          if (close && close.score <= Math.max(2, Math.ceil(title.length * 0.4))) best = close.song;
          isExact = false;
        }
        answers.push({
          line: entry.line,
          title: entry.title,
          performer: entry.performer,
          match: best
            ? {
                id: best.id,
                naziv: best.naziv,
                slika: uploadUrl(best.slika),
                nazivizvodjaca: best.nazivizvodjaca,
                exact: isExact,
              }
            : null,
        });
      }
      return { lines: answers };
    },
  );
};

export default setlistMatchRoutes;
