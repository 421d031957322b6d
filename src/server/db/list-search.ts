import { CompiledQuery, type RawBuilder, sql, type SqlBool } from 'kysely';
import { SEARCH_TOTAL_CAP } from '../../shared/constants.js';
import { foldQuery } from '../../shared/search.js';
import type { Db } from './connect.js';
import { isPostgres } from './locks.js';
import { likePattern } from './ownership.js';

export type SearchedTable = 'songs' | 'performers' | 'playlists' | 'gigs';

/** A list's search (`q`): a substring of the folded name, as a LIKE pattern and an FTS5 query. */
export interface Search {
  folded: string;
  like: string;
  /** What the trigram index is asked: the whole phrase, or its rarest trigrams (narrowSearch). */
  match: string;
  /** Three characters or more: the trigram index can answer it (migration 0008). */
  trigrams: boolean;
}

/**
 * How a list query finds a search's rows (docs/decisions.md, "Searches"):
 * - `like`: LIKE on the rows the list walks in order (PostgreSQL, whose planner picks the pg_trgm
 *   index itself; and a search shorter than a trigram);
 * - `ids`: the matching rows from the trigram index, then sorted: few matches;
 * - `walk`: the index walk in list order, LIKE on each row, until the page is full: many matches,
 *   where the walk stops long before it would have read them all. Related rows (a song's performer)
 *   still come from the trigram index.
 */
export type SearchPlan = 'like' | 'ids' | 'walk';

/** The search `q` asks for, or none for an empty one. */
export function searchOf(q: string | undefined): Search | undefined {
  const folded = q?.trim() ? foldQuery(q) : '';
  if (!folded) return undefined;
  return {
    folded,
    like: likePattern(folded),
    // An FTS5 string: a phrase of the query's trigrams in a row, i.e. the substring itself.
    match: ftsString(folded),
    trigrams: [...folded].length >= 3,
  };
}

const ftsString = (text: string) => `"${text.replace(/"/g, '""')}"`;

/** How many of a search's trigrams the index is asked for: the rarest, the rest checked by LIKE. */
const RAREST = 2;

/**
 * The search with the trigram index asked only for its rarest trigrams (by the counts of migration
 * 0009, summed over the tables the list searches): a phrase is read trigram by trigram, and a title's
 * first trigrams are often in every row. The rows found hold those trigrams; LIKE keeps those that
 * hold the whole search (trigramIds).
 */
export async function narrowSearch(db: Db, tables: SearchedTable[], search: Search | undefined) {
  if (!search || !usesTrigrams(db, search)) return search;
  const chars = [...search.folded];
  const trigrams = [...new Set(chars.slice(2).map((_, at) => chars.slice(at, at + 3).join('')))];
  if (trigrams.length <= RAREST) return search;
  // Written out rather than built: building and compiling a Kysely query costs more than this one.
  const marks = (n: number) => Array(n).fill('?').join(', ');
  const { rows } = await db.executeQuery<{ trigram: string; n: number }>(
    CompiledQuery.raw(
      `select trigram, sum(n) as n from search_trigram_counts where tbl in (${marks(tables.length)}) ` +
        `and trigram in (${marks(trigrams.length)}) group by trigram`,
      [...tables, ...trigrams],
    ),
  );
  const count = new Map(rows.map((row) => [row.trigram, Number(row.n)]));
  const rarest = trigrams.sort((a, b) => (count.get(a) ?? 0) - (count.get(b) ?? 0)).slice(0, RAREST);
  return { ...search, match: rarest.map(ftsString).join(' AND ') };
}

/** SQLite with a search of three characters or more: the trigram index can answer it (0008). */
export const usesTrigrams = (db: Db, search: Search) => !isPostgres(db) && search.trigrams;

/**
 * The most matches counted through the trigram index: past it, telling costs more than it saves,
 * and a walk counts only up to the cap anyway (read-list.ts).
 */
const MOST_COUNTED = SEARCH_TOTAL_CAP;

/**
 * The plan that counts a search's matches among `visible` rows: from the trigram index when the
 * table has fewer matches than a quarter of the visible rows (reading a match by id costs about as
 * much as reading four index entries in order) and than MOST_COUNTED, else a LIKE on every visible
 * row's index entry. The index tells by counting its matches up to that bound, and stops there.
 */
export async function countPlan(
  db: Db,
  table: SearchedTable,
  search: Search,
  visible: () => Promise<number>,
): Promise<SearchPlan> {
  if (!usesTrigrams(db, search)) return 'like';
  const bound = Math.min(Math.floor((await visible()) / 4), MOST_COUNTED) + 1;
  const matches = sql<{ n: number }>`select count(*) as n from (${trigramIds(table, search)} limit ${bound})`;
  const { rows } = await matches.execute(db);
  return Number(rows[0].n) < bound ? 'ids' : 'walk';
}

/**
 * The plan for a page of a search with `matches` of `visible` rows. Sorting the matches costs about
 * as much per match as the walk costs per five rows it reads, and the walk reads about
 * (offset + size) × visible / matches rows to fill the page.
 */
export function pagePlan(
  db: Db,
  search: Search,
  { matches, visible, reach }: { matches: number; visible: number; reach: number },
): SearchPlan {
  if (!usesTrigrams(db, search)) return 'like';
  return matches * matches * 5 <= reach * visible ? 'ids' : 'walk';
}

