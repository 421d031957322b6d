import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration works on an untyped schema
type Db = Kysely<any>;

/**
 * How a band plays a song (issue 27, point 2): semitones up or down from the chart and a capo fret,
 * remembered per song for the band (`band_song_keys`: a public song of another band is played in
 * this band's key, without touching that band's), and per gig where tonight's singer needs another
 * key (`gig_song_keys`, which wins over the band's). A song, band or gig deleted takes its rows along.
 */
export async function up(db: Db): Promise<void> {
  const keys = (table: string, owner: string, ownerTable: string) =>
    db.schema
      .createTable(table)
      .addColumn(owner, 'integer', (c) => c.notNull().references(`${ownerTable}.id`).onDelete('cascade'))
      .addColumn('song_id', 'integer', (c) => c.notNull().references('songs.id').onDelete('cascade'))
      .addColumn('transpose', 'integer', (c) => c.notNull())
      .addColumn('capo', 'integer', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint(`${table}_pk`, [owner, 'song_id'])
      .execute();
  await keys('band_song_keys', 'band_id', 'bands');
  await keys('gig_song_keys', 'gig_id', 'gigs');
  // A deleted song's rows are found by song.
  await db.schema.createIndex('band_song_keys_song').on('band_song_keys').column('song_id').execute();
  await db.schema.createIndex('gig_song_keys_song').on('gig_song_keys').column('song_id').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('gig_song_keys').execute();
  await db.schema.dropTable('band_song_keys').execute();
}
