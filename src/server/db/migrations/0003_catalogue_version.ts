import { type Kysely, PostgresAdapter, sql } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration works on an untyped schema
type Db = Kysely<any>;

const TABLES = ['bands', 'performers', 'songs', 'playlists', 'playlist_songs', 'gigs'];

/**
 * A version number that every write to the catalogue tables bumps, by trigger, so that no write
 * path (a route, a cascade, the seed script, another server process) can forget it. List answers
 * are cached per version: reading one integer tells whether a cached page is still right.
 */
export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('cache_versions')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute();
  await db.insertInto('cache_versions').values({ name: 'catalogue', version: 1 }).execute();

  const bump = "update cache_versions set version = version + 1 where name = 'catalogue'";
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql
      .raw(
        `create function bump_catalogue_version() returns trigger as $$ begin ${bump}; return null; end $$ language plpgsql`,
      )
      .execute(db);
    for (const table of TABLES) {
      await sql
        .raw(
          `create trigger ${table}_catalogue_version after insert or update or delete on ${table} ` +
            'for each statement execute function bump_catalogue_version()',
        )
        .execute(db);
    }
    return;
  }
  for (const table of TABLES) {
    for (const event of ['insert', 'update', 'delete']) {
      await sql
        .raw(
          `create trigger ${table}_${event}_catalogue_version after ${event} on ${table} begin ${bump}; end`,
        )
        .execute(db);
    }
  }
}

export async function down(db: Db): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    for (const table of TABLES)
      await sql.raw(`drop trigger ${table}_catalogue_version on ${table}`).execute(db);
    await sql.raw('drop function bump_catalogue_version()').execute(db);
  } else {
    for (const table of TABLES) {
      for (const event of ['insert', 'update', 'delete']) {
        await sql.raw(`drop trigger ${table}_${event}_catalogue_version`).execute(db);
      }
    }
  }
  await db.schema.dropTable('cache_versions').execute();
}
