import { hashToken, newToken } from '../services/tokens.js';
import type { Db } from './connect.js';

export async function createSession(db: Db, userId: number, now: string): Promise<string> {
  const token = newToken();
  await db
    .insertInto('sessions')
    .values({ user_id: userId, token_hash: hashToken(token), created_at: now, last_used_at: now })
    .execute();
  return token;
}

export const findSession = (db: Db, token: string) =>
  db.selectFrom('sessions').selectAll().where('token_hash', '=', hashToken(token)).executeTakeFirst();

export const touchSession = (db: Db, id: number, now: string) =>
  db.updateTable('sessions').set({ last_used_at: now }).where('id', '=', id).execute();

export const deleteSession = (db: Db, id: number) => db.deleteFrom('sessions').where('id', '=', id).execute();
