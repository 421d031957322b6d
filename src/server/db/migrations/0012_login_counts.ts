import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration works on an untyped schema
type Db = Kysely<any>;

/**
 * Failed sign-in counts in the database that every server process shares (issue 23, finding 8):
 * what decides while Redis is unreachable, and a copy of Redis's counts meanwhile, so that an
 * outage starts from them and an emptied Redis gets them back. A row is one counter, named as in
 * Redis (`pair:<digest>`, `address:<digest>`, `account:<digest>`, `known:<digest>`; digests, never
 * emails); an account's row carries its wait. Times are ISO-8601 UTC text; the index serves the
 * purge of expired rows.
 */
export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('login_counts')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('wait_until', 'text')
    .execute();
  await db.schema.createIndex('login_counts_expires_at').on('login_counts').column('expires_at').execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('login_counts').execute();
}
