import { type Kysely, PostgresAdapter } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration works on an untyped schema
type Db = Kysely<any>;

/**
 * The history of changes (issue 28, point 3): one row per change to a song, performer, playlist,
 * gig, user or band, written in the change's own transaction (db/history.ts). `changes` is JSON,
 * field → [before, after], only the fields that changed (a playlist's `songs` are its song ids in
 * order). Who made it is kept by id and by name, so a row outlives its user; no foreign keys, since
 * the history also outlives the items, users and bands it names (it is purged by age instead).
 */
export async function up(db: Db): Promise<void> {
  const isPg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('history')
    .addColumn('id', isPg ? 'serial' : 'integer', (c) =>
      isPg ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('user_name', 'text', (c) => c.notNull())
    .addColumn('band_id', 'integer')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('item_id', 'integer', (c) => c.notNull())
    .addColumn('item_name', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('changes', 'text', (c) => c.notNull())
    .execute();
  // An item's history, newest first; the activity log by time, by band and by user.
  await db.schema.createIndex('history_item').on('history').columns(['kind', 'item_id', 'id']).execute();
  await db.schema.createIndex('history_at').on('history').columns(['at', 'id']).execute();
  await db.schema.createIndex('history_band').on('history').columns(['band_id', 'at']).execute();
  await db.schema.createIndex('history_user').on('history').columns(['user_id', 'at']).execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('history').execute();
}
