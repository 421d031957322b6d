import { type Kysely, PostgresAdapter, sql } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration works on an untyped schema
type Db = Kysely<any>;

const TABLES = ['songs', 'performers', 'playlists', 'gigs'];

/**
 * Trigram indexes over each list's folded `search` column (issue 15), so that a search (`q`, a
 * substring) finds its rows without reading every visible row:
 * - SQLite: an FTS5 table `<table>_trigrams` with the trigram tokenizer over the table's own rows
 *   (external content: only the index is stored), kept in sync by triggers, so every write path
 *   (a route, a cascade, the seed script) keeps it. `search` is already lower-case, so the index is
 *   case-sensitive: a phrase query is then an exact substring match.
 * - PostgreSQL: pg_trgm's GIN index, which LIKE '%q%' uses when the planner finds it cheaper.
 * Existing rows are indexed here.
 */
export async function up(db: Db): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    const schema = await trigramSchema(db);
    for (const table of TABLES) {
      await sql
        .raw(
          `create index ${table}_search_trigrams on ${table} using gin (search ${quote(schema)}.gin_trgm_ops)`,
        )
        .execute(db);
    }
    return;
  }
  for (const table of TABLES) {
    const index = `${table}_trigrams`;
    await sql
      .raw(
        `create virtual table ${index} using fts5(search, content='${table}', content_rowid='id', ` +
          `tokenize='trigram case_sensitive 1')`,
      )
      .execute(db);
    await sql.raw(`insert into ${index} (${index}) values ('rebuild')`).execute(db);
    const add = `insert into ${index} (rowid, search) values (new.id, new.search);`;
    const remove = `insert into ${index} (${index}, rowid, search) values ('delete', old.id, old.search);`;
    await sql.raw(`create trigger ${index}_insert after insert on ${table} begin ${add} end`).execute(db);
    await sql.raw(`create trigger ${index}_delete after delete on ${table} begin ${remove} end`).execute(db);
    await sql
      .raw(`create trigger ${index}_update after update of search on ${table} begin ${remove} ${add} end`)
      .execute(db);
  }
}

/**
 * The schema holding pg_trgm, created in `public` when the database has none. Extensions belong to
 * the database, not to a schema in use: created in a schema that is dropped later (a test's), it
 * would go, with every other schema's indexes. The lock keeps two migrating processes from creating it
 * at once.
 */
async function trigramSchema(db: Db): Promise<string> {
  await sql`select pg_advisory_xact_lock(${0x7472_6967})`.execute(db);
  const find = () =>
    sql<{ schema: string }>`select extnamespace::regnamespace::text as schema from pg_extension
      where extname = 'pg_trgm'`.execute(db);
  let { rows } = await find();
  if (!rows.length) {
    await sql`create extension pg_trgm with schema public`.execute(db);
    ({ rows } = await find());
  }
  return rows[0].schema;
}

const quote = (name: string) => (name.startsWith('"') ? name : `"${name}"`);

export async function down(db: Db): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    for (const table of TABLES) await sql.raw(`drop index ${table}_search_trigrams`).execute(db);
    return;
  }
  for (const table of TABLES) {
    for (const event of ['insert', 'delete', 'update']) {
      await sql.raw(`drop trigger ${table}_trigrams_${event}`).execute(db);
    }
    await sql.raw(`drop table ${table}_trigrams`).execute(db);
  }
}
