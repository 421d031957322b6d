import { say } from '../../shared/server-messages.js';
import { PostgresAdapter, type SelectQueryBuilder } from 'kysely';
import { invalid } from '../errors.js';
import type { Db } from './connect.js';

/**
 * Row locks for rules that read and then write, inside one transaction. On PostgreSQL the rows a
 * rule relies on are locked; SQLite has no row locks and needs none, since its transactions take
 * the database's write lock when they begin (connect.ts).
 *
 * To keep two transactions from waiting on each other, rows are locked in one order everywhere:
 * users (the system admins first, see lockAdmins), bands, gigs, playlists, performers, songs.
 */
export type LockMode = 'update' | 'no key update' | 'share' | 'key share';

export const isPostgres = (db: Db) => db.getExecutor().adapter instanceof PostgresAdapter;

export function locking<DB, TB extends keyof DB, O>(
  db: Db,
  query: SelectQueryBuilder<DB, TB, O>,
  mode: LockMode,
): SelectQueryBuilder<DB, TB, O> {
  if (!isPostgres(db)) return query;
  switch (mode) {
    case 'update':
      return query.forUpdate();
    case 'no key update':
      return query.forNoKeyUpdate();
    case 'share':
      return query.forShare();
    default:
      return query.forKeyShare();
  }
}

/**
 * Locks the system admins' rows (PostgreSQL) and answers how many there are. Every transaction that
 * changes users takes these first, so such transactions run one after another: the last-admin rule
 * counts admins no other transaction is changing, and their user locks never cross.
 *
 * Users' rows are locked "for no key update": that is enough to order changes of users, and unlike
 * "for update" it lets an item that names its creator (created_by) be added meanwhile, which
 * would otherwise wait on the user while holding its band.
 */
export async function lockAdmins(trx: Db): Promise<number> {
  const admins = await locking(
    trx,
    trx.selectFrom('users').select('id').where('role', '=', 'admin').orderBy('id'),
    'no key update',
  ).execute();
  return admins.length;
}

/**
 * Whether the band exists, keeping it so (not deleted) until the transaction ends: something is
 * about to refer to it.
 */
export async function bandKept(trx: Db, bandId: number): Promise<boolean> {
  const band = await locking(
    trx,
    trx.selectFrom('bands').select('id').where('id', '=', bandId),
    'key share',
  ).executeTakeFirst();
  return band !== undefined;
}

/** The message of a user without a band who tries to add an item. */
export const NEEDS_BAND = say('needs_band');

/**
 * Keeps the band an item is being added to; a band deleted meanwhile is answered as for a user
 * without a band, since that is what the user now is.
 */
export async function holdBand(trx: Db, bandId: number) {
  if (!(await bandKept(trx, bandId))) throw invalid({ band: [NEEDS_BAND] });
}

/**
 * Holds the band's repertoire for a rule over all of its songs and performers (an import skips
 * those the band already has): on PostgreSQL the band's row is locked "for no key update", so two
 * such transactions run one after the other and the second reads what the first wrote. Items added
 * one at a time only keep the band ("key share", see holdBand) and do not wait for it; SQLite's
 * BEGIN IMMEDIATE orders everything anyway. A band deleted meanwhile is answered as in holdBand.
 */
export async function lockBandItems(trx: Db, bandId: number) {
  const band = await locking(
    trx,
    trx.selectFrom('bands').select('id').where('id', '=', bandId),
    'no key update',
  ).executeTakeFirst();
  if (!band) throw invalid({ band: [NEEDS_BAND] });
}

/** A unique constraint on `column` was violated (PostgreSQL 23505, SQLite's UNIQUE constraint). */
export function violatesUnique(error: unknown, table: string, column: string): boolean {
  const { code, constraint, message } = (error ?? {}) as {
    code?: string;
    constraint?: string;
    message?: string;
  };
  if (code === '23505') return constraint === `${table}_${column}_key`;
  return code === 'SQLITE_CONSTRAINT_UNIQUE' && message === `UNIQUE constraint failed: ${table}.${column}`;
}
