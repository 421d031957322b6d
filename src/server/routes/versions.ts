import { Type } from '@sinclair/typebox';
import { type Said, say } from '../../shared/server-messages.js';
import { ApiError, notFound } from '../errors.js';
import { StaleVersion } from '../db/versions.js';
import { NullableString } from '../services/forms/list-query.js';

/**
 * Issue 28, point 1: the fields a record's answers carry beside the spec's (extra fields: old
 * clients ignore them). Lists of songs, performers, playlists and gigs leave them out; the edit
 * screens read the record itself.
 */
export const VersionFields = {
  version: Type.Optional(Type.Integer({ description: 'Moves on with every save; a save may send it back.' })),
  updated_at: Type.Optional(NullableString),
  /** The name of whoever saved it last. */
  updated_by: Type.Optional(NullableString),
};

interface VersionedRow {
  version?: number;
  updated_at?: string | null;
  changed_by?: string | null;
}

/** A row's version fields as answers carry them (none for a row read without them). */
export const versionOf = (row: VersionedRow) =>
  row.version === undefined
    ? {}
    : { version: row.version, updated_at: row.updated_at ?? null, updated_by: row.changed_by ?? null };

/**
 * Runs a save; one refused for a stale version (db/versions.ts) answers 409 in the API's error
 * shape: who changed the record and when, and `current`, the record as its read route answers it
 * now, for the panel to show beside the user's change. A record deleted meanwhile answers 404.
 */
export async function unlessStale<T>(
  save: () => Promise<T>,
  current: () => Promise<object | undefined>,
  gone: Said,
): Promise<T> {
  try {
    return await save();
  } catch (error) {
    if (!(error instanceof StaleVersion)) throw error;
    const record = await current().catch((failure: unknown) => {
      if (failure instanceof ApiError && failure.statusCode === 404) return undefined;
      throw failure;
    });
    if (!record) throw notFound(gone);
    const { updated_at: at = '', updated_by: by } = record as ReturnType<typeof versionOf>;
    const sentence = by
      ? say('stale_save', { name: by, at: at ?? '' })
      : say('stale_save_someone', { at: at ?? '' });
    throw new ApiError(409, { ...sentence, current: record });
  }
}
