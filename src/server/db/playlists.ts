import { foldForSearch } from '../../shared/search.js';
import { invalid } from '../errors.js';
import type { Db } from './connect.js';
import { locking } from './locks.js';
import { ownershipWhere } from './ownership.js';
import {
  type Entry,
  currentEntries,
  lockedPlaylist,
  saveEntries,
  songsRefused,
  songsVisibleTo,
  unusableSongs,
} from './playlist-entries.js';
import { canRead } from '../lib/access.js';
import { type ListOptions, namedList, readList } from './read-list.js';
import type { Memo } from './memo.js';
import type { UserWithBand } from './users.js';
import { changedBy, type SaveBy } from './versions.js';
import { type Actor, tracked } from './history.js';
import { trashItem } from './trash.js';

export async function listPlaylists(db: Db, user: UserWithBand, options: ListOptions, memo?: Memo) {
  const { rows: page_, ...total } = await readList(db, user, namedList('playlists'), options, memo);
  // The songs each playlist of the page holds, as far as the reader may see them: one query for the page.
  const ids = page_.map((row) => row.id);
  const songCounts = ids.length
    ? await db
        .selectFrom('playlist_songs')
        .innerJoin('songs', 'songs.id', 'playlist_songs.song_id')
        .select(['playlist_songs.playlist_id'])
        .select((eb) => eb.fn.countAll().as('n'))
        .where('playlist_songs.playlist_id', 'in', ids)
        .where(songsVisibleTo(user))
        .groupBy('playlist_songs.playlist_id')
        .execute()
    : [];
  const songscount = new Map(songCounts.map((row) => [row.playlist_id, Number(row.n)]));
  return { ...total, rows: page_.map((row) => ({ ...row, songscount: songscount.get(row.id) ?? 0 })) };
}

/** The playlists a gig may use: the caller's band's and other bands' public ones, oldest first
 *  (a new gig preselects the first of its own, spec §4), each with the band that owns it. */
export const playlistOptions = (db: Db, user: UserWithBand) =>
  db
    .selectFrom('playlists')
    .select(['id', 'naziv', 'band_id'])
    .where(ownershipWhere('playlists', user, 1))
    .orderBy('id')
    .execute();

export const findPlaylist = (db: Db, id: number) =>
  db
    .selectFrom('playlists')
    .selectAll()
    .select(changedBy('playlists'))
    .where('id', '=', id)
    .executeTakeFirst();

/**
 * The songs a user may see: their band's and other bands' public ones (a system admin sees all).
 * A playlist shows each reader only these (docs/decisions.md, "Visibility"): a public playlist may
 * hold its band's private songs, and those stay the band's.
 */

/** The playlist's songs in order, as far as the reader may see them. */
export const playlistSongs = (db: Db, playlistId: number, reader: UserWithBand) =>
  db
    .selectFrom('playlist_songs')
    .innerJoin('songs', 'songs.id', 'playlist_songs.song_id')
    .leftJoin('performers', 'performers.id', 'songs.performer_id')
    .select([
      'songs.id',
      'songs.naziv',
      'songs.slika',
      'performers.naziv as nazivizvodjaca',
      'playlist_songs.position',
    ])
    .where('playlist_songs.playlist_id', '=', playlistId)
    .where(songsVisibleTo(reader))
    .orderBy('playlist_songs.position')
    .orderBy('songs.id')
    .execute();

/**
 * Updates a playlist and, when `songIds` is given, replaces its entries, all in one transaction in
 * which the playlist's row is locked and the songs are checked again (unusableSongs). The editor
 * sends the songs they can see; entries they cannot see (another band's song made private since
 * it was added) are kept, each at the place it had. Written over the version the save names
 * (db/versions.ts): the row is locked first, so of two saves at once the second reads the first's
 * version and is refused, its entries not written.
 */
export async function updatePlaylist(
  db: Db,
  editor: UserWithBand,
  id: number,
  values: { naziv: string; slika: string | null; visibility: number },
  songIds: number[] | undefined,
  save: SaveBy,
) {
  await db.transaction().execute(async (trx) => {
    const playlist = await lockedPlaylist(trx, id);
    const current = await currentEntries(trx, id, songIds !== undefined);
    const before = current.map((entry) => entry.song_id);
    let entries: number[] | undefined;
    if (songIds) {
      const refused = await unusableSongs(trx, playlist, songIds, true, before);
      if (refused.length) throw invalid({ songs: [songsRefused(refused)] });
      entries = withHiddenEntries(editor, current, songIds);
    }
    await saveEntries(trx, playlist, before, entries, save, {
      ...values,
      search: foldForSearch(values.naziv),
    });
  });
}

/** The editor's list of songs with the entries hidden from the editor put back at their places. */
function withHiddenEntries(editor: UserWithBand, current: Entry[], songIds: number[]) {
  const hidden = current.filter((entry) => !canRead(editor, entry));
  if (!hidden.length) return songIds;
  const placeOf = new Map(current.map((entry, index) => [entry.song_id, index]));
  const submitted = new Set(songIds);
  const entries = [...songIds];
  for (const { song_id: songId } of hidden) {
    if (submitted.has(songId)) continue;
    entries.splice(Math.min(placeOf.get(songId)!, entries.length), 0, songId);
  }
  return entries;
}

/** The gigs that play a playlist, with their bands (a public playlist may serve other bands' gigs). */
export const gigsUsingPlaylist = (db: Db, playlistId: number) =>
  db
    .selectFrom('gigs')
    .select(['id', 'naziv', 'status', 'band_id'])
    .where('playlist_id', '=', playlistId)
    .orderBy('id')
    .execute();

/**
 * Deletes a playlist and its entries (the songs stay) and answers how many entries it held. Unless
 * forced, a playlist an active gig plays is kept and that gig answered instead; the check and the
 * delete share one transaction.
 */
export async function deletePlaylist(
  db: Db,
  id: number,
  { force }: { force: boolean },
  actor?: Actor,
): Promise<{ removed: number } | { activeGig: { naziv: string; band_id: number } }> {
  return db.transaction().execute(async (trx) => {
    // The playlist before its entries, in the common lock order (locks.ts).
    await locking(trx, trx.selectFrom('playlists').select('id').where('id', '=', id), 'update').execute();
    const active = (await gigsUsingPlaylist(trx, id)).find((gig) => gig.status === 1);
    if (active && !force) return { activeGig: active };
    // Kept 30 days with its entries and gigs, to be restored (trash.ts).
    await trashItem(trx, 'playlist', id, actor);
    return tracked(trx, actor, 'playlist', id, async () => {
      const removed = await trx.deleteFrom('playlist_songs').where('playlist_id', '=', id).executeTakeFirst();
      await trx.deleteFrom('playlists').where('id', '=', id).execute();
      return { removed: Number(removed.numDeletedRows) };
    });
  });
}
