import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration works on an untyped schema
type Db = Kysely<any>;

/**
 * The band's running order of a gig (issue 27, point 3), kept on the server so every band tablet of
 * the gig shows the same: the song the band is at (`gig_running_orders`, with the version each
 * change bumps) and the requests slotted in with "Play next" (`gig_slotted_songs`: after which song
 * of the set, in the order slotted, and whether they were played). A gig or song deleted takes its
 * rows along; the current song is a plain id, since a song that left the set simply is no longer
 * found there.
 */
export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('gig_running_orders')
    .addColumn('gig_id', 'integer', (c) => c.primaryKey().references('gigs.id').onDelete('cascade'))
    .addColumn('current_kind', 'text')
    .addColumn('current_song_id', 'integer')
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('gig_slotted_songs')
    .addColumn('gig_id', 'integer', (c) => c.notNull().references('gigs.id').onDelete('cascade'))
    .addColumn('song_id', 'integer', (c) => c.notNull().references('songs.id').onDelete('cascade'))
    .addColumn('after_song_id', 'integer')
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('played', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('gig_slotted_songs_pk', ['gig_id', 'song_id'])
    .execute();
  // A deleted song's rows are found by song.
  await db.schema.createIndex('gig_slotted_songs_song').on('gig_slotted_songs').column('song_id').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('gig_slotted_songs').execute();
  await db.schema.dropTable('gig_running_orders').execute();
}
