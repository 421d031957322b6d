import { sql } from 'kysely';
import { PAGE_SIZE } from '../../shared/constants.js';
import { foldForSearch } from '../../shared/search.js';
import type { Db } from './connect.js';
import { likePattern } from './ownership.js';
import type { UserWithBand } from './users.js';

export interface GigValues {
  naziv: string;
  lokacija: string;
  pocetak: string;
  status: number;
  razmakpesme: number;
  razmakvreme: number;
  playlist_id: number;
  slika: string | null;
}

/** Gigs are searched by name or location. */
const searchText = (values: { naziv: string; lokacija: string }) =>
  foldForSearch(`${values.naziv} ${values.lokacija}`);

/** A page of the caller's band's gigs (every gig for a system admin), newest start first. */
export async function listGigs(
  db: Db,
  user: UserWithBand,
  { q, page, size = PAGE_SIZE }: { q?: string; page: number; size?: number },
) {
  let base = db.selectFrom('gigs');
  if (user.role !== 'admin') base = base.where('band_id', '=', user.band_id ?? -1);
  if (q?.trim())
    base = base.where(sql<boolean>`gigs.search like ${likePattern(foldForSearch(q))} escape '\\'`);
  const [rows, count] = await Promise.all([
    base
      .select(['id', 'naziv', 'lokacija', 'pocetak', 'slika', 'status', 'band_id', 'token'])
      .orderBy('pocetak', 'desc')
      .orderBy('id', 'desc')
      .limit(size)
      .offset(page * size)
      .execute(),
    base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export const findGig = (db: Db, id: number) =>
  db.selectFrom('gigs').selectAll().where('id', '=', id).executeTakeFirst();

export async function insertGig(
  db: Db,
  values: GigValues & { band_id: number; created_by: number; token: string; now: string },
) {
  const { now, ...rest } = values;
  const row = await db
    .insertInto('gigs')
    .values({ ...rest, search: searchText(values), created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateGig(db: Db, id: number, values: GigValues) {
  await db
    .updateTable('gigs')
    .set({ ...values, search: searchText(values) })
    .where('id', '=', id)
    .execute();
}

export const deleteGig = (db: Db, id: number) => db.deleteFrom('gigs').where('id', '=', id).execute();
