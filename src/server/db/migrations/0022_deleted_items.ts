import { type Kysely, PostgresAdapter } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration works on an untyped schema
type Db = Kysely<any>;

/**
 * Deleted songs, performers and playlists kept for 30 days (issue 28, point 4), to be restored from
 * the activity log or with the panel's Undo. A delete moves the row here (`row`, JSON) with what
 * pointed at it (`links`: a song's playlist entries and keys, a performer's songs, a playlist's
 * entries and gigs), and removes it from its own table: so every list, search, count, export, gig
 * and live page leaves it out without a filter of its own, and the counts and search indexes their
 * triggers keep stay right. A restore puts it back under its own id; a daily job purges rows older
 * than 30 days (and their files).
 */
export async function up(db: Db): Promise<void> {
  const isPg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable('deleted_items')
    .addColumn('id', isPg ? 'serial' : 'integer', (c) =>
      isPg ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('item_id', 'integer', (c) => c.notNull())
    .addColumn('band_id', 'integer', (c) => c.notNull())
    .addColumn('naziv', 'text', (c) => c.notNull())
    .addColumn('deleted_at', 'text', (c) => c.notNull())
    .addColumn('deleted_by', 'integer')
    .addColumn('row', 'text', (c) => c.notNull())
    .addColumn('links', 'text', (c) => c.notNull())
    .addUniqueConstraint('deleted_items_item', ['kind', 'item_id'])
    .execute();
  await db.schema.createIndex('deleted_items_deleted_at').on('deleted_items').column('deleted_at').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('deleted_items').execute();
}
