import { type Kysely, PostgresAdapter, sql } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration works on an untyped schema
type Db = Kysely<any>;

const TABLES = ['songs', 'performers', 'playlists', 'gigs'];
/** kB of rows a GIN index may hold unsorted: a few hundred names. */
const PENDING_KB = 64;

/**
 * PostgreSQL: the pg_trgm indexes of 0008 keep at most PENDING_KB of new rows in their pending list.
 * A GIN index adds new rows to a list that every search reads whole, until a vacuum or the list's
 * limit (4 MB by default, tens of thousands of names) moves them into the index: a catalogue just
 * filled or imported searched a title in milliseconds where the index answers in tens of µs
 * (performers' "zzz": 8.6 ms, 0.08 ms after a vacuum). A writer now pays the move every few hundred
 * rows. SQLite's FTS5 indexes are merged by the search-index job instead (db/search-index.ts).
 */
export async function up(db: Db): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  for (const table of TABLES) {
    const index = `${table}_search_trigrams`;
    await sql.raw(`alter index ${index} set (gin_pending_list_limit = ${PENDING_KB})`).execute(db);
    await sql`select gin_clean_pending_list(${index}::regclass)`.execute(db);
  }
}

export async function down(db: Db): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  for (const table of TABLES)
    await sql.raw(`alter index ${table}_search_trigrams reset (gin_pending_list_limit)`).execute(db);
}
