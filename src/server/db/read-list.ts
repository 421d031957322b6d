import { type Compilable, sql, type SelectQueryBuilder } from 'kysely';
import { PAGE_SIZE } from '../../shared/constants.js';
import type { Db } from './connect.js';
import {
  asShape,
  type ListValues,
  listValues,
  ownershipParts,
  ownershipTotal,
  pageInOrder,
  runShape,
  searchCountPlan,
  searchPagePlan,
  shapeOf,
} from './list-page.js';
import {
  narrowSearch,
  orderColumns,
  type Search,
  type SearchedTable,
  searchOf,
  type SearchPlan,
  searchWhere,
} from './list-search.js';
import { type Memo, noMemo } from './memo.js';
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
  /** A part narrowed to the search (default: the table's own `search` column). */
  narrow?(
    part: ListPartQuery<T>,
    plan: SearchPlan,
    values: ListValues,
    caller: UserWithBand,
  ): ListPartQuery<T>;
  /** A page of a part: its columns (with `search` and `id`) in list order. */
  page(part: ListPartQuery<T>, plan: SearchPlan | undefined): SelectQueryBuilder<Database, T, Row>;
  /** Answers the list without the general query when it can (songs: a search with few matches). */
  shortcut?(search: Search | undefined, values: ListValues): Promise<Row[] | undefined>;
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
): Promise<{ rows: Row[]; total: number }> {
  const { table } = list;
  const search = await narrowSearch(db, list.searched, searchOf(q));
  const values = listValues(user, search, size, page);
  const totalKey = `${table}:${ownership}:${search?.like ?? ''}`;
  const few = await list.shortcut?.(search, values);
  if (few) {
    const total = await memo(totalKey, async () => few.length);
    return { rows: few.slice(values.offset, values.offset + size), total };
  }
  const parts = (v: ListValues, plan: SearchPlan | undefined) => {
    const caller = asShape(user, v.band);
    return ownershipParts(table, caller, ownership).map((where) => {
      const part = db.selectFrom(table as ListTable).where(where) as ListPartQuery<T>;
      if (plan === undefined) return part;
      return list.narrow ? list.narrow(part, plan, v, caller) : part.where(searchWhere(table, plan, v));
    });
  };
  const total = await memo(totalKey, async () => {
    if (search === undefined) return ownershipTotal(db, table, user, ownership);
    const plan = await searchCountPlan(db, table, user, ownership, search);
    const counts = await runShape(
      db,
      `${table}:count:${shapeOf(user, ownership, plan)}`,
      (v) => {
        const counted = parts(v, plan).map((part) => sql`(${part.select(sql<number>`count(*)`.as('n'))})`);
        const query = sql<{ n: number }>`select ${sql.join(counted, sql` + `)} as n`;
        return { compile: () => query.compile(db) };
      },
      values,
    );
    return Number(counts[0].n);
  });
  const plan = await searchPagePlan(db, table, user, ownership, search, {
    total,
    reach: values.offset + size,
  });
  // A search that matches nothing (or nothing this far) is not walked again for its page.
  if (values.offset >= total) return { rows: [], total };
  const rows = await runShape(
    db,
    `${table}:page:${shapeOf(user, ownership, plan)}`,
    (v) =>
      pageInOrder(
        db,
        parts(v, plan).map(
          (part) => (limit: number, from: number) =>
            list.page(part, plan).limit(limit).offset(from) as Compilable<Row>,
        ),
        v,
      ),
    values,
  );
  return { rows, total };
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
