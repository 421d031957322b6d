import type { Db } from './connect.js';

/** How a song is played: semitones from its chart, and the capo's fret (issue 27, point 2). */
export interface SongKey {
  transpose: number;
  capo: number;
}

/** Where a key is kept: for the band, or for tonight's gig only. */
export type KeyScope = { band_id: number } | { gig_id: number };

/** The band's key of a song and the gig's, each null where none was set. */
export async function songKeys(db: Db, gig: { id: number; band_id: number }, songId: number) {
  const [band, tonight] = await Promise.all([
    db
      .selectFrom('band_song_keys')
      .select(['transpose', 'capo'])
      .where('band_id', '=', gig.band_id)
      .where('song_id', '=', songId)
      .executeTakeFirst(),
    db
      .selectFrom('gig_song_keys')
      .select(['transpose', 'capo'])
      .where('gig_id', '=', gig.id)
      .where('song_id', '=', songId)
      .executeTakeFirst(),
  ]);
  return { band: band ?? null, gig: tonight ?? null };
}

/** Keeps a key (one row per owner and song, the last write wins), or with null forgets it. */
export async function setSongKey(db: Db, scope: KeyScope, songId: number, key: SongKey | null, now: string) {
  if ('band_id' in scope) {
    const mine = db.deleteFrom('band_song_keys').where('band_id', '=', scope.band_id);
    if (!key) return void (await mine.where('song_id', '=', songId).execute());
    await db
      .insertInto('band_song_keys')
      .values({ band_id: scope.band_id, song_id: songId, ...key, updated_at: now })
      .onConflict((oc) => oc.columns(['band_id', 'song_id']).doUpdateSet({ ...key, updated_at: now }))
      .execute();
    return;
  }
  const mine = db.deleteFrom('gig_song_keys').where('gig_id', '=', scope.gig_id);
  if (!key) return void (await mine.where('song_id', '=', songId).execute());
  await db
    .insertInto('gig_song_keys')
    .values({ gig_id: scope.gig_id, song_id: songId, ...key, updated_at: now })
    .onConflict((oc) => oc.columns(['gig_id', 'song_id']).doUpdateSet({ ...key, updated_at: now }))
    .execute();
}
