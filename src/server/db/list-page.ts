import { type Compilable, type CompiledQuery, sql, type SqlBool, type RawBuilder } from 'kysely';
import { OWNERSHIP } from '../../shared/constants.js';
import type { Db } from './connect.js';
import { isPostgres } from './locks.js';
import { countPlan, pagePlan, type Search, type SearchPlan, usesTrigrams } from './list-search.js';
import type { Ownership } from './ownership.js';
import type { UserWithBand } from './users.js';

type BandOwnedTable = 'songs' | 'performers' | 'playlists';
/** A part of a list: its rows in list order, from `offset`, at most `limit`. */
export type ListPart<O> = (limit: number, offset: number) => Compilable<O>;

/** The values a list query takes; a query's shape (its SQL) is the same for all values. */
export interface ListValues {
  band: number;
  like: string;
  match: string;
  size: number;
  offset: number;
  /** Ids found beforehand, as a JSON array (read with json_each). */
  ids: string;
  /** The folded search itself (a two letters' pair counts, list-search.ts; a substring, songs.ts). */
  pair: string;
  /** A page read from a kept start (read-list.ts): the list key of the row before it. */
  after: string;
  afterId: number;
}

/** Stand-ins compiled into a shape once, then replaced by each call's values. */
const SENTINELS: ListValues = {
  band: -900_000_001,
  like: '\u0001like\u0001',
  match: '\u0001match\u0001',
  size: -900_000_002,
  offset: -900_000_003,
  ids: '\u0001ids\u0001',
  pair: '\u0001pair\u0001',
  after: '\u0001after\u0001',
  afterId: -900_000_005,
};
const REACH = -900_000_004;
const SENTINEL_OF = new Map<unknown, (values: ListValues) => unknown>([
  [SENTINELS.band, (v) => v.band],
  [SENTINELS.like, (v) => v.like],
  [SENTINELS.match, (v) => v.match],
  [SENTINELS.size, (v) => v.size],
  [SENTINELS.offset, (v) => v.offset],
  [SENTINELS.ids, (v) => v.ids],
  [SENTINELS.pair, (v) => v.pair],
  [SENTINELS.after, (v) => v.after],
  [SENTINELS.afterId, (v) => v.afterId],
  [REACH, (v) => v.offset + v.size],
]);
const shapes = new WeakMap<Db, Map<string, CompiledQuery>>();

/**
 * Runs a list query built by `build`, compiled once per database and `shape` (building and compiling
 * a Kysely query costs more than running a small one): `build` gets stand-in values, and each call
 * puts its own values in their places. `shape` must name everything else the SQL depends on.
 */
export async function runShape<R>(
  db: Db,
  shape: string,
  build: (values: ListValues & { reach: number }) => Compilable<R>,
  values: ListValues,
): Promise<R[]> {
  let known = shapes.get(db);
  if (!known) shapes.set(db, (known = new Map()));
  let compiled = known.get(shape);
  if (!compiled) {
    compiled = build({ ...SENTINELS, reach: REACH }).compile();
    known.set(shape, compiled);
  }
  const parameters = compiled.parameters.map((p) => {
    const value = SENTINEL_OF.get(p);
    return value ? value(values) : p;
  });
  const { rows } = await db.executeQuery<R>({ ...compiled, parameters } as CompiledQuery<R>);
  return rows;
}

/** The caller as a list query sees it, with the band as a stand-in (see runShape). */
export const asShape = (user: UserWithBand, band: number): UserWithBand =>
  user.band_id === null ? user : { ...user, band_id: band };

/** What a list query's SQL depends on besides its values. */
export const shapeOf = (user: UserWithBand, ownership: number, plan: SearchPlan | undefined) =>
  `${user.role === 'admin' ? 'admin' : 'user'}:${user.band_id === null ? 'bandless' : 'band'}:${ownership}:${plan ?? ''}`;

/** The values of a list query for a caller, a search and a page. */
export const listValues = (user: UserWithBand, search: Search | undefined, size: number, page: number) => ({
  band: user.band_id ?? -1,
  like: search?.like ?? '',
  match: search?.match ?? '',
  size,
  offset: page * size,
  ids: '[]',
  pair: search?.folded ?? '',
  after: '',
  afterId: 0,
});

/**
 * The ownership filter (DESIGN §4, as ownershipWhere) as disjoint parts, each of which an index gives
 * in list order (migration 0005): the band's rows by (band_id, search, id), other bands' public rows
 * by (visibility, search, id), everything by (search, id).
 */
export function ownershipParts(
  table: BandOwnedTable,
  user: UserWithBand,
  ownership: Ownership,
): RawBuilder<SqlBool>[] {
  const band = sql.ref(`${table}.band_id`);
  const visible = sql.ref(`${table}.visibility`);
  const mine = user.band_id ?? -1;
  const own = sql<SqlBool>`${band} = ${mine}`;
  if (user.role === 'admin') {
    if (ownership === OWNERSHIP.all || user.band_id === null) return [sql<SqlBool>`1 = 1`];
    return ownership === OWNERSHIP.mine ? [own] : [sql<SqlBool>`${band} <> ${mine}`];
  }
  const othersPublic = sql<SqlBool>`${visible} = 1 and ${band} <> ${mine}`;
  if (ownership === OWNERSHIP.all) return [own, othersPublic];
  return ownership === OWNERSHIP.others ? [othersPublic] : [own];
}

