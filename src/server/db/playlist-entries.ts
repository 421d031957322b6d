import { say } from '../../shared/server-messages.js';
import { invalid, notFound } from '../errors.js';
import type { Db } from './connect.js';
import { locking } from './locks.js';
import { ownershipWhere } from './ownership.js';
import { OWNERSHIP } from '../../shared/constants.js';
import type { UserWithBand } from './users.js';
import { nextVersion } from './versions.js';
import { type Actor, tracked } from './history.js';

/** A playlist's songs as `reader` may see them: their own band's and public ones. */
export const songsVisibleTo = (user: UserWithBand) => ownershipWhere('songs', user, OWNERSHIP.all);

/** A playlist's row, locked until the transaction ends (PostgreSQL); 404 when it is gone. */
export async function lockedPlaylist(trx: Db, id: number) {
  const playlist = await locking(
    trx,
    trx.selectFrom('playlists').select(['id', 'band_id']).where('id', '=', id),
    'update',
  ).executeTakeFirst();
  if (!playlist) throw notFound(say('playlist_not_found'));
  return playlist;
}

/** The refusal of songs a playlist may not hold. */
export const songsRefused = (ids: number[]) => say('songs_refused', { ids: ids.slice(0, 10).join(', ') });

/**
 * The songs of `songIds` this playlist may not hold: those that do not exist, and other bands'
 * private songs, unless already in the playlist (a song made private after it was added stays).
 * Judged by the playlist's band, so not even a system admin can put one band's private song in
 * another band's playlist. With `lock` (inside the update's transaction) the songs are kept as
 * they are (not deleted, nor made private) until it ends.
 */
export async function unusableSongs(
  db: Db,
  playlist: { id: number; band_id: number },
  songIds: number[],
  lock = false,
): Promise<number[]> {
  if (!songIds.length) return [];
  const songs = db.selectFrom('songs').select(['id', 'band_id', 'visibility']).where('id', 'in', songIds);
  const [found, held] = [
    await (lock ? locking(db, songs, 'share') : songs).execute(),
    await db
      .selectFrom('playlist_songs')
      .select('song_id')
      .where('playlist_id', '=', playlist.id)
      .where('song_id', 'in', songIds)
      .execute(),
  ];
  const already = new Set(held.map((row) => row.song_id));
  const usable = new Set(
    found
      .filter((song) => song.band_id === playlist.band_id || song.visibility === 1 || already.has(song.id))
      .map((song) => song.id),
  );
  return songIds.filter((id) => !usable.has(id));
}

/** Replaces a playlist's entries with these songs, in this order (inside its transaction). */
export async function writeEntries(trx: Db, id: number, songIds: number[]) {
  await trx.deleteFrom('playlist_songs').where('playlist_id', '=', id).execute();
  for (let i = 0; i < songIds.length; i += 500) {
    const batch = songIds
      .slice(i, i + 500)
      .map((songId, j) => ({ playlist_id: id, song_id: songId, position: i + j + 1 }));
    await trx.insertInto('playlist_songs').values(batch).execute();
  }
}

/**
 * Puts songs at the top of a playlist in the order given (the lists' bulk action); ones already in
 * it stay where they are. The songs are checked as a playlist's save checks them, in its transaction,
 * and the playlist's version moves on (an editor who opened it before then is told, db/versions.ts).
 */
export function addSongsOnTop(db: Db, id: number, songIds: number[], field: string, save: Actor) {
  return db.transaction().execute(async (trx) => {
    const playlist = await lockedPlaylist(trx, id);
    const refused = await unusableSongs(trx, playlist, songIds, true);
    if (refused.length) throw invalid({ [field]: [songsRefused(refused)] });
    const current = await trx
      .selectFrom('playlist_songs')
      .select('song_id')
      .where('playlist_id', '=', id)
      .orderBy('position')
      .execute();
    const present = new Set(current.map((entry) => entry.song_id));
    const added = songIds.filter((songId) => !present.has(songId));
    await tracked(trx, save, 'playlist', id, async () => {
      await writeEntries(trx, id, [...added, ...current.map((entry) => entry.song_id)]);
      await trx.updateTable('playlists').set(nextVersion(save.by, save.now)).where('id', '=', id).execute();
    });
    return { added: added.length, already: songIds.length - added.length, added_ids: added };
  });
}

/**
 * Takes these songs out of a playlist, the others keeping their order (the Undo of the lists'
 * "Add to playlist", issue 28): a save of the playlist, recorded in its history.
 */
export function removeSongs(db: Db, id: number, songIds: number[], save: Actor) {
  return db.transaction().execute(async (trx) => {
    await lockedPlaylist(trx, id);
    const current = await trx
      .selectFrom('playlist_songs')
      .select('song_id')
      .where('playlist_id', '=', id)
      .orderBy('position')
      .execute();
    const out = new Set(songIds);
    const kept = current.map((entry) => entry.song_id).filter((songId) => !out.has(songId));
    if (kept.length === current.length) return { removed: 0 };
    await tracked(trx, save, 'playlist', id, async () => {
      await writeEntries(trx, id, kept);
      await trx.updateTable('playlists').set(nextVersion(save.by, save.now)).where('id', '=', id).execute();
    });
    return { removed: current.length - kept.length };
  });
}

/** The entries of these playlists that `reader` may see, with their performers, in order (CSV export). */
export const entriesOf = (db: Db, playlistIds: number[], reader: UserWithBand) =>
  db
    .selectFrom('playlist_songs')
    .innerJoin('songs', 'songs.id', 'playlist_songs.song_id')
    .leftJoin('performers', 'performers.id', 'songs.performer_id')
    .select([
      'playlist_songs.playlist_id',
      'playlist_songs.position',
      'songs.naziv',
      'performers.naziv as performer',
    ])
    .where('playlist_songs.playlist_id', 'in', playlistIds)
    .where(songsVisibleTo(reader))
    .orderBy('playlist_songs.playlist_id')
    .orderBy('playlist_songs.position')
    .execute();
