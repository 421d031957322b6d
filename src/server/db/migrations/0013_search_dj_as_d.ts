import { type Kysely, PostgresAdapter, sql } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration works on an untyped schema
type Db = Kysely<any>;

const TABLES = ['songs', 'performers', 'playlists', 'gigs'];
const LINE = '\n';

/**
 * Đ found by "d" as by "dj" (issue 26, point 3; docs/decisions.md, "Đ in searches"): a `search`
 * column that holds "dj" gets a second line with every "dj" read as "d" ("djordje" becomes
 * "djordje\ndorde"), as the app now writes it. The folded text before this had no line break (white
 * space folded to one space) and Đ already as "dj", so SQL's replace() on it gives exactly the app's
 * fold, with nothing of the app imported. Only the rows holding "dj" are written; the triggers of
 * 0008 and 0009 keep the trigram indexes and counts in step.
 */
export async function up(db: Db): Promise<void> {
  for (const table of TABLES) {
    await sql`update ${sql.table(table)} set search = search || ${LINE} || replace(search, 'dj', 'd')
      where search like '%dj%'`.execute(db);
  }
}

export async function down(db: Db): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  const firstLine = postgres
    ? sql`split_part(search, ${LINE}, 1)`
    : sql`substr(search, 1, instr(search, ${LINE}) - 1)`;
  for (const table of TABLES) {
    await sql`update ${sql.table(table)} set search = ${firstLine}
      where search like ${`%${LINE}%`}`.execute(db);
  }
}
