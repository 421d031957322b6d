import { foldForSearch } from '../../shared/search.js';
import type { Db } from './connect.js';
import {
  type Actor,
  type Fields,
  HISTORY_KINDS,
  type HistoryKind,
  type NotRestored,
  record,
  snapshot,
  TABLES,
  TRACKED,
  tracked,
} from './history.js';
import { locking } from './locks.js';
import { nextVersion } from './versions.js';
import { writeEntries } from './playlist-entries.js';
import { undelete } from './trash.js';

export type Restored =
  | { outcome: 'no_version' }
  | { outcome: 'gone'; kind: HistoryKind; item_id: number }
  | { outcome: 'forbidden' }
  | {
      outcome: 'restored';
      kind: HistoryKind;
      item_id: number;
      band_id: number | null;
      not_restored: NotRestored[];
    };

/**
 * The fields a restore writes back per kind: those the history follows (TRACKED, a playlist's songs
 * too) but these, reported as kept.
 */
const KEPT: Partial<Record<HistoryKind, readonly string[]>> = {
  // A gig's status is the band's switch on the night, told to every live page: not restored here.
  gig: ['status'],
  // An email, a role or a password goes back through the users screen, with its rules (the last admin).
  user: ['email', 'role', 'password_hash'],
  // A name and a slug are unique and a slug's move keeps the old one (band-slugs.ts): the bands screen.
  band: ['naziv', 'slug'],
};
const RESTORABLE = {} as Record<HistoryKind, readonly string[]>;
for (const kind of HISTORY_KINDS) {
  const followed: readonly string[] = [...TRACKED[kind], ...(kind === 'playlist' ? ['songs'] : [])];
  RESTORABLE[kind] = followed.filter((field) => !KEPT[kind]?.includes(field));
}

const FILES = new Set(['slika', 'resource_file', 'picture']);

interface Checks {
  /** Whether an uploaded file is still stored. */
  hasFile(name: string): Promise<boolean>;
  /** Whether the caller may change an item of this band (a system admin: any). */
  mayWrite(kind: HistoryKind, bandId: number | null): boolean;
}

/** The version a history row made: the item now, with every later change taken back. */
async function versionOf(trx: Db, row: { id: number; kind: string; item_id: number; action: string }) {
  const later = await trx
    .selectFrom('history')
    .select('changes')
    .where('kind', '=', row.kind)
    .where('item_id', '=', row.item_id)
    .where('id', '>', row.id)
    .orderBy('id', 'desc')
    .execute();
  return later.map((entry) => JSON.parse(entry.changes) as Record<string, [unknown, unknown]>);
}

/**
 * Brings an item back to the version a history row made (for a delete: to what it was before it),
 * as a new change recorded with action "restore", in one transaction. What the version names that
 * is gone (a performer, a playlist's songs, a gig's playlist, a user's band, a removed file) is left
 * as it is now and reported, never written blindly.
 */
export function restoreVersion(db: Db, actor: Actor, historyId: number, checks: Checks): Promise<Restored> {
  return db.transaction().execute(async (trx): Promise<Restored> => {
    const row = await trx.selectFrom('history').selectAll().where('id', '=', historyId).executeTakeFirst();
    if (!row) return { outcome: 'no_version' };
    const kind = row.kind as HistoryKind;
    if (!checks.mayWrite(kind, row.band_id)) return { outcome: 'forbidden' };
    await locking(
      trx,
      trx.selectFrom(TABLES[kind]).select('id').where('id', '=', row.item_id),
      'update',
    ).execute();
    const notRestored: NotRestored[] = [];
    let current = await snapshot(trx, kind, row.item_id);
    if (!current) {
      // A deleted song, performer or playlist is kept 30 days (trash.ts): it comes back first.
      const back =
        kind !== 'song' && kind !== 'performer' && kind !== 'playlist'
          ? false
          : await undelete(trx, kind, row.item_id, notRestored);
      current = back ? await snapshot(trx, kind, row.item_id) : undefined;
      if (!current) return { outcome: 'gone', kind, item_id: row.item_id };
      await record(trx, actor, kind, row.item_id, 'restore', undefined, current);
      if (row.action === 'delete')
        return {
          outcome: 'restored',
          kind,
          item_id: row.item_id,
          band_id: current.band_id,
          not_restored: notRestored,
        };
    }
    if (!checks.mayWrite(kind, current.band_id)) return { outcome: 'forbidden' };

    const target: Fields = { ...current.fields };
    const undo = await versionOf(trx, row);
    // A delete's version is the item before it: its own change is taken back too.
    if (row.action === 'delete') undo.push(JSON.parse(row.changes) as Record<string, [unknown, unknown]>);
    for (const changes of undo)
      for (const [field, [before]] of Object.entries(changes)) target[field] = before;

    const values: Fields = {};
    for (const field of Object.keys(target)) {
      if (JSON.stringify(target[field] ?? null) === JSON.stringify(current.fields[field] ?? null)) continue;
      if (!RESTORABLE[kind].includes(field)) {
        notRestored.push({ field, reason: 'kept' });
        continue;
      }
      values[field] = target[field];
    }
    await checkReferences(trx, kind, current.band_id, values, notRestored, checks);

    await tracked(
      trx,
      actor,
      kind,
      row.item_id,
      () => write(trx, actor, kind, row.item_id, values, current.fields),
      'restore',
    );
    return {
      outcome: 'restored',
      kind,
      item_id: row.item_id,
      band_id: current.band_id,
      not_restored: notRestored,
    };
  });
}

