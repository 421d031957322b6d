import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration works on an untyped schema
type Db = Kysely<any>;

/**
 * The live queue: a version per gig, bumped with every change to its requests, so that every server
 * process sends the same numbered events and a client can tell that it missed one. Kept out of the
 * gigs table so that requests do not invalidate the catalogue's list cache.
 */
export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('gig_queue_versions')
    .addColumn('gig_id', 'integer', (c) => c.primaryKey().references('gigs.id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();
  // The rules look up a song's latest request and a device's requests within a gig.
  await db.schema
    .createIndex('song_requests_gig_song')
    .on('song_requests')
    .columns(['gig_id', 'song_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('song_requests_gig_device')
    .on('song_requests')
    .columns(['gig_id', 'device_id', 'created_at'])
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex('song_requests_gig_device').execute();
  await db.schema.dropIndex('song_requests_gig_song').execute();
  await db.schema.dropTable('gig_queue_versions').execute();
}
