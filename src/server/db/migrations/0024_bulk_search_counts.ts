import { type Kysely, PostgresAdapter, sql } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration works on an untyped schema
type Db = Kysely<any>;

/** The count triggers of 0009 and 0020 a bulk insert of songs takes over. */
const TRIGGERS = ['songs_trigram_counts_insert', 'songs_pair_counts_insert'];
const WHEN = `when not exists (select 1 from bulk_inserts where tbl = 'songs')`;

/**
 * SQLite (issue 25, point 2): a 5,000-row import spent two thirds of its transaction in the count
 * triggers of 0009 and 0020, one upsert per trigram and per pair of every new name (some 200,000
 * upserts), while it held the write lock every guest's request waits for. While `bulk_inserts` holds
 * a table's name, those triggers stand aside and the writer counts its rows itself, grouped, in two
 * statements (db/search-counts.ts); the row is taken out in the same transaction, so no other writer
 * ever sees it. Every other write path keeps the triggers as before.
 */
export async function up(db: Db): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  await sql`create table bulk_inserts (tbl text primary key) without rowid`.execute(db);
  await rewrite(db, (source) => source.replace(/ begin /i, ` ${WHEN} begin `));
}

export async function down(db: Db): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  await rewrite(db, (source) => source.replace(` ${WHEN}`, ''));
  await sql`drop table bulk_inserts`.execute(db);
}

async function rewrite(db: Db, change: (source: string) => string) {
  for (const name of TRIGGERS) {
    const { rows } = await sql<{ sql: string }>`select sql from sqlite_master
      where type = 'trigger' and name = ${name}`.execute(db);
    await sql.raw(`drop trigger ${name}`).execute(db);
    await sql.raw(change(rows[0].sql)).execute(db);
  }
}
