import { hashToken, newToken } from '../lib/tokens.js';
import type { Db } from './connect.js';

export async function createSession(db: Db, userId: number, now: string): Promise<string> {
  const token = newToken();
  await db
    .insertInto('sessions')
    .values({ user_id: userId, token_hash: hashToken(token), created_at: now, last_used_at: now })
    .execute();
  return token;
}

/** The session of a bearer token with its user and band, in one query (it runs on every call). */
export const findSessionUser = (db: Db, token: string) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .leftJoin('bands', 'bands.id', 'users.band_id')
    .selectAll('users')
    .select([
      'sessions.id as session_id',
      'sessions.last_used_at',
      'bands.naziv as band_naziv',
      'bands.picture as band_picture',
    ])
    .where('sessions.token_hash', '=', hashToken(token))
    .executeTakeFirst();

/** Stores the latest use of several sessions in one transaction; a use never moves backwards. */
export const recordSessionUses = (db: Db, uses: { id: number; at: string }[]) =>
  db.transaction().execute(async (trx) => {
    for (const { id, at } of uses) {
      await trx
        .updateTable('sessions')
        .set({ last_used_at: at })
        .where('id', '=', id)
        .where('last_used_at', '<', at)
        .execute();
    }
  });

export const deleteSession = (db: Db, id: number) => db.deleteFrom('sessions').where('id', '=', id).execute();
