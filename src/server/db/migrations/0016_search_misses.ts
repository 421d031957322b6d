import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration works on an untyped schema
type Db = Kysely<any>;

/**
 * What the audience searched for and did not find (issue 29, point 4), for the band's Insights: one
 * row per gig, venue-local day and folded text, with how many times. Nothing else is kept: no device
 * id, address, session or user agent, so a row cannot be traced to a guest (docs/operations.md,
 * "What guests send"). Rows older than SEARCH_MISS_KEEP_DAYS are purged (db/search-misses.ts); a
 * deleted gig or band takes its rows with it. The index serves the insights (a band over a period)
 * and the purge (by day).
 */
export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('search_misses')
    .addColumn('gig_id', 'integer', (c) => c.notNull().references('gigs.id').onDelete('cascade'))
    .addColumn('band_id', 'integer', (c) => c.notNull().references('bands.id').onDelete('cascade'))
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('search_misses_pkey', ['gig_id', 'day', 'text'])
    .execute();
  await db.schema
    .createIndex('search_misses_band_day')
    .on('search_misses')
    .columns(['band_id', 'day'])
    .execute();
  await db.schema.createIndex('search_misses_day').on('search_misses').column('day').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('search_misses').execute();
}
