import { type Kysely, PostgresAdapter, sql } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration works on an untyped schema
type Db = Kysely<any>;

const TABLES = ['songs', 'performers', 'playlists'];

/**
 * How many rows of each list, per band and visibility, hold each pair of characters of their folded
 * name (SQLite; issue 25, point 1). A search of two letters has no trigram to look up: its count read
 * every row of an ownership part to find that it holds none (other bands' public songs, for `sa`).
 * These counts say it from a few rows of this table: the rows of a part (a band's, other bands'
 * public ones) holding the pair, exactly, as the parts are made of bands and visibilities
 * (list-search.ts, pairCount). Kept by triggers, as the trigram counts of 0009 are, on every write of
 * a name, a band or a visibility; the pairs are cut with 0009's `trigram_positions` (1 … 1,000): a
 * name has at most 200 characters, at most 801 folded with its second line (0013).
 */
export async function up(db: Db): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  // A performer's songs and each one's part (list-page.ts, ownershipParts) from the index alone:
  // whether a part holds a song by a performer found by name (songs.ts, `elsewhere`). It replaces the
  // index on performer_id alone, which served only the foreign key.
  await sql`create index songs_performer_scope on songs (performer_id, visibility, band_id)`.execute(db);
  await sql`drop index songs_performer_id`.execute(db);
  await sql`create table search_pair_counts (
      tbl text not null, pair text not null, visibility integer not null, band_id integer not null,
      n integer not null, primary key (tbl, pair, visibility, band_id)
    ) without rowid`.execute(db);
  for (const table of TABLES) {
    const pairs = (row: 'new' | 'old') =>
      `select distinct substr(${row}.search, p, 2) as t from trigram_positions where p <= length(${row}.search) - 1`;
    const add =
      `insert into search_pair_counts (tbl, pair, visibility, band_id, n) ` +
      `select '${table}', t, new.visibility, new.band_id, 1 from (${pairs('new')}) ` +
      `where true on conflict (tbl, pair, visibility, band_id) do update set n = n + 1;`;
    const remove =
      `update search_pair_counts set n = n - 1 where tbl = '${table}' and pair in (${pairs('old')}) ` +
      `and visibility = old.visibility and band_id = old.band_id;`;
    await sql
      .raw(`create trigger ${table}_pair_counts_insert after insert on ${table} begin ${add} end`)
      .execute(db);
    await sql
      .raw(`create trigger ${table}_pair_counts_delete after delete on ${table} begin ${remove} end`)
      .execute(db);
    await sql
      .raw(
        `create trigger ${table}_pair_counts_update after update of search, band_id, visibility on ${table} ` +
          `begin ${remove} ${add} end`,
      )
      .execute(db);
    await sql
      .raw(
        `insert into search_pair_counts (tbl, pair, visibility, band_id, n) ` +
          `select '${table}', t, visibility, band_id, count(*) from (` +
          `select distinct id, substr(search, p, 2) as t, visibility, band_id from ${table} ` +
          `join trigram_positions on p <= length(search) - 1) group by t, visibility, band_id`,
      )
      .execute(db);
  }
}

export async function down(db: Db): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) return;
  for (const table of TABLES) {
    for (const event of ['insert', 'delete', 'update']) {
      await sql.raw(`drop trigger ${table}_pair_counts_${event}`).execute(db);
    }
  }
  await sql`drop table search_pair_counts`.execute(db);
  await sql`create index songs_performer_id on songs (performer_id)`.execute(db);
  await sql`drop index songs_performer_scope`.execute(db);
}
