import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration works on an untyped schema
type Db = Kysely<any>;

/**
 * Issue 29, points 1 and 2. On each gig: the artist spacing rule (the same performer not within N
 * songs; 0 = off, the default) and the band's own guess of minutes per song, which the wait estimate
 * uses for a song of unknown duration before the gig has its own pace. On each request: whether the
 * band played its song out of turn (not first in the queue), which stops the estimates for a while.
 */
export async function up(db: Db): Promise<void> {
  await db.schema
    .alterTable('gigs')
    .addColumn('artist_spacing', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('gigs')
    .addColumn('minutes_per_song', 'integer', (c) => c.notNull().defaultTo(4))
    .execute();
  await db.schema
    .alterTable('song_requests')
    .addColumn('out_of_turn', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('song_requests').dropColumn('out_of_turn').execute();
  await db.schema.alterTable('gigs').dropColumn('minutes_per_song').execute();
  await db.schema.alterTable('gigs').dropColumn('artist_spacing').execute();
}