/** The rows of `table` whose folded name holds the search, under `plan` (`walk`: a LIKE per row). */
export function searchWhere(table: SearchedTable, plan: SearchPlan, values: { like: string; match: string }) {
  if (plan !== 'ids') return sql<SqlBool>`${sql.ref(`${table}.search`)} like ${values.like} escape '\\'`;
  return sql<SqlBool>`${sql.ref(`${table}.id`)} in (${trigramIds(table, values)})`;
}

/** The ids of `table`'s rows that hold the search, from its trigram index (SQLite); the index finds
 *  the rows with the trigrams asked for, LIKE keeps those with the whole search. */
export function trigramIds(table: SearchedTable, values: { match: string; like: string }) {
  const index = sql.table(`${table}_trigrams`);
  // The name read from the table's own row in the same query: read through the index (external
  // content), each row is looked up by a statement of its own, at about twice the cost.
  return sql<{ rowid: number }>`select ${index}.rowid as rowid from ${index} cross join ${sql.table(table)}
    on ${sql.ref(`${table}.id`)} = ${index}.rowid where ${index} match ${values.match}
    and ${sql.ref(`${table}.search`)} like ${values.like} escape '\\'`;
}

/**
 * The list order, `search, id`; for `ids` as expressions (`+column`), so that SQLite reads the
 * matches by id and sorts them instead of walking the whole ordered index to find them.
 */
export const orderColumns = (table: SearchedTable, plan: SearchPlan | undefined) => {
  const column = (name: string) =>
    plan === 'ids'
      ? sql<string>`+${sql.ref(`${table}.${name}`)}`
      : sql<string>`${sql.ref(`${table}.${name}`)}`;
  return { bySearch: column('search'), byId: column('id') };
};

/** The most trigram-index rows a count's probe reads (titleProbe): ~0.3 µs each on SQLite. */
const MOST_PROBED = 8192;

/**
 * How many of a search's matches in the trigram index the count of a part reads to find more than
 * SEARCH_TOTAL_CAP in it (titleProbe), for a part holding `part` of the table's `rows`: enough to
 * find them half as many again as the part's share predicts, as a power of two (one query shape for
 * many sizes); 0, no probe, where the part is too small a share of the table for that to pay.
 */
export function probeReads(part: number, rows: number): number {
  if (part <= 0) return 0;
  const needed = (1.5 * (SEARCH_TOTAL_CAP + 1) * rows) / part;
  const reads = 2 ** Math.ceil(Math.log2(needed));
  return reads <= MOST_PROBED ? reads : 0;
}

/**
 * More than SEARCH_TOTAL_CAP matches of a part found from the trigram index (SQLite), counting
 * rather than walking rows: of the first `reads` rows whose name holds the search, those in the part
 * (`where`), up to the cap and one. A common word over most of the table (a system admin's "all")
 * reaches it after about cap / share of the index's rows, where the walk of the part in list order
 * also looks up each row's performer. A part's matches by other ways (a song's performer) come on
 * top, so reaching the cap here is enough; below it, the part is counted the general way.
 */
export function titleProbe(
  table: SearchedTable,
  where: RawBuilder<SqlBool>,
  values: { match: string; like: string },
  reads: number,
) {
  const index = sql.table(`${table}_trigrams`);
  const found = sql`select rowid from ${index} where ${index} match ${values.match} limit ${sql.lit(reads)}`;
  return sql<number>`(select count(*) from (select 1 from (${found}) as found cross join ${sql.table(table)}
    on ${sql.ref(`${table}.id`)} = found.rowid where ${where}
    and ${sql.ref(`${table}.search`)} like ${values.like} escape '\\' limit ${sql.lit(SEARCH_TOTAL_CAP + 1)}))`;
}

/**
 * PostgreSQL: the rows of a part (`where`) whose own name holds the search, up to the cap and one,
 * by whichever way the planner finds cheaper (pg_trgm's index, or the part's index in list order).
 * As titleProbe, a lower bound of the part's matches: a song's performer may match it too.
 */
export function titleCount(table: SearchedTable, where: RawBuilder<SqlBool>, values: { like: string }) {
  return sql<number>`(select count(*) from (select 1 from ${sql.table(table)} where ${where}
    and ${sql.ref(`${table}.search`)} like ${values.like} escape '\\' limit ${sql.lit(SEARCH_TOTAL_CAP + 1)}) as found)`;
}

/** A search of two characters: its rows per part counted by pairCount (migrations 0020, 0025). */
export const usesPairs = (_db: Db, search: Search) => [...search.folded].length === 2;

/**
 * How many rows of `table` in an ownership part (`where`, on the table's band and visibility) hold a
 * search of two characters in their name, exactly, from the pair counts of migrations 0020 and
 * 0025: a few rows of that table, where a walk of the part reads every row to find it holds none.
 * `where` names the table's columns, which the counts' table, under the table's name here, has too.
 */
export function pairCount(table: SearchedTable, where: RawBuilder<SqlBool>, values: { pair: string }) {
  const counts = sql.table(table);
  return sql<number>`(select coalesce(sum(${counts}.n), 0) from search_pair_counts as ${counts}
    where ${counts}.tbl = ${table} and ${counts}.pair = ${values.pair} and ${where})`;
}
