import { sql } from 'kysely';
import type { Db, Dialect } from './connect.js';

export const listBands = (db: Db) =>
  db
    .selectFrom('bands')
    .select(['bands.id', 'bands.naziv', 'bands.email', 'bands.picture'])
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

/** Inside a transaction: whether the band exists, its row locked on PostgreSQL until the end. */
export async function lockBand(trx: Db, dialect: Dialect, id: number): Promise<boolean> {
  let query = trx.selectFrom('bands').select('id').where('id', '=', id);
  if (dialect === 'postgres') query = query.forUpdate();
  return Boolean(await query.executeTakeFirst());
}

/**
 * Whether another band already has this name, compared without case (Unicode-aware, so "đ" and "Đ"
 * are one letter, which SQLite's lower() would not see). Bands are few; they are compared here.
 */
export async function bandNameTaken(db: Db, naziv: string, exceptId?: number) {
  const key = naziv.trim().toLocaleLowerCase('sr');
  const rows = await db.selectFrom('bands').select(['id', 'naziv']).execute();
  return rows.some((row) => row.id !== exceptId && row.naziv.trim().toLocaleLowerCase('sr') === key);
}

/** Inside a transaction on PostgreSQL: no other band is added or renamed until it ends. */
export async function lockBandNames(trx: Db, dialect: Dialect) {
  if (dialect === 'postgres') await sql`lock table bands in share row exclusive mode`.execute(trx);
}

const OWNED = ['songs', 'performers', 'playlists', 'gigs'] as const;

/** How many songs, performers, playlists and gigs a band still owns. */
export async function ownedCounts(db: Db, bandId: number) {
  const counts = await Promise.all(
    OWNED.map(async (table) => {
      const row = await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .where('band_id', '=', bandId)
        .executeTakeFirstOrThrow();
      return [table, Number(row.n)] as const;
    }),
  );
  return Object.fromEntries(counts) as Record<(typeof OWNED)[number], number>;
}

/** Every uploaded file the band's items use, to remove once they are deleted. */
export async function bandFiles(db: Db, bandId: number): Promise<string[]> {
  const [songs, performers, playlists, gigs] = await Promise.all([
    db.selectFrom('songs').select(['slika', 'resource_file']).where('band_id', '=', bandId).execute(),
    db.selectFrom('performers').select('slika').where('band_id', '=', bandId).execute(),
    db.selectFrom('playlists').select('slika').where('band_id', '=', bandId).execute(),
    db.selectFrom('gigs').select('slika').where('band_id', '=', bandId).execute(),
  ]);
  return [
    ...songs.flatMap((s) => [s.slika, s.resource_file]),
    ...[...performers, ...playlists, ...gigs].map((r) => r.slika),
  ].filter((name): name is string => Boolean(name));
}

export const bandUsers = (db: Db, bandId: number) =>
  db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'role'])
    .where('band_id', '=', bandId)
    .orderBy('name')
    .execute();
