import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration works on an untyped schema
type Db = Kysely<any>;

/**
 * The slugs bands used before (issue 23, finding 10): printed QR codes of PUBLIC_URL/r/<slug> stay
 * on tables and posters, so a slug a band leaves stays its own and leads to its current link, and no
 * other band may take it until a system admin releases it. A deleted band's slugs stay too, held by
 * no band (band_id null), so its stickers never open another band's gig. `naziv` is the band's name
 * when it left the slug: the only name a deleted band's slug still has. Slugs are stored lower-cased,
 * like bands.slug, so the primary key makes them unique without regard to case.
 */
export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('former_band_slugs')
    .addColumn('slug', 'text', (c) => c.primaryKey())
    .addColumn('band_id', 'integer', (c) => c.references('bands.id').onDelete('set null'))
    .addColumn('naziv', 'text', (c) => c.notNull())
    .addColumn('left_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('former_band_slugs_band').on('former_band_slugs').column('band_id').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('former_band_slugs').execute();
}