/** Takes out of `values` what names something gone, reporting it. */
async function checkReferences(
  trx: Db,
  kind: HistoryKind,
  bandId: number | null,
  values: Fields,
  notRestored: NotRestored[],
  checks: Checks,
) {
  const drop = (field: string, ids?: number[]) => {
    delete values[field];
    notRestored.push({ field, reason: 'missing', ...(ids ? { ids } : {}) });
  };
  for (const field of Object.keys(values)) {
    const value = values[field];
    if (FILES.has(field) && typeof value === 'string' && !(await checks.hasFile(value))) drop(field);
  }
  const usable = (table: 'performers' | 'playlists', id: number) =>
    locking(
      trx,
      trx
        .selectFrom(table)
        .select('id')
        .where('id', '=', id)
        .where((eb) => eb.or([eb('band_id', '=', bandId ?? -1), eb('visibility', '=', 1)])),
      'key share',
    ).executeTakeFirst();
  if (kind === 'song' && typeof values.performer_id === 'number') {
    if (!(await usable('performers', values.performer_id))) drop('performer_id', [values.performer_id]);
  }
  if (kind === 'gig' && typeof values.playlist_id === 'number') {
    if (!(await usable('playlists', values.playlist_id))) drop('playlist_id', [values.playlist_id]);
  }
  if (kind === 'user' && typeof values.band_id === 'number') {
    const band = await trx
      .selectFrom('bands')
      .select('id')
      .where('id', '=', values.band_id)
      .executeTakeFirst();
    if (!band) drop('band_id', [values.band_id]);
  }
  if (kind === 'playlist' && Array.isArray(values.songs)) {
    const ids = values.songs as number[];
    const found = ids.length
      ? await locking(
          trx,
          trx
            .selectFrom('songs')
            .select('id')
            .where('id', 'in', ids)
            .where((eb) => eb.or([eb('band_id', '=', bandId ?? -1), eb('visibility', '=', 1)])),
          'share',
        ).execute()
      : [];
    const there = new Set(found.map((song) => song.id));
    const gone = ids.filter((id) => !there.has(id));
    if (gone.length) {
      // The songs still there come back in the version's order; the others are reported.
      values.songs = ids.filter((id) => there.has(id));
      notRestored.push({ field: 'songs', reason: 'missing', ids: gone });
    }
  }
}

/**
 * Writes the restored values, with what is derived from them (the search column); a restore is a
 * save of the item, so its version moves on (an edit form opened before it is told, db/versions.ts).
 */
async function write(trx: Db, actor: Actor, kind: HistoryKind, id: number, values: Fields, current: Fields) {
  const { songs, ...columns } = values;
  const merged = { ...current, ...columns };
  if (kind !== 'user' && kind !== 'band' && ('naziv' in columns || 'lokacija' in columns)) {
    columns.search = foldForSearch(
      kind === 'gig' ? `${merged.naziv} ${merged.lokacija}` : String(merged.naziv),
    );
  }
  if (!Object.keys(columns).length && !Array.isArray(songs)) return;
  // The columns are the kind's own (RESTORABLE), checked above.
  await trx
    .updateTable(TABLES[kind])
    .set({ ...columns, ...nextVersion(actor.by, actor.now) } as never)
    .where('id', '=', id)
    .execute();
  if (kind === 'playlist' && Array.isArray(songs)) await writeEntries(trx, id, songs as number[]);
}
