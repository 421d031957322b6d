import { sql } from 'kysely';
import { PAGE_SIZE } from '../../shared/constants.js';
import { foldForSearch } from '../../shared/search.js';
import type { Db } from './connect.js';
import { likePattern, type Ownership, ownershipWhere, songVisibleTo } from './ownership.js';
import type { UserWithBand } from './users.js';

export async function listPlaylists(
  db: Db,
  user: UserWithBand,
  { ownership, q, page, size = PAGE_SIZE }: { ownership: Ownership; q?: string; page: number; size?: number },
) {
  let base = db.selectFrom('playlists').where(ownershipWhere('playlists', user, ownership));
  if (q?.trim())
    base = base.where(sql<boolean>`playlists.search like ${likePattern(foldForSearch(q))} escape '\\'`);
  const [rows, count] = await Promise.all([
    base
      .select(['id', 'naziv', 'slika', 'band_id', 'visibility'])
      .select((eb) =>
        eb
          .selectFrom('playlist_songs')
          .select((inner) => inner.fn.countAll().as('n'))
          .whereRef('playlist_songs.playlist_id', '=', 'playlists.id')
          .as('songscount'),
      )
      .orderBy('search')
      .orderBy('id')
      .limit(size)
      .offset(page * size)
      .execute(),
    base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map((r) => ({ ...r, songscount: Number(r.songscount) })), total: Number(count.n) };
}

/** The playlists a gig may use: the caller's band's and other bands' public ones, oldest first
 *  (a new gig preselects the first, spec §4). */
export const playlistOptions = (db: Db, user: UserWithBand) =>
  db
    .selectFrom('playlists')
    .select(['id', 'naziv'])
    .where(ownershipWhere('playlists', user, 1))
    .orderBy('id')
    .execute();

export const findPlaylist = (db: Db, id: number) =>
  db.selectFrom('playlists').selectAll().where('id', '=', id).executeTakeFirst();

/** The playlist's songs in order, those the caller may see (their band's and public ones). */
export const playlistSongs = (db: Db, playlistId: number, user: UserWithBand) =>
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
    .where(songVisibleTo(user))
    .orderBy('playlist_songs.position')
    .orderBy('songs.id')
    .execute();

/** Updates a playlist and, when `songs` is given, replaces its entries, all in one transaction. */
export async function updatePlaylist(
  db: Db,
  id: number,
  values: { naziv: string; slika: string | null; visibility: number },
  songs?: { songId: number; position: number }[],
) {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('playlists')
      .set({ ...values, search: foldForSearch(values.naziv) })
      .where('id', '=', id)
      .execute();
    if (!songs) return;
    await trx.deleteFrom('playlist_songs').where('playlist_id', '=', id).execute();
    for (let i = 0; i < songs.length; i += 500) {
      const batch = songs
        .slice(i, i + 500)
        .map((s) => ({ playlist_id: id, song_id: s.songId, position: s.position }));
      await trx.insertInto('playlist_songs').values(batch).execute();
    }
  });
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
 * Deletes a playlist and its entries (the songs stay) and answers how many entries it held. Unless forced, a playlist an active gig plays
 * is kept and that gig answered instead; the check and the delete share one transaction.
 */
export async function deletePlaylist(
  db: Db,
  id: number,
  { force }: { force: boolean },
): Promise<{ removed: number } | { activeGig: { naziv: string; band_id: number } }> {
  return db.transaction().execute(async (trx) => {
    const active = (await gigsUsingPlaylist(trx, id)).find((gig) => gig.status === 1);
    if (active && !force) return { activeGig: active };
    const removed = await trx.deleteFrom('playlist_songs').where('playlist_id', '=', id).executeTakeFirst();
    await trx.deleteFrom('playlists').where('id', '=', id).execute();
    return { removed: Number(removed.numDeletedRows) };
  });
}
