import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration works on an untyped schema
type Db = Kysely<any>;

/**
 * The band link (issue 13, point 1): each band gets a slug for PUBLIC_URL/r/<slug>, made here from
 * the names of the bands there are. Slugs are stored lower-cased, so the unique index makes them
 * unique without regard to case on both databases. The column stays nullable only because SQLite
 * cannot add a NOT NULL column without a default; the app always writes one.
 */
// The slug rules as they were when this migration was written, copied here (migrations import
// nothing from the app, see 0001): a later change to the app's rules must not change the slugs an old
// database gets on upgrade.
const SLUG_MAX = 40;

function slugFromName(naziv: string): string {
  const base = naziv
    .toLowerCase()
    .replace(/đ/g, 'dj')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, SLUG_MAX)
    .replace(/^-+|-+$/g, '');
  return base.length >= 2 ? base : base ? `band-${base}` : 'band';
}

function freeSlug(base: string, taken: ReadonlySet<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const suffix = `-${n}`;
    const candidate = `${base.slice(0, SLUG_MAX - suffix.length).replace(/-+$/, '')}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

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
