import { sql, type SqlBool } from 'kysely';
import type { Db } from './connect.js';
import { searchOf, usesTrigrams } from './list-search.js';

/** The songs a band may put in its playlists: its own, and other bands' public ones. */
function usable(db: Db, bandId: number) {
  return db
    .selectFrom('songs')
    .leftJoin('performers', 'performers.id', 'songs.performer_id')
    .select(['songs.id', 'songs.naziv', 'songs.slika', 'songs.search', 'performers.naziv as nazivizvodjaca'])
    .where((eb) => eb.or([eb('songs.band_id', '=', bandId), eb('songs.visibility', '=', 1)]));
}

type UsableSong = Awaited<ReturnType<typeof songsTitled>>[number];

/** The first usable songs whose folded title is `folded`. */
export const songsTitled = (db: Db, bandId: number, folded: string) =>
  usable(db, bandId).where('songs.search', '=', folded).orderBy('songs.id').limit(20).execute();

/**
 * Up to `limit` usable songs whose folded title holds `word` (literally: LIKE's wildcards escaped).
 * On SQLite a word of three characters or more is looked up in the trigram index (migration 0008)
 * and its matches read from there: a LIKE reads every song for a word no title holds (12 ms at
 * 60,000 songs against 0.1 ms), and better-sqlite3 holds the event loop all the while. PostgreSQL's
 * planner takes pg_trgm's index for the LIKE by itself.
 */
export async function songsHolding(
  db: Db,
  bandId: number,
  word: string,
  limit: number,
): Promise<UsableSong[]> {
  const search = searchOf(word);
  if (!search) return [];
  const holds = sql<SqlBool>`songs.search like ${search.like} escape '\\'`;
  if (!usesTrigrams(db, search)) return usable(db, bandId).where(holds).limit(limit).execute();
  // Joined rather than `id in (...)`: SQLite then walks the index's matches and stops at the limit,
  // instead of collecting every match first (40 ms for a word in every title).
  return usable(db, bandId)
    .innerJoin(
      sql<{ rowid: number }>`songs_trigrams`.as('songs_trigrams'),
      'songs_trigrams.rowid',
      'songs.id',
    )
    .where(sql<SqlBool>`songs_trigrams match ${search.match}`)
    .where(holds)
    .limit(limit)
    .execute();
}
