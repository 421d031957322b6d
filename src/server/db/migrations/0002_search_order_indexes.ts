import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration works on an untyped schema
type Db = Kysely<any>;

const TABLES = ['songs', 'performers', 'playlists', 'gigs'];

/**
 * Lists are ordered by the folded name: with an index in that order a page is read by walking the
 * index and stopping after a page of matches, instead of sorting every visible row per request.
 */
export async function up(db: Db): Promise<void> {
  for (const table of TABLES) {
    await db.schema.createIndex(`${table}_search_id`).on(table).columns(['search', 'id']).execute();
  }
}

export async function down(db: Db): Promise<void> {
  for (const table of TABLES) await db.schema.dropIndex(`${table}_search_id`).execute();
}
