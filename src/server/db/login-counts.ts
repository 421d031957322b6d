import { type Selectable, sql } from 'kysely';
import type { Db } from './connect.js';
import { isPostgres } from './locks.js';
import type { LoginCountsTable } from './schema.js';

/*
 * The failed sign-in counters that every server process shares through the database (migration
 * 0012). Every write is one statement and no transaction spans two, so each check-and-count is
 * atomic by itself and no write lock is held across an await (SQLite). No two writers can wait on
 * each other in a cycle on PostgreSQL: a statement on several rows either locks them in key order
 * (the copy of Redis's counts) or skips locked ones (the purge); every other one touches one row.
 * Times are ISO-8601 UTC text, which compares in time order.
 */

export type LoginCount = Selectable<LoginCountsTable>;

/** The thresholds of an account's wait, from the longest wait down: `from` failures on, `until`. */
export type AccountWaits = { from: number; until: string }[];

const stored = (column: keyof LoginCountsTable) => sql.ref(`login_counts.${column}`);
/** The value an upsert brought for `column`. */
const brought = (column: keyof LoginCountsTable) => sql.ref(`excluded.${column}`);
const expired = (now: string) => sql<boolean>`${stored('expires_at')} <= ${now}`;
/** The count after one more failure: an expired row starts over. */
const nextCount = (now: string) =>
  sql<number>`case when ${expired(now)} then 1 else ${stored('count')} + 1 end`;
const nextExpiry = (now: string, windowEnd: string) =>
  sql<string>`case when ${expired(now)} then ${windowEnd} else ${stored('expires_at')} end`;

export const readLoginCounts = (db: Db, keys: string[], now: string) =>
  db.selectFrom('login_counts').selectAll().where('key', 'in', keys).where('expires_at', '>', now).execute();

/**
 * Counts one more failure on `key` unless it already holds `max` live ones. Answers the row as
 * counted, or undefined when the limit was reached (nothing was written then).
 */
export const countFailureBelow = (db: Db, key: string, max: number, now: string, windowEnd: string) =>
  db
    .insertInto('login_counts')
    .values({ key, count: 1, expires_at: windowEnd, wait_until: null })
    .onConflict((conflict) =>
      conflict
        .column('key')
        .doUpdateSet({ count: nextCount(now), expires_at: nextExpiry(now, windowEnd) })
        .where((eb) => eb.or([eb('login_counts.expires_at', '<=', now), eb('login_counts.count', '<', max)])),
    )
    .returning(['count', 'expires_at'])
    .executeTakeFirst();

/**
 * Counts one more failure on an account and starts the wait its new count earns, unless the
 * account is waiting (and `ignoreWait` is off). Undefined when it was waiting.
 */
export function countAccountFailure(
  db: Db,
  key: string,
  {
    now,
    windowEnd,
    waits,
    ignoreWait,
  }: { now: string; windowEnd: string; waits: AccountWaits; ignoreWait: boolean },
) {
  const waitFrom = (count: number) => waits.find(({ from }) => count >= from)?.until ?? null;
  // As in Redis and in memory, a count that earns no wait leaves the current one as it is.
  const nextWait = sql<string | null>`case when ${expired(now)} then ${waitFrom(1)} ${sql.join(
    waits.map(({ from, until }) => sql`when ${stored('count')} + 1 >= ${from} then ${until}`),
    sql` `,
  )} else ${stored('wait_until')} end`;
  return db
    .insertInto('login_counts')
    .values({ key, count: 1, expires_at: windowEnd, wait_until: waitFrom(1) })
    .onConflict((conflict) => {
      const update = conflict
        .column('key')
        .doUpdateSet({ count: nextCount(now), expires_at: nextExpiry(now, windowEnd), wait_until: nextWait });
      if (ignoreWait) return update;
      return update.where((eb) =>
        eb.or([
          eb('login_counts.expires_at', '<=', now),
          eb('login_counts.wait_until', 'is', null),
          eb('login_counts.wait_until', '<=', now),
        ]),
      );
    })
    .returning('count')
    .executeTakeFirst();
}

/** Takes back a failure counted on the row as it was then (`expiresAt`), not on a later one. */
export const uncountFailure = (db: Db, key: string, expiresAt: string) =>
  lowerCount(db, key).where('expires_at', '=', expiresAt).execute();

/** Takes back one live failure (a right password). */
export const lowerLoginCount = (db: Db, key: string, now: string) =>
  lowerCount(db, key).where('expires_at', '>', now).execute();

/** One failure less on the key's row, never below none. */
const lowerCount = (db: Db, key: string) =>
  db
    .updateTable('login_counts')
    .set((eb) => ({ count: eb('count', '-', 1) }))
    .where('key', '=', key)
    .where('count', '>', 0);

export const forgetLoginCount = (db: Db, key: string) =>
  db.deleteFrom('login_counts').where('key', '=', key).execute();

/** A marker row (an address an account signed in from) living until `expiresAt`. */
export const markLoginCount = (db: Db, key: string, expiresAt: string) =>
  db
    .insertInto('login_counts')
    .values({ key, count: 1, expires_at: expiresAt, wait_until: null })
    .onConflict((conflict) => conflict.column('key').doUpdateSet({ count: 1, expires_at: expiresAt }))
    .execute();

/**
 * Records `rows` as "at least this" (a copy of Redis's counters), in one statement: a higher count
 * replaces the stored one with its expiry, as does any count over an expired row; a later wait
 * extends the stored one. Concurrent copies in any order thus keep the highest. The rows are
 * written in key order, so two copies sharing rows take their locks in the same order.
 */
export function raiseLoginCounts(db: Db, rows: LoginCount[], now: string) {
  const replace = sql<boolean>`(${expired(now)} or ${brought('count')} > ${stored('count')})`;
  const extend = sql<boolean>`(${expired(now)} or ${brought('wait_until')} > coalesce(${stored('wait_until')}, ''))`;
  const pick = <C extends keyof LoginCountsTable>(when: typeof replace, column: C) =>
    sql<LoginCountsTable[C]>`case when ${when} then ${brought(column)} else ${stored(column)} end`;
  return db
    .insertInto('login_counts')
    .values([...rows].sort((a, b) => (a.key < b.key ? -1 : 1)))
    .onConflict((conflict) =>
      conflict.column('key').doUpdateSet({
        count: pick(replace, 'count'),
        expires_at: pick(replace, 'expires_at'),
        wait_until: pick(extend, 'wait_until'),
      }),
    )
    .execute();
}

/** Deletes up to `limit` expired rows. */
export async function purgeLoginCounts(db: Db, now: string, limit: number) {
  let expiredKeys = db.selectFrom('login_counts').select('key').where('expires_at', '<=', now).limit(limit);
  // A row another process is writing is left for a later purge: the purge never waits on a lock.
  if (isPostgres(db)) expiredKeys = expiredKeys.forUpdate().skipLocked();
  await db.deleteFrom('login_counts').where('key', 'in', expiredKeys).execute();
}
