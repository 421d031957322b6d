import { type Kysely, PostgresAdapter, sql } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration works on an untyped schema
type Db = Kysely<any>;

const TABLES = ['songs', 'performers', 'playlists', 'gigs'];
/** Names longer than this count only their first trigrams (the counts only guide a choice). */
const LONGEST = 1000;

/**
 * How many rows of each list hold each trigram of their folded name (SQLite; issue 15). A search then
 * asks the trigram index (0008) for the query's two rarest trigrams, not for its whole phrase, whose
 * first trigrams may be in every row ("pesma 4242" starts with "pes", "esm", "sma"), and checks the
 * few rows found with LIKE (list-search.ts). Kept by triggers, as the index is, so every write path
 * keeps them; `trigram_positions` (1 … LONGEST) lets a trigger cut a name into its trigrams without a
 * recursive query, which SQLite does not allow in triggers. PostgreSQL's pg_trgm needs none of this.
 */
export async function up(db: Db): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  await sql`create table trigram_positions (p integer primary key)`.execute(db);
  await sql`with recursive n(p) as (select 1 union all select p + 1 from n where p < ${LONGEST})
    insert into trigram_positions (p) select p from n`.execute(db);
  await sql`create table search_trigram_counts (
      tbl text not null, trigram text not null, n integer not null, primary key (tbl, trigram)
    ) without rowid`.execute(db);
  for (const table of TABLES) {
    const trigrams = (row: 'new' | 'old') =>
      `select distinct substr(${row}.search, p, 3) as t from trigram_positions where p <= length(${row}.search) - 2`;
    const add =
      `insert into search_trigram_counts (tbl, trigram, n) select '${table}', t, 1 from (${trigrams('new')}) ` +
      `where true on conflict (tbl, trigram) do update set n = n + 1;`;
    const remove = `update search_trigram_counts set n = n - 1 where tbl = '${table}' and trigram in (${trigrams('old')});`;
    await sql
      .raw(`create trigger ${table}_trigram_counts_insert after insert on ${table} begin ${add} end`)
      .execute(db);
    await sql
      .raw(`create trigger ${table}_trigram_counts_delete after delete on ${table} begin ${remove} end`)
      .execute(db);
    await sql
      .raw(
        `create trigger ${table}_trigram_counts_update after update of search on ${table} begin ${remove} ${add} end`,
      )
      .execute(db);
    await sql
      .raw(
        `insert into search_trigram_counts (tbl, trigram, n) select '${table}', t, count(*) from (` +
          `select distinct id, substr(search, p, 3) as t from ${table} join trigram_positions on p <= length(search) - 2` +
          `) group by t`,
      )
      .execute(db);
  }
}

export async function down(db: Db): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  for (const table of TABLES) {
    for (const event of ['insert', 'delete', 'update']) {
      await sql.raw(`drop trigger ${table}_trigram_counts_${event}`).execute(db);
    }
  }
  await sql`drop table search_trigram_counts`.execute(db);
  await sql`drop table trigram_positions`.execute(db);
}
