import { type Kysely, PostgresAdapter, sql } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration works on an untyped schema
type Db = Kysely<any>;

export const PAIR_TABLES = ['songs', 'performers', 'playlists'];
type Event = 'insert' | 'update' | 'delete';
const TRANSITION = {
  insert: 'referencing new table as new_rows',
  update: 'referencing old table as old_rows new table as new_rows',
  delete: 'referencing old table as old_rows',
};

const pairs = (rows: string, sign: number) =>
  `select distinct r.id, substr(r.search, p, 2) as pair, r.visibility, r.band_id, ${sign} as d ` +
  `from ${rows} as r cross join generate_series(1, length(r.search) - 1) as p`;
const changed = (side: 'o' | 'n') =>
  `(select ${side}.* from old_rows o join new_rows n on n.id = o.id where o.search is distinct from ` +
  `n.search or o.band_id is distinct from n.band_id or o.visibility is distinct from n.visibility)`;

/** The function and statement trigger that keep a table's pair counts on an event (this migration's). */
export function pairCountsTrigger(table: string, event: Event): string[] {
  const sides: string[] = [];
  if (event === 'insert') sides.push(pairs('new_rows', 1));
  if (event === 'delete') sides.push(pairs('old_rows', -1));
  if (event === 'update') sides.push(pairs(changed('n'), 1), pairs(changed('o'), -1));
  const fn = `${table}_${event}_pair_counts`;
  return [
    `create or replace function ${fn}() returns trigger as $$ begin ` +
      `insert into search_pair_counts as c (tbl, pair, visibility, band_id, n) ` +
      `select '${table}', pair, visibility, band_id, sum(d) from (${sides.join(' union all ')}) x ` +
      `group by pair, visibility, band_id having sum(d) <> 0 order by pair, visibility, band_id ` +
      `on conflict (tbl, pair, visibility, band_id) do update set n = c.n + excluded.n; ` +
      `return null; end $$ language plpgsql`,
    `create trigger ${fn} after ${event} on ${table} ${TRANSITION[event]} for each statement execute function ${fn}()`,
  ];
}

/**
 * 0020's pair counts on PostgreSQL (issue 25, point 1): a search of two characters has no trigram
 * for pg_trgm to look up either, and its count read every row of an ownership part to find that it
 * held none (a band admin's `zz`: 20–30 ms). The same table, the same meaning (per list, band and
 * visibility, how many names hold each pair of characters of their folded name), so the same reads
 * (list-search.ts, pairCount). Kept by statement triggers with transition tables, as 0005's counts
 * are: one upsert per statement however many rows (an import), of the net change per pair, in
 * the order of the key so that two writers lock the rows in the same order. An update counts only
 * the rows whose name, band or visibility changed. The songs' index on their performer becomes
 * (performer_id, visibility, band_id) here too: a part's songs by a performer, from the index alone.
 */
export async function up(db: Db): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  await sql`create index songs_performer_scope on songs (performer_id, visibility, band_id)`.execute(db);
  await sql`drop index songs_performer_id`.execute(db);
  await sql`create table search_pair_counts (
      tbl text not null, pair text not null, visibility integer not null, band_id integer not null,
      n integer not null, primary key (tbl, pair, visibility, band_id)
    )`.execute(db);
  for (const table of PAIR_TABLES) {
    for (const event of ['insert', 'update', 'delete'] as Event[]) {
      for (const statement of pairCountsTrigger(table, event)) await sql.raw(statement).execute(db);
    }
    await sql
      .raw(
        `insert into search_pair_counts (tbl, pair, visibility, band_id, n) ` +
          `select '${table}', pair, visibility, band_id, count(*) from (${pairs(table, 1)}) x ` +
          `group by pair, visibility, band_id`,
      )
      .execute(db);
  }
}

export async function down(db: Db): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  for (const table of PAIR_TABLES) {
    for (const event of ['insert', 'update', 'delete']) {
      await sql.raw(`drop trigger ${table}_${event}_pair_counts on ${table}`).execute(db);
      await sql.raw(`drop function ${table}_${event}_pair_counts()`).execute(db);
    }
  }
  await sql`drop table search_pair_counts`.execute(db);
  await sql`create index songs_performer_id on songs (performer_id)`.execute(db);
  await sql`drop index songs_performer_scope`.execute(db);
}
