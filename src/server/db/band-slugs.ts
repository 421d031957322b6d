import type { Db } from './connect.js';

/**
 * A band's former slugs (issue 23, finding 10; migration 0011). Printed QR codes of PUBLIC_URL/r/<slug>
 * outlive a change of the band's slug and even the band, so a slug once used stays with its band (or
 * with no band once it is deleted) until a system admin releases it. Whoever checks that a slug is
 * free and takes it does so under lockBandNames (bands.ts), so a slug is either one band's current
 * slug or one former slug; the primary key of the former slugs turns any other race into a conflict.
 */

/** Who keeps a slug from a band (`bandId`, none for a new band): none, or why and under what name. */
export interface SlugHolder {
  kind: 'current' | 'former' | 'deleted';
  naziv: string;
}

export async function slugHolder(db: Db, slug: string, bandId?: number): Promise<SlugHolder | undefined> {
  const current = await db
    .selectFrom('bands')
    .select(['id', 'naziv'])
    .where('slug', '=', slug)
    .executeTakeFirst();
  if (current) return current.id === bandId ? undefined : { kind: 'current', naziv: current.naziv };
  const former = await formerSlug(db, slug);
  // A band may take back a slug of its own.
  if (!former || former.band_id === bandId) return undefined;
  return { kind: former.band_id === null ? 'deleted' : 'former', naziv: former.naziv };
}

/** Former slugs with their band's name now (a deleted band's: its name when it left the slug). */
const formerSlugs = (db: Db) =>
  db
    .selectFrom('former_band_slugs')
    .leftJoin('bands', 'bands.id', 'former_band_slugs.band_id')
    .select((eb) => [
      'former_band_slugs.slug',
      'former_band_slugs.band_id',
      'former_band_slugs.left_at',
      eb.fn.coalesce('bands.naziv', 'former_band_slugs.naziv').as('naziv'),
      'bands.slug as current_slug',
    ]);

/** One former slug, with its band's name and current slug. */
function formerSlug(db: Db, slug: string) {
  return formerSlugs(db).where('former_band_slugs.slug', '=', slug).executeTakeFirst();
}

/** Every former slug, a band's newest first, for the system admin who may release them. */
export async function listFormerSlugs(db: Db) {
  const rows = await formerSlugs(db)
    .orderBy('naziv')
    .orderBy('former_band_slugs.band_id')
    .orderBy('former_band_slugs.left_at', 'desc')
    .orderBy('former_band_slugs.slug')
    .execute();
  return rows.map(({ current_slug: _current, ...row }) => row);
}

/** The current slug of the band a former slug leads to; none when it is not one, or its band is gone. */
export async function formerSlugLeadsTo(db: Db, slug: string): Promise<string | undefined> {
  return (await formerSlug(db, slug))?.current_slug ?? undefined;
}

/** The former slugs (of any band, or of none) that `bandId` may not take. */
export async function formerSlugsHeld(db: Db, bandId?: number) {
  const rows = await db.selectFrom('former_band_slugs').select(['slug', 'band_id']).execute();
  return rows.filter((row) => row.band_id !== bandId).map((row) => row.slug);
}

/**
 * A band moves from slug `from` to `to`: `from` is kept as its former slug, and `to`, if it was one
 * of its former slugs, is its current one again.
 */
export async function moveSlug(
  trx: Db,
  band: { id: number; naziv: string },
  from: string,
  to: string,
  now: string,
) {
  await trx.deleteFrom('former_band_slugs').where('slug', '=', to).where('band_id', '=', band.id).execute();
  await keepSlug(trx, band, from, now);
}

/** Keeps a slug a band leaves (it changes slug, or is deleted: the key then becomes null). */
export async function keepSlug(trx: Db, band: { id: number; naziv: string }, slug: string, now: string) {
  await trx
    .insertInto('former_band_slugs')
    .values({ slug, band_id: band.id, naziv: band.naziv, left_at: now })
    .execute();
}

/** Releases a former slug, so that any band may take it; false when it is none. */
export async function releaseSlug(trx: Db, slug: string): Promise<boolean> {
  const result = await trx.deleteFrom('former_band_slugs').where('slug', '=', slug).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
