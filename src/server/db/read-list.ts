import { type Compilable, type RawBuilder, sql, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { PAGE_SIZE, SEARCH_TOTAL_CAP } from '../../shared/constants.js';
import type { Db } from './connect.js';
import { isPostgres } from './locks.js';
import {
  asShape,
  type ListValues,
  listValues,
  ownBandPart,
  ownershipParts,
  ownershipTotal,
  pageInOrder,
  partSizes,
  runShape,
  searchCountPlan,
  searchPagePlan,
  shapeOf,
} from './list-page.js';
import {
  narrowSearch,
  orderColumns,
  probeReads,
  type Search,
  type SearchedTable,
  searchOf,
  type SearchPlan,
  searchWhere,
  titleCount,
  titleProbe,
  pairCount,
  usesPairs,
} from './list-search.js';
import { type Memo, noMemo, SCOPE } from './memo.js';
import type { Ownership } from './ownership.js';
import type { Database } from './schema.js';
import type { UserWithBand } from './users.js';

type ListTable = 'songs' | 'performers' | 'playlists';
/** One ownership part of a list's table (list-page.ts), before its columns are chosen. */
export type ListPartQuery<T extends ListTable> = SelectQueryBuilder<Database, T, object>;

export interface ListOptions {
  ownership: Ownership;
  q?: string;
  page: number;
  size?: number;
}

/** What sets one list apart from the others; the rest of the query is readList's. */
export interface ListQuery<T extends ListTable, Row> {
  table: T;
  /** The tables whose names a search reads (songs: their performers' too). */
  searched: SearchedTable[];
  /**
   * A part narrowed to the search (default: the table's own `search` column); `reads`: whether the
   * query reads many of its rows (a count, to the cap or the part's end; a page past the first) or
   * few (a first page, read only until it is full; a search of two letters, whose matching
   * performers cannot be listed from an index); `own`: the part is the caller's own band's rows
   * alone (ownBandPart); `alone`: none of them names another band's row (`namesOthers`).
   */
  narrow?(
    part: ListPartQuery<T>,
    plan: SearchPlan,
    values: ListValues,
    caller: UserWithBand,
    reads: 'many' | 'few',
    own: boolean,
    alone: boolean,
  ): ListPartQuery<T>;
  /**
   * Whether a row of the caller's own band names a row of another band, by which a search may find
   * it (songs: a song naming another band's performer). Kept per scope: a write to the band's rows or
   * to any performer changes the scope's versions.
   */
  namesOthers?(caller: UserWithBand): Promise<boolean>;
  /**
   * PostgreSQL: what `narrow`, reading many rows, names as `listed` (songs: the matching performers
   * the caller may see), read once for the whole query rather than once per part that names it.
   */
  listed?(values: ListValues, caller: UserWithBand): RawBuilder<unknown>;
  /** A page of a part: its columns (with `search` and `id`) in list order. */
  page(part: ListPartQuery<T>, plan: SearchPlan | undefined): SelectQueryBuilder<Database, T, Row>;
  /**
   * Whether a row of a part (`where`) may match a search otherwise than by its own name (songs: by a
   * performer the caller may see); a search of two characters counts a part's names by their pairs
   * (pairCount), and a part whose names hold none is not walked unless this holds.
   */
  elsewhere?(where: RawBuilder<SqlBool>, values: ListValues, caller: UserWithBand): RawBuilder<SqlBool>;
  /**
   * PostgreSQL: the matches, up to the cap and one, of the caller's own band's part (`where`) whose
   * names hold none of a two characters' search (pairCount): its rows found by other ways alone.
   */
  ownElsewhere?(where: RawBuilder<SqlBool>, values: ListValues, caller: UserWithBand): RawBuilder<number>;
  /** Answers the list without the general query when it can (songs: a search with few matches). */
  shortcut?(search: Search | undefined, values: ListValues): Promise<Row[] | undefined>;
}

/**
 * A page and the list's total; `more`: a search's total is a lower bound, the matches being more
 * than SEARCH_TOTAL_CAP. Counting a common word's matches exactly walks every visible row (8,333 of
 * 100,000 songs: ~10 ms); counting up to the cap stops after about cap / share of rows, and nobody
 * scrolls through a thousand songs to find one (issue 25, point 1).
 */
export interface ListPage<Row> {
  rows: Row[];
  total: number;
  more: boolean;
}

/** Where a page starts: the list key (search, id) of the row before it. */
interface PageStart {
  search: string;
  id: number;
}

/** A list's total; for a search, the matches of each ownership part (capped). */
interface Counted {
  total: number;
  found?: number[];
}

/**
 * A page of a list (songs, performers, playlists) and its total, one query for all three: the
 * ownership filter as disjoint parts each read in list order by its index, narrowed by the search;
 * the total counted once per scope versions (memo) and the page read only as far as it reaches
 * (docs/performance.md, "Lists").
 */
export async function readList<T extends ListTable, Row>(
  db: Db,
  user: UserWithBand,
  list: ListQuery<T, Row>,
  { ownership, q, page, size = PAGE_SIZE }: ListOptions,
  memo: Memo = noMemo,
): Promise<ListPage<Row>> {
  const { table } = list;
  const search = await narrowSearch(db, list.searched, searchOf(q));
  const values = listValues(user, search, size, page);
  const totalKey = `${table}:${ownership}:${search?.like ?? ''}`;
  // The caller's scope values, kept per scope whatever the search (a new word in an unchanged list
  // reuses them) and asked beside the few-matches check, so that the first search after a write
  // waits for their round trips at once: whether the band's own rows name another band's (then its
  // own part is narrowed by its own rows alone: songs, by its own performers), and on PostgreSQL
  // the parts' sizes, which choose how a part is counted (SQLite asks them after its count plan).
  const own = ownBandPart(user, ownership);
  const namesOthers =
    own >= 0 && search !== undefined && list.namesOthers !== undefined
      ? memo(`${SCOPE}${table}:names-others`, () => list.namesOthers!(user))
      : undefined;
  const titled = isPostgres(db) && search?.trigrams === true && list.narrow !== undefined;
  const sizesOf = () =>
    memo(`${SCOPE}${table}:${ownership}:sizes`, () => partSizes(db, table, user, ownership));
  const titledSizes = titled ? sizesOf() : undefined;
  // Settled on every way out: a failure of either is the request's, never an unhandled rejection.
  const scopeAsked = Promise.allSettled([namesOthers, titledSizes]);
  // Kept with the total: a common word is not looked up again for each page, nor a title's matches.
  const few = list.shortcut && (await memo(`${totalKey}:few`, () => list.shortcut!(search, values)));
  if (few) {
    await scopeAsked;
    const { total } = await memo(totalKey, async (): Promise<Counted> => ({ total: few.length }));
    return { rows: few.slice(values.offset, values.offset + size), total, more: false };
  }
  // What the parts' many-reads narrowing names as `listed`, before the query's select.
  const listed = (v: ListValues, plan: SearchPlan | undefined, reads: 'many' | 'few') =>
    isPostgres(db) && list.listed && plan !== undefined && reads === 'many'
      ? sql`with listed as (${list.listed(v, asShape(user, v.band))})`
      : undefined;
  const alone = namesOthers !== undefined && !(await namesOthers);
  const parts = (v: ListValues, plan: SearchPlan | undefined, reads: 'many' | 'few', after = false) => {
    const caller = asShape(user, v.band);
    return ownershipParts(table, caller, ownership).map((where, i) => {
      let part = db.selectFrom(table as ListTable).where(where) as ListPartQuery<T>;
      // From a kept page start: the rows after it in list order, by each part's index.
      if (after)
        part = part.where(
          sql<SqlBool>`(${sql.ref(`${table}.search`)}, ${sql.ref(`${table}.id`)}) > (${v.after}, ${v.afterId})`,
        );
      if (plan === undefined) return part;
      return list.narrow
        ? list.narrow(part, plan, v, caller, reads, i === own, i === own && alone)
        : part.where(searchWhere(table, plan, v));
    });
  };
  // The total, and for a search each part's matches (counted up to the cap): a part with none is
  // not read for the page, where a walk would read every row of it to find nothing.
  const { total, found } = await memo(totalKey, async (): Promise<Counted> => {
    if (search === undefined) return { total: await ownershipTotal(db, table, user, ownership) };
    const plan = await searchCountPlan(db, table, user, ownership, search);
    // A walk's count reads rows until the cap: first, the trigram index may find the cap in a part
    // that is most of the table (titleProbe), without walking it. On PostgreSQL, a songs' part that
    // is most of the table may find the cap in its titles alone (titleCount), without the
    // performers' matches the walk looks up for every row. The parts' sizes choose between them.
    const sizes = titledSizes ? await titledSizes : plan === 'walk' ? await sizesOf() : undefined;
    const probes = sizes?.parts.map((size) => probeReads(size, sizes.table)) ?? [];
    const pairs = usesPairs(db, search);
    // The parts' counts (`only`: one part's) in one query.
    const countParts = (only?: number) =>
      runShape(
        db,
        `${table}:count:${shapeOf(user, ownership, plan)}:${probes.join(',')}:${pairs}:${titled}:${alone}:${only ?? ''}`,
        (v) => {
          const wheres = ownershipParts(table, asShape(user, v.band), ownership);
          const cap = sql.lit(SEARCH_TOTAL_CAP);
          const past = sql.lit(SEARCH_TOTAL_CAP + 1);
          const counted = parts(v, plan, 'many').map((part, i) => {
            const capped = sql<number>`(select count(*) from (${part.select(sql<number>`1`.as('one')).limit(SEARCH_TOTAL_CAP + 1)}) as capped)`;
            let n: RawBuilder<number> = capped;
            if (probes[i]) {
              const titles = titled
                ? titleCount(table, wheres[i], v)
                : titleProbe(table, wheres[i], v, probes[i]);
              n = sql`case when ${titles} > ${cap} then ${past} else ${capped} end`;
            } else if (pairs) {
              // Two characters: the part's names that hold them, counted exactly from their pairs.
              const names = pairCount(table, wheres[i], v);
              const caller = asShape(user, v.band);
              // The band's own part, none of whose names hold them (a band's `dj` on PostgreSQL):
              // counted from its other ways, rather than walked with them listed and hashed.
              const other =
                isPostgres(db) && list.ownElsewhere && i === own
                  ? sql`when ${names} = 0 then ${list.ownElsewhere(wheres[i], v, caller)}`
                  : sql``;
              n = list.elsewhere
                ? sql`case when ${names} > ${cap} then ${past}
                  when ${names} = 0 and not ${list.elsewhere(wheres[i], v, caller)} then 0
                  ${other} else ${capped} end`
                : sql`${sql.raw(isPostgres(db) ? 'least' : 'min')}(${names}, ${past})`;
            }
            return sql`${n} as ${sql.ref(`n${i}`)}`;
          });
          const query = sql<Record<string, number>>`${listed(v, plan, 'many') ?? sql``}
          select ${sql.join(only === undefined ? counted : [counted[only]])}`;
          return { compile: () => query.compile(db) };
        },
        values,
      );
    // PostgreSQL: each part by a query of its own, all at once, each on a connection of the pool: a
    // band admin's "all" waits for the longer of its two parts' counts, not for both in turn.
    const partCount = ownershipParts(table, user, ownership).length;
    const rows =
      isPostgres(db) && partCount > 1
        ? await Promise.all(Array.from({ length: partCount }, (_, i) => countParts(i)))
        : [await countParts()];
    const row = Object.assign({}, ...rows.map((counts) => counts[0])) as Record<string, number>;
    const perPart = Array.from({ length: partCount }, (_, i) => Number(row[`n${i}`]));
    return { total: perPart.reduce((sum, n) => sum + n, 0), found: perPart };
  });
  const more = search !== undefined && total > SEARCH_TOTAL_CAP;
  // Past the cap the matches are many (however many): their page is walked, never read whole.
  const plan = await searchPagePlan(db, table, user, ownership, search, {
    total: more ? Infinity : total,
    reach: values.offset + size,
  });
  // A search that matches nothing (or nothing this far) is not walked again for its page.
  if (values.offset >= total && !more) return { rows: [], total, more };
  const readPart = (i: number) => !found || found[i] > 0;
  // The walk stops early where a part's matches are dense (past the cap), on a first page or for
  // two letters (whose performers no index lists); elsewhere it may read most of a part.
  const dense = found?.every((n) => n === 0 || n > SEARCH_TOTAL_CAP) ?? false;
  // Where each page of a search starts (the list key of the row before it), kept with its total: a
  // page after one read before (the next page, or the same page again after the response cache let
  // it go) is read from there, as far as a page reaches, rather than walked from the list's start
  // past every earlier page's matches. A page past the first without a kept start is read from the
  // row before it, which then becomes its start.
  const starts =
    search !== undefined
      ? await memo(`${totalKey}:starts:${size}`, async () => new Map<number, PageStart>())
      : undefined;
  const start = values.offset > 0 ? starts?.get(page) : undefined;
  const before = starts && !start && values.offset > 0 ? 1 : 0;
  const at = start
    ? { ...values, offset: 0, after: start.search, afterId: start.id }
    : { ...values, offset: values.offset - before, size: size + before };
  const reads = dense && (start || values.offset === 0 || !search?.trigrams) ? 'few' : 'many';
  const read = await runShape(
    db,
    `${table}:page:${shapeOf(user, ownership, plan)}:${found?.map((n) => (n > 0 ? 1 : 0)).join('') ?? ''}:${reads}:${start ? 'after' : ''}:${alone}`,
    (v) =>
      pageInOrder(
        db,
        parts(v, plan, reads, start !== undefined)
          .filter((_, i) => readPart(i))
          .map(
            (part) => (limit: number, from: number) =>
              list.page(part, plan).limit(limit).offset(from) as Compilable<Row>,
          ),
        v,
        listed(v, plan, reads),
      ),
    at,
  );
  const rows = read.slice(before);
  const keyOf = (row: Row) => row as unknown as PageStart;
  if (before && read.length) starts!.set(page, { search: keyOf(read[0]).search, id: keyOf(read[0]).id });
  if (starts && rows.length === size) {
    const last = keyOf(rows[size - 1]);
    starts.set(page + 1, { search: last.search, id: last.id });
  }
  return { rows, total: more ? SEARCH_TOTAL_CAP : total, more };
}

/** A row of a named items' list (performers, playlists). */
interface NamedListRow {
  id: number;
  naziv: string;
  slika: string | null;
  band_id: number;
  visibility: number;
  search: string;
}

/** The list of a named item (performers, playlists): its name, picture and visibility. */
export const namedList = <T extends 'performers' | 'playlists'>(table: T): ListQuery<T, NamedListRow> => ({
  table,
  searched: [table],
  page: (part, plan) =>
    (part as ListPartQuery<'performers'>)
      .select(['id', 'naziv', 'slika', 'band_id', 'visibility', 'search'])
      .orderBy(orderColumns(table, plan).bySearch)
      .orderBy(orderColumns(table, plan).byId) as SelectQueryBuilder<Database, T, NamedListRow>,
});
