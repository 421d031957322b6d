import { type Kysely, PostgresAdapter, sql } from 'kysely';
import { PAIR_TABLES, pairCountsTrigger } from './0025_search_pair_counts_postgres.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration works on an untyped schema
type Db = Kysely<any>;

const CHANGED = `old.search is distinct from new.search or old.band_id is distinct from new.band_id or old.visibility is distinct from new.visibility`;

/**
 * PostgreSQL: 0025's update trigger ran for every update of a song, performer or playlist (a
 * statement trigger with transition tables can name no columns): a tempo's change cost 0.4 ms more
 * (1.07 against 0.64 ms), on the writes issue 25's point 5 keeps within 2x of SQLite. It is now a row
 * trigger on the name, band and visibility only, run when one of them changed, with the same single
 * upsert of the net change in key order.
 */
export async function up(db: Db): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  for (const table of PAIR_TABLES) {
    const fn = `${table}_update_pair_counts`;
    await sql.raw(`drop trigger ${fn} on ${table}`).execute(db);
    const pairs = (row: 'new' | 'old', sign: number) =>
      `select distinct substr(${row}.search, p, 2) as pair, ${row}.visibility as visibility, ` +
      `${row}.band_id as band_id, ${sign} as d from generate_series(1, length(${row}.search) - 1) as p`;
    await sql
      .raw(
        `create or replace function ${fn}() returns trigger as $$ begin ` +
          `insert into search_pair_counts as c (tbl, pair, visibility, band_id, n) ` +
          `select '${table}', pair, visibility, band_id, sum(d) from (${pairs('new', 1)} union all ${pairs('old', -1)}) x ` +
          `group by pair, visibility, band_id having sum(d) <> 0 order by pair, visibility, band_id ` +
          `on conflict (tbl, pair, visibility, band_id) do update set n = c.n + excluded.n; ` +
          `return null; end $$ language plpgsql`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${fn} after update of search, band_id, visibility on ${table} for each row ` +
          `when (${CHANGED}) execute function ${fn}()`,
      )
      .execute(db);
  }
}

export async function down(db: Db): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  for (const table of PAIR_TABLES) {
    await sql.raw(`drop trigger ${table}_update_pair_counts on ${table}`).execute(db);
    for (const statement of pairCountsTrigger(table, 'update')) await sql.raw(statement).execute(db);
  }
}