/** Which of ownershipParts' parts is the caller's own band's rows alone, or -1 for none. */
export function ownBandPart(user: UserWithBand, ownership: Ownership): number {
  if (user.band_id === null) return -1;
  if (ownership === OWNERSHIP.mine) return 0;
  return ownership === OWNERSHIP.all && user.role !== 'admin' ? 0 : -1;
}

/**
 * A page of rows in (search, id) order from disjoint parts, each read in that order by its index and
 * only as far as the page reaches: a page never sorts or reads all visible rows. The rows must carry
 * `search` and `id` columns.
 */
export function pageInOrder<O>(
  db: Db,
  parts: ListPart<O>[],
  { size, offset, reach }: { size: number; offset: number; reach: number },
  prefix?: RawBuilder<unknown>,
): Compilable<O> {
  if (parts.length === 1) {
    if (!prefix) return parts[0](size, offset);
    const query = sql<O>`${prefix} ${parts[0](size, offset)}`;
    return { compile: () => query.compile(db) };
  }
  const union = sql.join(
    parts.map((part, i) => sql`select * from (${part(reach, 0)}) as ${sql.raw(`part${i}`)}`),
    sql` union all `,
  );
  const query = sql<O>`${prefix ?? sql``} select * from (${union}) as parts order by search, id limit ${size} offset ${offset}`;
  return { compile: () => query.compile(db) };
}

/** The rows and public rows of a list's table for a band and for all bands (list_counts, 0005). */
async function counts(db: Db, table: string, band: number) {
  const values = {
    band,
    like: '',
    match: '',
    size: 0,
    offset: 0,
    ids: '[]',
    pair: '',
    after: '',
    afterId: 0,
  };
  const figures = (row?: { total: number | string; public: number | string }) => ({
    total: Number(row?.total ?? 0),
    public: Number(row?.public ?? 0),
  });
  if (isPostgres(db)) {
    // No band 0 row on PostgreSQL (migration 0023): all bands are the sum of the bands' rows.
    const rows = await runShape(
      db,
      `counts:${table}`,
      (v) =>
        db
          .selectFrom('list_counts')
          .select((eb) => [
            sql<number>`case when band_id = ${v.band} then 1 else 0 end`.as('own'),
            eb.fn.sum<number>('total').as('total'),
            eb.fn.sum<number>('public').as('public'),
          ])
          .where('tbl', '=', table)
          .groupBy(sql`1`),
      values,
    );
    const own = figures(rows.find((row) => Number(row.own) === 1));
    const others = figures(rows.find((row) => Number(row.own) === 0));
    return {
      all: { total: own.total + others.total, public: own.public + others.public },
      own: band === 0 ? figures() : own,
    };
  }
  const rows = await runShape(
    db,
    `counts:${table}`,
    (v) =>
      db
        .selectFrom('list_counts')
        .select(['band_id', 'total', 'public'])
        .where('tbl', '=', table)
        .where('band_id', 'in', [0, v.band]),
    values,
  );
  return {
    all: figures(rows.find((row) => row.band_id === 0)),
    own: band === 0 ? figures() : figures(rows.find((row) => row.band_id === band)),
  };
}

/** A list's total without a search, from the kept counts: no count of the visible rows. */
export async function ownershipTotal(
  db: Db,
  table: BandOwnedTable | 'gigs',
  user: UserWithBand,
  ownership: Ownership,
): Promise<number> {
  const { all, own } = await counts(db, table, user.band_id ?? -1);
  if (user.role === 'admin') {
    if (ownership === OWNERSHIP.all || user.band_id === null) return all.total;
    return ownership === OWNERSHIP.mine ? own.total : all.total - own.total;
  }
  if (table === 'gigs') return own.total;
  const othersPublic = all.public - own.public;
  if (ownership === OWNERSHIP.all) return own.total + othersPublic;
  return ownership === OWNERSHIP.others ? othersPublic : own.total;
}

/**
 * The rows of each ownership part (as ownershipParts gives them) and of the whole table, from the
 * kept counts.
 */
export async function partSizes(
  db: Db,
  table: BandOwnedTable,
  user: UserWithBand,
  ownership: Ownership,
): Promise<{ parts: number[]; table: number }> {
  const { all, own } = await counts(db, table, user.band_id ?? -1);
  const sizes = (): number[] => {
    if (user.role === 'admin') {
      if (ownership === OWNERSHIP.all || user.band_id === null) return [all.total];
      return [ownership === OWNERSHIP.mine ? own.total : all.total - own.total];
    }
    const othersPublic = all.public - own.public;
    if (ownership === OWNERSHIP.all) return [own.total, othersPublic];
    return [ownership === OWNERSHIP.others ? othersPublic : own.total];
  };
  return { parts: sizes(), table: all.total };
}

/** How a page of a search with `total` matches is read (list-search.ts); none without a search. */
export async function searchPagePlan(
  db: Db,
  table: BandOwnedTable,
  user: UserWithBand,
  ownership: Ownership,
  search: Search | undefined,
  { total, reach }: { total: number; reach: number },
): Promise<SearchPlan | undefined> {
  if (search === undefined) return undefined;
  if (!usesTrigrams(db, search)) return 'like';
  const visible = await ownershipTotal(db, table, user, ownership);
  return pagePlan(db, search, { matches: total, visible, reach });
}

/** How a search's matches are counted (list-search.ts). */
export const searchCountPlan = (
  db: Db,
  table: BandOwnedTable,
  user: UserWithBand,
  ownership: Ownership,
  search: Search,
): Promise<SearchPlan> => countPlan(db, table, search, () => ownershipTotal(db, table, user, ownership));
