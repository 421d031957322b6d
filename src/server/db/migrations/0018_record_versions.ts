import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration works on an untyped schema
type Db = Kysely<any>;

/** The records a band's admins edit, each with a version that every save moves on (issue 28, point 1). */
const VERSIONED = ['bands', 'users', 'performers', 'songs', 'playlists', 'gigs'] as const;

/**
 * No silent overwrite (issue 28, point 1): a save names the version it started from and is refused
 * (409) when the record has moved on since, saying who changed it and when. Every existing record
 * starts at version 1. `updated_by` forgets a deleted user (set null) rather than blocking the delete;
 * users already have their `updated_at`.
 */
export async function up(db: Db): Promise<void> {
  for (const table of VERSIONED) {
    await db.schema
      .alterTable(table)
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .execute();
    if (table !== 'users') await db.schema.alterTable(table).addColumn('updated_at', 'text').execute();
    await db.schema
      .alterTable(table)
      .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .execute();
  }
}

export async function down(db: Db): Promise<void> {
  for (const table of VERSIONED) {
    await db.schema.alterTable(table).dropColumn('updated_by').execute();
    if (table !== 'users') await db.schema.alterTable(table).dropColumn('updated_at').execute();
    await db.schema.alterTable(table).dropColumn('version').execute();
  }
}
