import type { Db } from './connect.js';
import type { HistoryKind } from './history.js';

/** What the activity log is filtered by (all optional); dates are ISO times, `to` exclusive. */
export interface ActivityFilter {
  band?: number;
  user?: number;
  kind?: HistoryKind;
  from?: string;
  to?: string;
}

type HistoryRow = Awaited<ReturnType<typeof itemHistory>>[number];

/** An item's history, newest first; `band` (a band member's) keeps only the rows of that band. */
export function itemHistory(db: Db, kind: HistoryKind, id: number, band?: number | null) {
  let query = db
    .selectFrom('history')
    .selectAll()
    .where('kind', '=', kind)
    .where('item_id', '=', id)
    .orderBy('id', 'desc')
    .limit(1000);
  if (band !== undefined) query = query.where('band_id', '=', band ?? -1);
  return query.execute();
}

/** The newest delete of an item in the history (the panel's Undo restores it). */
export const lastDelete = (db: Db, kind: HistoryKind, id: number) =>
  db
    .selectFrom('history')
    .select('id')
    .where('kind', '=', kind)
    .where('item_id', '=', id)
    .where('action', '=', 'delete')
    .orderBy('id', 'desc')
    .executeTakeFirst();

/** A page of the activity log across the system, newest first, with its total. */
export async function activityPage(db: Db, filter: ActivityFilter, page: number, size: number) {
  let query = db.selectFrom('history');
  if (filter.band !== undefined) query = query.where('band_id', '=', filter.band);
  if (filter.user !== undefined) query = query.where('user_id', '=', filter.user);
  if (filter.kind !== undefined) query = query.where('kind', '=', filter.kind);
  if (filter.from !== undefined) query = query.where('at', '>=', filter.from);
  if (filter.to !== undefined) query = query.where('at', '<', filter.to);
  const [rows, count] = await Promise.all([
    query
      .selectAll()
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .limit(size)
      .offset(page * size)
      .execute(),
    query.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** Deletes the history older than `before` (the retention, HISTORY_DAYS); answers how many rows. */
export async function purgeHistory(db: Db, before: string) {
  const result = await db.deleteFrom('history').where('at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export interface ChangeView {
  field: string;
  before: unknown;
  after: unknown;
  /** The names of what an id field names (a performer, a playlist, a band), where it is still there. */
  before_name?: string | null;
  after_name?: string | null;
  /** A playlist's songs: which came in, went out, or changed place (by name). */
  added?: { id: number; naziv: string | null }[];
  removed?: { id: number; naziv: string | null }[];
  moved?: { id: number; naziv: string | null }[];
}

const REFERENCES: Record<string, 'performers' | 'playlists' | 'bands'> = {
  performer_id: 'performers',
  playlist_id: 'playlists',
  band_id: 'bands',
};

/**
 * The songs present before and after that changed place: those outside a longest run kept in the
 * same order (so one song moved to the end is one move, not every song shifted by it).
 */
export function movedSongs(before: number[], after: number[]): number[] {
  const inAfter = new Map(after.map((id, index) => [id, index]));
  const common = before.filter((id) => inAfter.has(id));
  const places = common.map((id) => inAfter.get(id)!);
  // Longest increasing subsequence of the places, with its members.
  const tails: number[] = [];
  const tailIndex: number[] = [];
  const previous: number[] = new Array<number>(places.length).fill(-1);
  places.forEach((place, i) => {
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (tails[mid] < place) lo = mid + 1;
      else hi = mid;
    }
    tails[lo] = place;
    tailIndex[lo] = i;
    previous[i] = lo > 0 ? tailIndex[lo - 1] : -1;
  });
  const kept = new Set<number>();
  for (let i = tailIndex[tails.length - 1] ?? -1; i >= 0; i = previous[i]) kept.add(common[i]);
  return common.filter((id) => !kept.has(id));
}

/**
 * Which of the rows are their item's newest change: the item as it is now, so restoring one would
 * change nothing (the panel offers it only for a delete, whose restore brings the item back).
 */
async function newestOf(db: Db, rows: HistoryRow[]) {
  if (!rows.length) return new Set<number>();
  // Every pair of the rows' kinds and items (the history_item index), a few more than the rows'.
  const newest = await db
    .selectFrom('history')
    .select((eb) => eb.fn.max('id').as('id'))
    .where('kind', 'in', [...new Set(rows.map((row) => row.kind))])
    .where('item_id', 'in', [...new Set(rows.map((row) => row.item_id))])
    .groupBy(['kind', 'item_id'])
    .execute();
  return new Set(newest.map((row) => Number(row.id)));
}

/**
 * The rows as the API answers them: each change field by field, with names where ids are shown, and
 * whether it is its item's newest (`latest`).
 */
export async function presentHistory(db: Db, rows: HistoryRow[]) {
  const parsed = rows.map((row) => ({
    row,
    changes: JSON.parse(row.changes) as Record<string, [unknown, unknown]>,
  }));
  const wanted = {
    songs: new Set<number>(),
    performers: new Set<number>(),
    playlists: new Set<number>(),
    bands: new Set<number>(),
  };
  for (const { row, changes } of parsed) {
    for (const [field, [before, after]] of Object.entries(changes)) {
      if (field === 'songs' && row.kind === 'playlist') {
        for (const id of [...((before as number[]) ?? []), ...((after as number[]) ?? [])])
          wanted.songs.add(id);
      } else if (REFERENCES[field] && !(row.kind === 'band' && field === 'band_id')) {
        for (const id of [before, after]) if (typeof id === 'number') wanted[REFERENCES[field]].add(id);
      }
    }
  }
  const names = async (table: 'songs' | 'performers' | 'playlists' | 'bands', ids: Set<number>) => {
    if (!ids.size) return new Map<number, string>();
    const found = await db
      .selectFrom(table)
      .select(['id', 'naziv'])
      .where('id', 'in', [...ids])
      .execute();
    return new Map(found.map((item) => [item.id, item.naziv]));
  };
  const [songs, performers, playlists, bands, newest] = await Promise.all([
    names('songs', wanted.songs),
    names('performers', wanted.performers),
    names('playlists', wanted.playlists),
    names('bands', wanted.bands),
    newestOf(db, rows),
  ]);
  const byTable = { performers, playlists, bands };
  const song = (id: number) => ({ id, naziv: songs.get(id) ?? null });

  return parsed.map(({ row, changes }) => ({
    id: row.id,
    at: row.at,
    user_id: row.user_id,
    user_name: row.user_name,
    band_id: row.band_id,
    kind: row.kind,
    item_id: row.item_id,
    item_name: row.item_name,
    action: row.action,
    latest: newest.has(row.id),
    changes: Object.entries(changes).map(([field, [before, after]]): ChangeView => {
      if (field === 'songs' && row.kind === 'playlist') {
        const [was, is] = [(before as number[] | null) ?? [], (after as number[] | null) ?? []];
        const [wasSet, isSet] = [new Set(was), new Set(is)];
        return {
          field,
          before: was,
          after: is,
          added: is.filter((id) => !wasSet.has(id)).map(song),
          removed: was.filter((id) => !isSet.has(id)).map(song),
          moved: movedSongs(was, is).map(song),
        };
      }
      const table = REFERENCES[field];
      if (!table) return { field, before, after };
      const nameOf = (id: unknown) => (typeof id === 'number' ? (byTable[table].get(id) ?? null) : null);
      return { field, before, after, before_name: nameOf(before), after_name: nameOf(after) };
    }),
  }));
}
