import type { Kysely } from 'kysely';
import { freeSlug, slugFromName } from '../../services/slug.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration works on an untyped schema
type Db = Kysely<any>;

/**
 * The band link (issue 13, point 1): each band gets a slug for PUBLIC_URL/r/<slug>, made here from
 * the names of the bands there are. Slugs are stored lower-cased, so the unique index makes them
 * unique without regard to case on both databases. The column stays nullable only because SQLite
 * cannot add a NOT NULL column without a default; the app always writes one.
 */
export async function up(db: Db): Promise<void> {
  await db.schema.alterTable('bands').addColumn('slug', 'text').execute();
  const bands = (await db.selectFrom('bands').select(['id', 'naziv']).orderBy('id').execute()) as {
    id: number;
    naziv: string;
  }[];
  const taken = new Set<string>();
  for (const band of bands) {
    const slug = freeSlug(slugFromName(band.naziv), taken);
    taken.add(slug);
    await db.updateTable('bands').set({ slug }).where('id', '=', band.id).execute();
  }
  await db.schema.createIndex('bands_slug').on('bands').column('slug').unique().execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex('bands_slug').execute();
  await db.schema.alterTable('bands').dropColumn('slug').execute();
}
