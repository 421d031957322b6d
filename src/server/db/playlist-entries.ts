import { say } from '../../shared/server-messages.js';
import { invalid, notFound } from '../errors.js';
import type { Db } from './connect.js';
import { locking } from './locks.js';
import { ownershipWhere } from './ownership.js';
import { OWNERSHIP } from '../../shared/constants.js';
import type { UserWithBand } from './users.js';
import type { Updateable } from 'kysely';
import type { Database } from './schema.js';
import { nextVersion, returnedOrStale, type SaveBy } from './versions.js';
import { type Actor, record, snapshotOf } from './history.js';
import { entryIds } from './playlist-song-ids.js';

/** A playlist's songs as `reader` may see them: their own band's and public ones. */
export const songsVisibleTo = (user: UserWithBand) => ownershipWhere('songs', user, OWNERSHIP.all);

/**
 * A playlist's row, locked until the transaction ends (PostgreSQL); 404 when it is gone. The whole
 * row: a save's history takes it as the "before" (db/history.ts).
 */
export async function lockedPlaylist(trx: Db, id: number) {
  const playlist = await locking(
    trx,
    trx.selectFrom('playlists').selectAll().where('id', '=', id),
    'update',
  ).executeTakeFirst();
  if (!playlist) throw notFound(say('playlist_not_found'));
  return playlist;
}
export type PlaylistRow = Awaited<ReturnType<typeof lockedPlaylist>>;

/** A playlist's entry with what tells who may see its song. */
export interface Entry {
  song_id: number;
  band_id: number;
  visibility: number;
}

/**
 * The playlist's entries in order with their songs' band and visibility, in one read: its songs for
 * the history, which of them a save's editor sees, which are held already (unusableSongs). With
 * `lock`, the entries' songs are kept as they are (not deleted, nor made private) until the
 * transaction ends, as the songs a save names are (unusableSongs).
 */
export async function currentEntries(trx: Db, id: number, lock = false): Promise<Entry[]> {
  const entries = trx
    .selectFrom('playlist_songs')
    .innerJoin('songs', 'songs.id', 'playlist_songs.song_id')
    .select(['playlist_songs.song_id', 'songs.band_id', 'songs.visibility'])
    .where('playlist_songs.playlist_id', '=', id)
    .orderBy('playlist_songs.position')
    .orderBy('playlist_songs.song_id');
  return (lock ? locking(trx, entries, 'share') : entries).execute();
}

/** The refusal of songs a playlist may not hold. */
export const songsRefused = (ids: number[]) => say('songs_refused', { ids: ids.slice(0, 10).join(', ') });

/**
 * The songs of `songIds` this playlist may not hold: those that do not exist, and other bands'
 * private songs, unless already in the playlist (a song made private after it was added stays).
 * Judged by the playlist's band, so not even a system admin can put one band's private song in
 * another band's playlist. With `lock` (inside the update's transaction) the songs are kept as
 * they are (not deleted, nor made private) until it ends. `current`: the playlist's song ids,
 * when the caller has read them (else they are read here).
 */
export async function unusableSongs(
  db: Db,
  playlist: { id: number; band_id: number },
  songIds: number[],
  lock = false,
  current?: number[],
): Promise<number[]> {
  if (!songIds.length) return [];
  const songs = db.selectFrom('songs').select(['id', 'band_id', 'visibility']).where('id', 'in', songIds);
  const found = await (lock ? locking(db, songs, 'share') : songs).execute();
  const already = new Set(
    current ??
      (
        await db
          .selectFrom('playlist_songs')
          .select('song_id')
          .where('playlist_id', '=', playlist.id)
          .where('song_id', 'in', songIds)
          .execute()
      ).map((row) => row.song_id),
  );
  const usable = new Set(
    found
      .filter((song) => song.band_id === playlist.band_id || song.visibility === 1 || already.has(song.id))
      .map((song) => song.id),
  );
  return songIds.filter((id) => !usable.has(id));
}

