import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration works on an untyped schema
type Db = Kysely<any>;

/**
 * Requests with a message (issue 13, point 5): a per-gig switch, off by default, and on each request
 * the guest's message (none by default) and whether the band hid it.
 */
export async function up(db: Db): Promise<void> {
  await db.schema
    .alterTable('gigs')
    .addColumn('allow_messages', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('song_requests').addColumn('message', 'text').execute();
  await db.schema
    .alterTable('song_requests')
    .addColumn('message_hidden', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Db): Promise<void> {
  await db.schema.alterTable('song_requests').dropColumn('message_hidden').execute();
  await db.schema.alterTable('song_requests').dropColumn('message').execute();
  await db.schema.alterTable('gigs').dropColumn('allow_messages').execute();
}
