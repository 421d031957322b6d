import type { Db } from './connect.js';

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

export async function countAdmins(db: Db): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('role', '=', 'admin')
    .executeTakeFirstOrThrow();
  return Number(row.n);
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
