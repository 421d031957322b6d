import { say } from '../../shared/server-messages.js';
import { OWNERSHIP, PAGE_SIZE } from '../../shared/constants.js';
import { foldForSearch } from '../../shared/search.js';
import type { Db } from './connect.js';
import { invalid, notFound } from '../errors.js';
import { holdBand, locking } from './locks.js';
import { canRead } from '../lib/access.js';
import { type ListValues, listValues, ownershipTotal, runShape } from './list-page.js';
import { narrowSearch, searchOf, searchWhere, usesTrigrams } from './list-search.js';
import { type Memo, noMemo } from './memo.js';
import type { UserWithBand } from './users.js';
import { changedBy, nextVersion, type SaveBy, savedOrStale } from './versions.js';
import { type Actor, recordCreate, tracked } from './history.js';

export interface GigValues {
  naziv: string;
  lokacija: string;
  pocetak: string;
  status: number;
  razmakpesme: number;
  razmakvreme: number;
  playlist_id: number;
  slika: string | null;
  /** Absent on an update: kept as it is (a form that does not know the switch leaves it alone). */
  allow_messages?: number;
  /** Issue 29; absent: the default on a new gig, kept on an update. */
  artist_spacing?: number;
  minutes_per_song?: number;
}

/** Gigs are searched by name or location. */
const searchText = (values: { naziv: string; lokacija: string }) =>
  foldForSearch(`${values.naziv} ${values.lokacija}`);

/** A page of the caller's band's gigs (every gig for a system admin), newest start first. */
export async function listGigs(
  db: Db,
  user: UserWithBand,
  { q, page, size = PAGE_SIZE }: { q?: string; page: number; size?: number },
  memo: Memo = noMemo,
) {
  const search = await narrowSearch(db, ['gigs'], searchOf(q));
  // Few gigs match a search of the band's gigs: the trigram index finds them where it can.
  const plan = search && (usesTrigrams(db, search) ? 'ids' : 'like');
  const shape = `${user.role === 'admin' ? 'admin' : 'user'}:${plan ?? ''}`;
  const values = listValues(user, search, size, page);
  const base = (v: ListValues) => {
    let query = db.selectFrom('gigs');
    if (user.role !== 'admin') query = query.where('band_id', '=', v.band);
    if (plan !== undefined) query = query.where(searchWhere('gigs', plan, v));
    return query;
  };
  // (band_id, pocetak, id) or (pocetak, id), walked backwards: the page without sorting (0005).
  const [rows, total] = await Promise.all([
    runShape(
      db,
      `gigs:page:${shape}`,
      (v) =>
        base(v)
          .select(['id', 'naziv', 'lokacija', 'pocetak', 'slika', 'status', 'band_id', 'token'])
          .orderBy('pocetak', 'desc')
          .orderBy('id', 'desc')
          .limit(v.size)
          .offset(v.offset),
      values,
    ),
    memo(`gigs:${search?.like ?? ''}`, async () => {
      if (search === undefined) return ownershipTotal(db, 'gigs', user, OWNERSHIP.all);
      const [count] = await runShape(
        db,
        `gigs:count:${shape}`,
        (v) => base(v).select((eb) => eb.fn.countAll().as('n')),
        values,
      );
      return Number(count.n);
    }),
  ]);
  return { rows, total };
}

export const findGig = (db: Db, id: number) =>
  db.selectFrom('gigs').selectAll().select(changedBy('gigs')).where('id', '=', id).executeTakeFirst();

/**
 * The gig's playlist must be one the writer may read (their band's, or another band's public one)
 * and still be there when the gig is written; it is kept until then.
 */
async function keepPlaylist(trx: Db, user: UserWithBand, playlistId: number) {
  const playlist = await locking(
    trx,
    trx.selectFrom('playlists').select(['band_id', 'visibility']).where('id', '=', playlistId),
    'key share',
  ).executeTakeFirst();
  if (!playlist || !canRead(user, playlist)) throw invalid({ playlista: [say('playlist_missing')] });
}

export function insertGig(
  db: Db,
  user: UserWithBand,
  values: GigValues & { band_id: number; created_by: number; token: string; now: string },
  actor?: Actor,
) {
  const { now, ...rest } = values;
  return db.transaction().execute(async (trx) => {
    await holdBand(trx, values.band_id);
    await keepPlaylist(trx, user, values.playlist_id);
    const row = await trx
      .insertInto('gigs')
      .values({ ...rest, search: searchText(values), created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordCreate(trx, actor, 'gig', row.id);
    return row.id;
  });
}

/** Changes a gig that is still there (404 if it was deleted meanwhile), over the version the save
 *  names (db/versions.ts), and records the change (db/history.ts). */
export function updateGig(db: Db, user: UserWithBand, id: number, values: GigValues, save: SaveBy) {
  return db.transaction().execute(async (trx) => {
    const gig = await locking(
      trx,
      trx.selectFrom('gigs').select('id').where('id', '=', id),
      'update',
    ).executeTakeFirst();
    if (!gig) throw notFound(say('gig_not_found'));
    await keepPlaylist(trx, user, values.playlist_id);
    await tracked(trx, save, 'gig', id, async () => {
      let update = trx
        .updateTable('gigs')
        .set({ ...values, search: searchText(values), ...nextVersion(save.by, save.now) })
        .where('id', '=', id);
      if (save.version !== undefined) update = update.where('version', '=', save.version);
      savedOrStale(await update.executeTakeFirst(), save.version, () => notFound(say('gig_not_found')));
    });
  });
}

export const deleteGig = (db: Db, id: number, actor?: Actor) =>
  db
    .transaction()
    .execute((trx) =>
      tracked(trx, actor, 'gig', id, () => trx.deleteFrom('gigs').where('id', '=', id).execute()),
    );