/**
 * Replaces a playlist's entries with these songs, in this order (inside its transaction). `current`:
 * its songs now, when the caller has read them; when the new list keeps them all (a reorder, songs
 * added), the entries are written in one statement, each kept one moved to its new place, rather
 * than all deleted and inserted again (a round trip and every row's foreign keys checked again).
 */
export async function writeEntries(trx: Db, id: number, songIds: number[], current?: number[]) {
  const next = new Set(songIds);
  const keepsAll = current !== undefined && current.every((songId) => next.has(songId));
  if (!keepsAll) await trx.deleteFrom('playlist_songs').where('playlist_id', '=', id).execute();
  for (let i = 0; i < songIds.length; i += 500) {
    const batch = songIds
      .slice(i, i + 500)
      .map((songId, j) => ({ playlist_id: id, song_id: songId, position: i + j + 1 }));
    const insert = trx.insertInto('playlist_songs').values(batch);
    await (
      keepsAll
        ? insert.onConflict((conflict) =>
            conflict
              .columns(['playlist_id', 'song_id'])
              .doUpdateSet({ position: (eb) => eb.ref('excluded.position') }),
          )
        : insert
    ).execute();
  }
}

/**
 * Saves a playlist locked by lockedPlaylist whose songs were `before`: its row set to `values` and
 * its version moved on (over the version the save names, db/versions.ts), with `songIds` its songs
 * in this order (undefined: they stay), and the change in its history, whose "before" and "after"
 * are what the save holds (the locked row, the update's `returning *`, the songs) rather than reads.
 */
export async function saveEntries(
  trx: Db,
  playlist: PlaylistRow,
  before: number[],
  songIds: number[] | undefined,
  save: SaveBy,
  values: Updateable<Database['playlists']> = {},
) {
  let update = trx
    .updateTable('playlists')
    .set({ ...values, ...nextVersion(save.by, save.now) })
    .where('id', '=', playlist.id);
  if (save.version !== undefined) update = update.where('version', '=', save.version);
  const saved = returnedOrStale(await update.returningAll().executeTakeFirst(), save.version, () =>
    notFound(say('playlist_not_found')),
  );
  if (songIds) await writeEntries(trx, playlist.id, songIds, before);
  await record(
    trx,
    save,
    'playlist',
    playlist.id,
    'update',
    snapshotOf('playlist', playlist, before),
    snapshotOf('playlist', saved, songIds ?? before),
  );
}

/**
 * Puts songs at the top of a playlist in the order given (the lists' bulk action); ones already in
 * it stay where they are. The songs are checked as a playlist's save checks them, in its transaction,
 * and the playlist's version moves on (an editor who opened it before then is told, db/versions.ts).
 */
export function addSongsOnTop(db: Db, id: number, songIds: number[], field: string, save: Actor) {
  return db.transaction().execute(async (trx) => {
    const playlist = await lockedPlaylist(trx, id);
    const current = await entryIds(trx, id);
    const refused = await unusableSongs(trx, playlist, songIds, true, current);
    if (refused.length) throw invalid({ [field]: [songsRefused(refused)] });
    const present = new Set(current);
    const added = songIds.filter((songId) => !present.has(songId));
    await saveEntries(trx, playlist, current, [...added, ...current], save);
    return { added: added.length, already: songIds.length - added.length, added_ids: added };
  });
}

/**
 * Takes these songs out of a playlist, the others keeping their order (the Undo of the lists'
 * "Add to playlist", issue 28): a save of the playlist, recorded in its history.
 */
export function removeSongs(db: Db, id: number, songIds: number[], save: Actor) {
  return db.transaction().execute(async (trx) => {
    const playlist = await lockedPlaylist(trx, id);
    const current = await entryIds(trx, id);
    const out = new Set(songIds);
    const kept = current.filter((songId) => !out.has(songId));
    if (kept.length === current.length) return { removed: 0 };
    await saveEntries(trx, playlist, current, kept, save);
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
