import { type Kysely, PostgresAdapter, sql } from 'kysely';
import { postgresScopeFunctions } from './0005_list_scopes.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration works on an untyped schema
type Db = Kysely<any>;

const OWNED = ['songs', 'performers', 'playlists', 'gigs'];

/**
 * PostgreSQL writes within 2x of SQLite (issue 25, point 5): the triggers of 0005 updated, on every
 * write of every band, the all-bands rows (list_counts band 0, the `songs:a`-like versions), so
 * concurrent writes of different bands waited on one another's row lock until each committed.
 * On PostgreSQL the triggers now keep only the band's own rows (and the public version, which only
 * public changes touch); the all-bands figures are read as sums of the bands' rows (list-page.ts
 * `counts`, list-cache.ts ScopeVersions). SQLite writes one at a time anyway and keeps 0005's rows.
 */
export async function up(db: Db): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  for (const [, body] of postgresScopeFunctions(false)) await sql.raw(body).execute(db);
  // No longer kept: gone, so that nothing reads a figure that has stopped moving.
  await db.deleteFrom('list_counts').where('band_id', '=', 0).execute();
  await db
    .deleteFrom('cache_versions')
    .where(
      'name',
      'in',
      OWNED.map((table) => `${table}:a`),
    )
    .execute();
}

export async function down(db: Db): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return;
  for (const [, body] of postgresScopeFunctions(true)) await sql.raw(body).execute(db);
  for (const table of OWNED) {
    await sql
      .raw(
        `insert into list_counts (tbl, band_id, total, public) select '${table}', 0, ` +
          `coalesce(sum(total), 0), coalesce(sum(public), 0) from list_counts where tbl = '${table}'`,
      )
      .execute(db);
    // The sum the reads used meanwhile, so a cached key never comes back with other contents.
    await sql
      .raw(
        `insert into cache_versions (name, version) select '${table}:a', coalesce(sum(version), 0) + 1 ` +
          `from cache_versions where name like '${table}:b:%'`,
      )
      .execute(db);
  }
}
