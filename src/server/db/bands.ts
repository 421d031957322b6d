import { sql } from 'kysely';
import type { Db, Dialect } from './connect.js';
import { freeSlug, slugFromName } from '../../shared/slug.js';
import { formerSlugsHeld, keepSlug } from './band-slugs.js';
import { lockAdmins, locking } from './locks.js';
import { changedBy } from './versions.js';
import { type Actor, tracked } from './history.js';

export const listBands = (db: Db) =>
  db
    .selectFrom('bands')
    .select(['bands.id', 'bands.naziv', 'bands.email', 'bands.picture', 'bands.slug'])
    .select(['bands.version', 'bands.updated_at', changedBy('bands')])
    .select((eb) =>
      eb
        .selectFrom('users')
        .select((inner) => inner.fn.countAll().as('n'))
        .whereRef('users.band_id', '=', 'bands.id')
        .as('users_count'),
    )
    .orderBy('bands.naziv')
    .orderBy('bands.id')
    .execute();

export const findBand = (db: Db, id: number) =>
  db.selectFrom('bands').selectAll().where('id', '=', id).executeTakeFirst();

/**
 * Whether another band already has this name, compared without case (Unicode-aware, so "đ" and "Đ"
 * are one letter, which SQLite's lower() would not see). Bands are few; they are compared here.
 */
export async function bandNameTaken(db: Db, naziv: string, exceptId?: number) {
  const key = naziv.trim().toLocaleLowerCase('sr');
  const rows = await db.selectFrom('bands').select(['id', 'naziv']).execute();
  return rows.some((row) => row.id !== exceptId && row.naziv.trim().toLocaleLowerCase('sr') === key);
}

/** The slugs other bands have or had (stored lower-cased): a band may take back its own. */
export async function takenSlugs(db: Db, exceptId?: number) {
  const rows = await db.selectFrom('bands').select(['id', 'slug']).execute();
  const current = rows.filter((row) => row.id !== exceptId && row.slug).map((row) => row.slug);
  return new Set([...current, ...(await formerSlugsHeld(db, exceptId))]);
}

/** A slug for a new band made from its name, free among the others (call it under lockBandNames). */
export async function newBandSlug(db: Db, naziv: string, exceptId?: number) {
  return freeSlug(slugFromName(naziv), await takenSlugs(db, exceptId));
}

export const findBandBySlug = (db: Db, slug: string) =>
  db.selectFrom('bands').select(['id', 'naziv', 'slug']).where('slug', '=', slug).executeTakeFirst();

/**
 * The band link's gig: of the band's gigs open for requests, the one whose start is nearest to now
 * (both are wall-clock times, YYYY-MM-DDTHH:MM, compared as written); else none, and the band's next
 * gig (the first that starts now or later), if any.
 */
export async function bandLinkGig(db: Db, bandId: number, now: string) {
  const active = await db
    .selectFrom('gigs')
    .select(['token', 'pocetak'])
    .where('band_id', '=', bandId)
    .where('status', '=', 1)
    .orderBy('id')
    .execute();
  const distance = (pocetak: string) => Math.abs(Date.parse(`${pocetak}Z`) - Date.parse(`${now}Z`));
  const open = active.reduce<(typeof active)[number] | undefined>(
    (best, gig) => (!best || distance(gig.pocetak) < distance(best.pocetak) ? gig : best),
    undefined,
  );
  if (open) return { open: open.token };
  const next = await db
    .selectFrom('gigs')
    .select(['naziv', 'lokacija', 'pocetak'])
    .where('band_id', '=', bandId)
    .where('pocetak', '>=', now)
    .orderBy('pocetak')
    .orderBy('id')
    .executeTakeFirst();
  return { next };
}

/** Inside a transaction on PostgreSQL: no other band is added or renamed until it ends. */
export async function lockBandNames(trx: Db, dialect: Dialect) {
  if (dialect === 'postgres') await sql`lock table bands in share row exclusive mode`.execute(trx);
}

const OWNED = ['songs', 'performers', 'playlists', 'gigs'] as const;
type Owned = (typeof OWNED)[number];

/** How many songs, performers, playlists and gigs a band still owns. */
export async function ownedCounts(db: Db, bandId: number) {
  const counts: [Owned, number][] = [];
  for (const table of OWNED) {
    const row = await db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll().as('n'))
      .where('band_id', '=', bandId)
      .executeTakeFirstOrThrow();
    counts.push([table, Number(row.n)]);
  }
  return Object.fromEntries(counts) as Record<Owned, number>;
}

/**
 * Every uploaded file the band's items use, to remove once they are deleted. Inside the delete's
 * transaction the rows are locked (PostgreSQL), so no item changes its file between this read and
 * the delete; they are locked in the common order (locks.ts).
 */
async function bandFiles(db: Db, bandId: number): Promise<string[]> {
  const rows = (table: 'gigs' | 'playlists' | 'performers') =>
    locking(db, db.selectFrom(table).select('slika').where('band_id', '=', bandId), 'update').execute();
  const gigs = await rows('gigs');
  const playlists = await rows('playlists');
  const performers = await rows('performers');
  const songs = await locking(
    db,
    db.selectFrom('songs').select(['slika', 'resource_file']).where('band_id', '=', bandId),
    'update',
  ).execute();
  return [
    ...songs.flatMap((s) => [s.slika, s.resource_file]),
    ...[...performers, ...playlists, ...gigs].map((r) => r.slika),
  ].filter((name): name is string => Boolean(name));
}

export type BandDeletion =
  | { outcome: 'missing' }
  | { outcome: 'owns'; counts: Record<Owned, number> }
  | { outcome: 'deleted'; files: string[] };

/**
 * Deletes a band unless it still owns items and `cascade` is off; with `cascade` its items go with
 * it (foreign key cascade) and its users are left without a band. The count and the delete are one
 * transaction, with the band's row locked first on PostgreSQL: an item being added to the band
 * meanwhile waits for the answer (and then finds no band), or was added before and is counted.
 * Its slugs stay taken, held by no band, until a system admin releases them: its printed QR codes
 * must not open another band's gig (band-slugs.ts).
 */
export function deleteBand(
  db: Db,
  bandId: number,
  cascade: boolean,
  now: string,
  actor?: Actor,
): Promise<BandDeletion> {
  return db.transaction().execute(async (trx) => {
    // Its users' rows first, in the common lock order (admins first): the delete leaves its users
    // without a band.
    await lockAdmins(trx);
    await locking(
      trx,
      trx.selectFrom('users').select('id').where('band_id', '=', bandId).orderBy('id'),
      'no key update',
    ).execute();
    const band = await locking(
      trx,
      trx.selectFrom('bands').select(['naziv', 'slug', 'picture']).where('id', '=', bandId),
      'update',
    ).executeTakeFirst();
    if (!band) return { outcome: 'missing' };
    const counts = await ownedCounts(trx, bandId);
    if (!cascade && Object.values(counts).some((n) => n > 0)) return { outcome: 'owns', counts };
    const files = await bandFiles(trx, bandId);
    // Kept under the band first; the delete then sets its key to null (migration 0011).
    if (band.slug) await keepSlug(trx, { id: bandId, naziv: band.naziv }, band.slug, now);
    await tracked(trx, actor, 'band', bandId, () =>
      trx.deleteFrom('bands').where('id', '=', bandId).execute(),
    );
    return { outcome: 'deleted', files: band.picture ? [band.picture, ...files] : files };
  });
}

export const bandUsers = (db: Db, bandId: number) =>
  db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'role'])
    .where('band_id', '=', bandId)
    .orderBy('name')
    .execute();
