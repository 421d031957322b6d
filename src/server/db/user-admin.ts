import type { Db, Dialect } from './connect.js';

/** Users as the User Management screen lists them (spec §7 Users), newest first. */
export const listUsers = (db: Db) =>
  db
    .selectFrom('users')
    .leftJoin('bands', 'bands.id', 'users.band_id')
    .select([
      'users.id',
      'users.name',
      'users.email',
      'users.role',
      'users.band_id',
      'bands.naziv as band_naziv',
    ])
    .orderBy('users.id', 'desc')
    .execute();

export const findListedUser = async (db: Db, id: number) =>
  (
    await db
      .selectFrom('users')
      .leftJoin('bands', 'bands.id', 'users.band_id')
      .select([
        'users.id',
        'users.name',
        'users.email',
        'users.role',
        'users.band_id',
        'bands.naziv as band_naziv',
      ])
      .where('users.id', '=', id)
      .execute()
  )[0];

/**
 * Inside a transaction: the system admins' ids, with their rows locked on PostgreSQL, so two
 * transactions cannot each see another admin left and both take one away. (SQLite has one
 * connection, and a Kysely transaction holds it to the end.)
 */
export async function lockAdmins(trx: Db, dialect: Dialect): Promise<number[]> {
  let query = trx.selectFrom('users').select('id').where('role', '=', 'admin').orderBy('id');
  if (dialect === 'postgres') query = query.forUpdate();
  return (await query.execute()).map((row) => row.id);
}

export async function emailTaken(db: Db, email: string, exceptId?: number) {
  let query = db.selectFrom('users').select('id').where('email', '=', email);
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return Boolean(await query.executeTakeFirst());
}

export const bandExists = async (db: Db, id: number) =>
  Boolean(await db.selectFrom('bands').select('id').where('id', '=', id).executeTakeFirst());

/** Signs a user out everywhere, except the session given (the one making the change). */
export const revokeSessions = (db: Db, userId: number, keepSessionId?: number | null) => {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (keepSessionId) query = query.where('id', '<>', keepSessionId);
  return query.execute();
};
