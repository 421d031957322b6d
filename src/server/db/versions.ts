import { sql } from 'kysely';
import type { Actor } from './history.js';

/**
 * No silent overwrite (issue 28, point 1; migration 0018). Every save of a band, user, performer,
 * song, playlist or gig moves its version on; a save that names the version it started from is
 * written only over that version (`where version = ?` in the same UPDATE, so the check and the write
 * are one step, also when two saves come at once: the second's UPDATE finds the new version and
 * changes nothing). A save that names none is written as before the versions (old clients).
 */

/** The records that have versions. */
export type VersionedTable = 'bands' | 'users' | 'performers' | 'songs' | 'playlists' | 'gigs';

/**
 * Who saves, when, and the version the save started from (none: the save is not checked); who and
 * when also write the change's history row (db/history.ts).
 */
export interface SaveBy extends Actor {
  version?: number;
}

/** What a save sets besides its fields: the next version, and who saved it when. */
export const nextVersion = (by: number | null, now: string) => ({
  version: sql<number>`version + 1`,
  updated_at: now,
  updated_by: by,
});

/**
 * Thrown inside a save's transaction when the record is no longer at the version the save named:
 * the transaction rolls back, and the route answers 409 with the record as it is now (routes/versions.ts).
 */
export class StaleVersion extends Error {
  constructor() {
    super('The record changed since this save started.');
  }
}

/**
 * After a save's UPDATE: a row changed is done. None changed is a stale version when the save named
 * one (a record deleted meanwhile too: the route then finds it gone, 404), otherwise `gone()`.
 */
export function savedOrStale(
  result: { numUpdatedRows: bigint },
  version: number | undefined,
  gone: () => Error,
): void {
  if (Number(result.numUpdatedRows) > 0) return;
  throw version === undefined ? gone() : new StaleVersion();
}

/** savedOrStale for an UPDATE ... RETURNING: answers the row it returned (the record as saved). */
export function returnedOrStale<Row>(
  row: Row | undefined,
  version: number | undefined,
  gone: () => Error,
): Row {
  if (row !== undefined) return row;
  throw version === undefined ? gone() : new StaleVersion();
}

/** The name of whoever saved the record last (null: nobody since migration 0018, or deleted since). */
export const changedBy = (table: VersionedTable) =>
  sql<
    string | null
  >`(select changer.name from users as changer where changer.id = ${sql.ref(`${table}.updated_by`)})`.as(
    'changed_by',
  );
