import { type Said, say } from '../../../shared/server-messages.js';
import { Type } from '@sinclair/typebox';
import { parseSongsField } from '../../../shared/playlist-songs.js';
import { invalid } from '../../errors.js';
import { Form } from './fields.js';
import { NamedItemUpdate } from './item-form.js';

/** Playlists longer than this are refused; a set list is far shorter. */
const MAX_SONGS = 2000;

/** Spec §7: the playlist's edit form, a named item's with its songs. */
export const PlaylistUpdate = Form({
  ...NamedItemUpdate.properties,
  songs: Type.Optional(
    Type.String({
      check: 'playlist-songs',
      description: '"id,position" pairs joined by ";" (left out: the songs stay as they are).',
    }),
  ),
});

/** What is wrong with a songs field, if anything (ajv-rules.ts's check `playlist-songs`). */
export function songsProblem(text: string): Said | undefined {
  const parsed = parseSongsField(text);
  if (!parsed.ok) return parsed.error;
  if (parsed.songIds.length > MAX_SONGS) return say('playlist_too_long', { max: MAX_SONGS });
  return undefined;
}

/**
 * The songs field (checked by its schema) as song ids in playlist order; left out keeps the songs.
 * Whether the playlist may hold them is updatePlaylist's check, in its transaction.
 */
export function songsOf(text: string | undefined): number[] | undefined {
  if (text === undefined) return undefined;
  const parsed = parseSongsField(text);
  if (!parsed.ok) throw invalid({ songs: [parsed.error] });
  return parsed.songIds;
}
