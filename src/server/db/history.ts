import type { Db } from './connect.js';
import { entryIds } from './playlist-song-ids.js';

/**
 * The history of changes (issue 28, point 3). Every write of a song, performer, playlist, gig, user
 * or band goes through `tracked` (or `recordCreate`) inside its own transaction: the item is read
 * before and after the write, and one row says who changed which fields from what to what. A write
 * that is refused or rolled back takes its row with it, as both share the transaction.
 */
export const HISTORY_KINDS = ['song', 'performer', 'playlist', 'gig', 'user', 'band'] as const;
export type HistoryKind = (typeof HISTORY_KINDS)[number];
export type HistoryAction = 'create' | 'update' | 'delete' | 'restore';

/** What a restore left as it is, and why: a reference gone, a file removed, a value now taken. */
export interface NotRestored {
  field: string;
  /** missing: what it named is gone (ids: the songs of a playlist); kept: not restored by design. */
  reason: 'missing' | 'kept';
  ids?: number[];
}

/**
 * Who makes a change and when (the app's clock, so tests can move it): the same object a save gives
 * its record's version (db/versions.ts `SaveBy`), so one argument serves both.
 */
export interface Actor {
  by: number | null;
  name: string;
  now: string;
}

export const actorOf = (user: { id: number; name: string }, at: Date): Actor => ({
  by: user.id,
  name: user.name,
  now: at.toISOString(),
});

/** An item's fields as the history keeps them; `songs` of a playlist: its song ids in order. */
export type Fields = Record<string, unknown>;
export interface Snapshot {
  band_id: number | null;
  name: string;
  fields: Fields;
}

/** The columns each kind's history follows: what a person edits, not derived ones (search). */
export const TRACKED = {
  song: [
    'naziv',
    'performer_id',
    'visibility',
    'slika',
    'resursi',
    'resource_file',
    'tonalitet',
    'tempo',
    'trajanje',
    'akordi',
  ],
  performer: ['naziv', 'visibility', 'slika'],
  playlist: ['naziv', 'visibility', 'slika'],
  gig: [
    'naziv',
    'lokacija',
    'pocetak',
    'status',
    'razmakpesme',
    'razmakvreme',
    'artist_spacing',
    'minutes_per_song',
    'playlist_id',
    'allow_messages',
    'slika',
  ],
  // The password is followed as "changed" only (password_hash → password): never its hash.
  user: ['name', 'email', 'role', 'band_id', 'password_hash'],
  band: ['naziv', 'email', 'slug', 'picture'],
} as const satisfies Record<HistoryKind, readonly string[]>;

/** Each kind's table (also the panel's list it is shown in). */
export const TABLES = {
  song: 'songs',
  performer: 'performers',
  playlist: 'playlists',
  gig: 'gigs',
  user: 'users',
  band: 'bands',
} as const;

/** The item as it is now (inside the caller's transaction), or undefined when it is gone. */
export async function snapshot(trx: Db, kind: HistoryKind, id: number): Promise<Snapshot | undefined> {
  const row = (await trx.selectFrom(TABLES[kind]).selectAll().where('id', '=', id).executeTakeFirst()) as
    Record<string, unknown> | undefined;
  if (!row) return undefined;
  const songs = kind === 'playlist' ? await entryIds(trx, id) : undefined;
  return snapshotOf(kind, row, songs);
}

/**
 * The item's snapshot from its whole row (`select *`, or an insert's or update's `returning *`) and,
 * for a playlist, its song ids in order: what a write already holds, so that it needs no read of
 * its own (each statement is a round trip on PostgreSQL).
 */
export function snapshotOf(kind: HistoryKind, row: object, songs?: number[]): Snapshot {
  const columns = row as Record<string, unknown>;
  const fields: Fields = {};
  for (const column of TRACKED[kind]) fields[column] = columns[column] ?? null;
  if (kind === 'user') {
    // Only whether it changed: a digest would still be something to guess against.
    delete fields.password_hash;
    fields.password = columns.password_hash;
  }
  if (kind === 'playlist') fields.songs = songs ?? [];
  const bandId = kind === 'band' ? (columns.id as number) : ((columns.band_id as number | null) ?? null);
  return { band_id: bandId, name: String(columns.naziv ?? columns.name ?? ''), fields };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** field → [before, after] for the fields that differ; a password shows as changed, never its hash. */
export function differences(before: Fields, after: Fields): Record<string, [unknown, unknown]> {
  const changes: Record<string, [unknown, unknown]> = {};
  for (const field of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const [was, is] = [before[field] ?? null, after[field] ?? null];
    if (same(was, is)) continue;
    changes[field] = field === 'password' ? [null, null] : [was, is];
  }
  return changes;
}

/** Writes one history row (inside the change's transaction); nothing when nothing changed. */
export async function record(
  trx: Db,
  actor: Actor,
  kind: HistoryKind,
  id: number,
  action: HistoryAction,
  before: Snapshot | undefined,
  after: Snapshot | undefined,
) {
  const changes = differences(before?.fields ?? {}, after?.fields ?? {});
  if (!Object.keys(changes).length && action === 'update') return;
  const now = after ?? before;
  await trx
    .insertInto('history')
    .values({
      at: actor.now,
      user_id: actor.by,
      user_name: actor.name,
      band_id: now?.band_id ?? null,
      kind,
      item_id: id,
      item_name: now?.name ?? '',
      action,
      changes: JSON.stringify(changes),
    })
    .execute();
}

/**
 * Runs a write of one item inside the caller's transaction and records what it changed (the item
 * read before and after). A write that deletes the item records a delete; one that finds it gone
 * records nothing.
 */
export async function tracked<T>(
  trx: Db,
  actor: Actor | undefined,
  kind: HistoryKind,
  id: number,
  write: () => Promise<T>,
  action: HistoryAction = 'update',
): Promise<T> {
  if (!actor) return write();
  const before = await snapshot(trx, kind, id);
  const result = await write();
  const after = await snapshot(trx, kind, id);
  if (before || after) await record(trx, actor, kind, id, after ? action : 'delete', before, after);
  return result;
}

/**
 * Records a new item (inside the transaction that added it), from its row as the insert returned it
 * (`returningAll`; a new playlist has no songs yet) or, without one, as read now.
 */
export async function recordCreate(
  trx: Db,
  actor: Actor | undefined,
  kind: HistoryKind,
  id: number,
  row?: object,
) {
  if (!actor) return;
  const after = row ? snapshotOf(kind, row, []) : await snapshot(trx, kind, id);
  await record(trx, actor, kind, id, 'create', undefined, after);
}

/**
 * Records many new items at once from the rows just inserted (an import of thousands of songs):
 * one insert per batch rather than a read and a write per item.
 */
export async function recordCreates(
  trx: Db,
  actor: Actor | undefined,
  kind: HistoryKind,
  rows: (Record<string, unknown> & { id: number; band_id: number; naziv: string })[],
) {
  if (!actor) return;
  for (let i = 0; i < rows.length; i += 200) {
    const values = rows.slice(i, i + 200).map((row) => {
      const fields: Fields = {};
      for (const column of TRACKED[kind]) fields[column] = row[column] ?? null;
      return {
        at: actor.now,
        user_id: actor.by,
        user_name: actor.name,
        band_id: row.band_id,
        kind,
        item_id: row.id,
        item_name: row.naziv,
        action: 'create',
        changes: JSON.stringify(differences({}, fields)),
      };
    });
    await trx.insertInto('history').values(values).execute();
  }
}
