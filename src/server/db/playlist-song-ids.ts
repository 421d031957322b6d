import type { Db } from './connect.js';

/**
 * A playlist's song ids in order (inside its transaction, to be what it writes): what its history's
 * snapshot holds and what the editor's add and remove start from.
 */
export const entryIds = async (trx: Db, id: number) =>
  (
    await trx
      .selectFrom('playlist_songs')
      .select('song_id')
      .where('playlist_id', '=', id)
      .orderBy('position')
      .orderBy('song_id')
      .execute()
  ).map((entry) => entry.song_id);
