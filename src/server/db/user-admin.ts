import type { Db } from './connect.js';
import { say } from '../../shared/server-messages.js';
import { notFound } from '../errors.js';
import { lockAdmins, locking } from './locks.js';
import { changedBy, nextVersion, type SaveBy, savedOrStale } from './versions.js';
import { type Actor, recordCreate, tracked } from './history.js';

/** Users as the User Management screen lists them (spec §7 Users), newest first. */
/** Users as the Users list shows them, with their band's name. */
const listedUsers = (db: Db) =>
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
      'users.version',
      'users.updated_at',
      changedBy('users'),
    ]);

export const listUsers = (db: Db) => listedUsers(db).orderBy('users.id', 'desc').execute();

export const findListedUser = (db: Db, id: number) =>
  listedUsers(db).where('users.id', '=', id).executeTakeFirst();

/**
 * A user about to be changed or deleted, with the number of system admins for the last-admin rule.
 * The admins' rows are locked first (PostgreSQL; on SQLite the transaction holds the write lock),
 * so two changes at once cannot both count the same admins: the second waits, then counts again.
 */
export async function userForChange(trx: Db, id: number) {
  const admins = await lockAdmins(trx);
  const user = await locking(
    trx,
    trx.selectFrom('users').select(['id', 'role']).where('id', '=', id),
    'no key update',
  ).executeTakeFirst();
  return user && { ...user, admins };
}

/** Signs a user out everywhere, except the session given (the one making the change). */
export const revokeSessions = (db: Db, userId: number, keepSessionId?: number | null) => {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (keepSessionId) query = query.where('id', '<>', keepSessionId);
  return query.execute();
};

export interface UserValues {
  name: string;
  email: string;
  role: string;
  band_id: number | null;
}

export async function insertUser(
  trx: Db,
  values: UserValues & { password_hash: string },
  now: string,
  actor?: Actor,
) {
  const row = await trx
    .insertInto('users')
    .values({ ...values, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  await recordCreate(trx, actor, 'user', row.id);
  return row;
}

/**
 * Changes the fields given (a new password only as its hash) and the user's version, updated_at and
 * updated_by, over the version the save names (db/versions.ts).
 */
export async function updateUser(
  trx: Db,
  id: number,
  changes: Partial<UserValues & { password_hash: string }>,
  save: SaveBy,
) {
  await tracked(trx, save, 'user', id, async () => {
    let update = trx
      .updateTable('users')
      .set({ ...changes, ...nextVersion(save.by, save.now) })
      .where('id', '=', id);
    if (save.version !== undefined) update = update.where('version', '=', save.version);
    savedOrStale(await update.executeTakeFirst(), save.version, () => notFound(say('user_not_found')));
  });
}

export const deleteUser = (trx: Db, id: number, actor?: Actor) =>
  tracked(trx, actor, 'user', id, () => trx.deleteFrom('users').where('id', '=', id).execute());

/** Takes a user out of a band (a save of the user: by whom); false when the user is not in it. */
export async function removeFromBand(db: Db, userId: number, bandId: number, save: Actor) {
  const result = await db.transaction().execute((trx) =>
    tracked(trx, save, 'user', userId, () =>
      trx
        .updateTable('users')
        .set({ band_id: null, ...nextVersion(save.by, save.now) })
        .where('id', '=', userId)
        .where('band_id', '=', bandId)
        .executeTakeFirst(),
    ),
  );
  return Number(result.numUpdatedRows) > 0;
}
