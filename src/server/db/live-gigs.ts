import type { Db, Tx } from './connect.js';
import { bumpQueueVersion } from './live-queue.js';
import { nextVersion } from './versions.js';
import { type Actor, tracked } from './history.js';

/** The gigs the live pages follow, found by token, and the songs each offers. */

/** A gig as its live pages need it, found by its public token. */
export const findLiveGig = (db: Db, token: string) =>
  db
    .selectFrom('gigs')
    .innerJoin('bands', 'bands.id', 'gigs.band_id')
    .select([
      'gigs.id',
      'gigs.naziv',
      'gigs.lokacija',
      'gigs.pocetak',
      'gigs.status',
      'gigs.razmakpesme',
      'gigs.razmakvreme',
      'gigs.playlist_id',
      'gigs.band_id',
      'gigs.token',
      'gigs.allow_messages',
      'gigs.artist_spacing',
      'gigs.minutes_per_song',
      'bands.naziv as band_naziv',
      'bands.picture as band_picture',
    ])
    .where('gigs.token', '=', token)
    .executeTakeFirst();

/** A live gig as findLiveGig reads it. */
export type LiveGig = NonNullable<Awaited<ReturnType<typeof findLiveGig>>>;

/** The part of a gig that decides which songs it offers. */
type GigList = { playlist_id: number | null; band_id: number };

/**
 * A gig offers the songs of its playlist that its band may see: its own and other bands' public
 * ones. The playlist may be another band's public one, holding that band's private songs, which
 * stay that band's (docs/decisions.md, "Visibility").
 */
export const offeredSongs = (db: Tx, gig: GigList) =>
  db
    .selectFrom('playlist_songs')
    .innerJoin('songs', 'songs.id', 'playlist_songs.song_id')
    .where('playlist_songs.playlist_id', '=', gig.playlist_id ?? -1)
    .where((eb) => eb.or([eb('songs.band_id', '=', gig.band_id), eb('songs.visibility', '=', 1)]));

/** The songs the gig offers, in playlist order, with their performers. */
export const gigSongs = (db: Db, gig: GigList) =>
  offeredSongs(db, gig)
    .leftJoin('performers', 'performers.id', 'songs.performer_id')
    .select(['songs.id', 'songs.naziv', 'performers.naziv as performer'])
    .orderBy('playlist_songs.position')
    .execute();

/** One song the gig offers, with its performer (the artist spacing rule, issue 29). */
export const songOfGig = (db: Tx, gig: GigList, songId: number) =>
  offeredSongs(db, gig)
    .leftJoin('performers', 'performers.id', 'songs.performer_id')
    .select(['songs.id', 'songs.naziv', 'songs.performer_id', 'performers.naziv as performer'])
    .where('songs.id', '=', songId)
    .executeTakeFirst();

/**
 * Takes the gig's row for the rest of the transaction (on PostgreSQL; SQLite has one writer anyway),
 * so that changes to one gig's queue happen one at a time, and answers its switch as it is now.
 */
export async function lockGig(db: Tx, dialect: 'sqlite' | 'postgres', gigId: number) {
  let query = db.selectFrom('gigs').select('status').where('id', '=', gigId);
  if (dialect === 'postgres') query = query.forUpdate();
  const { status } = await query.executeTakeFirstOrThrow();
  return { active: status === 1 };
}

/**
 * Opens or closes a gig for requests (the band's switch), as one change of its queue: its new queue
 * version. The gig's own version moves on too (an Edit gig form opened before then is told, db/versions.ts).
 */
export function openForRequests(
  db: Db,
  dialect: 'sqlite' | 'postgres',
  gigId: number,
  active: boolean,
  save: Actor,
) {
  return db.transaction().execute(async (trx) => {
    await lockGig(trx, dialect, gigId);
    await tracked(trx, save, 'gig', gigId, () =>
      trx
        .updateTable('gigs')
        .set({ status: active ? 1 : 0, ...nextVersion(save.by, save.now) })
        .where('id', '=', gigId)
        .execute(),
    );
    return bumpQueueVersion(trx, gigId);
  });
}
