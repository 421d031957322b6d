import { type Kysely, PostgresAdapter, sql } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration works on an untyped schema
type Db = Kysely<any>;

const OWNED = ['songs', 'performers', 'playlists', 'gigs'] as const;
type Owned = (typeof OWNED)[number];
/** The catalogue tables whose writes 0003 counted in one global version. */
const OLD_TABLES = ['bands', 'performers', 'songs', 'playlists', 'playlist_songs', 'gigs'];

/** 1 for a public row, else 0 (gigs are never public: only their band lists them). */
const publicOf = (table: Owned, row: string) =>
  table === 'gigs' ? '0' : `(case when ${row}.visibility = 1 then 1 else 0 end)`;

/**
 * Lists without a warm cache (issue 15):
 * - indexes that give each ownership filter its page by walking an index in list order: the band's
 *   rows (band_id, search, id), the public rows (visibility, search, id); gigs by start, newest first;
 * - list_counts: rows and public rows per table and band (band 0: all bands), kept by triggers, so a
 *   list's total needs no count of the visible rows;
 * - cache versions per scope instead of one catalogue version: `<table>:b:<band>` (the band's rows
 *   changed), `<table>:p` (a public row changed, or one stopped being public) and `<table>:a` (any row
 *   changed: a system admin's lists). A band's private edit leaves other bands' cached pages alone.
 * The triggers of 0003 (one version bumped by every write) are dropped.
 */
export async function up(db: Db): Promise<void> {
  const isPg = db.getExecutor().adapter instanceof PostgresAdapter;
  // The trailing columns let a search (or its count) filter on the index alone, without the rows: a
  // song's performer for a search by performer name, the band for "other bands' public".
  for (const table of ['songs', 'performers', 'playlists'] as const) {
    const extra = table === 'songs' ? ['performer_id'] : [];
    await db.schema
      .createIndex(`${table}_band_search`)
      .on(table)
      .columns(['band_id', 'search', 'id', ...extra])
      .execute();
    await db.schema
      .createIndex(`${table}_visibility_search`)
      .on(table)
      .columns(['visibility', 'search', 'id', 'band_id', ...extra])
      .execute();
  }
  await db.schema.createIndex('gigs_band_start').on('gigs').columns(['band_id', 'pocetak', 'id']).execute();
  await db.schema.createIndex('gigs_start').on('gigs').columns(['pocetak', 'id']).execute();

  await db.schema
    .createTable('list_counts')
    .addColumn('tbl', 'text', (c) => c.notNull())
    .addColumn('band_id', 'integer', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('public', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('list_counts_pk', ['tbl', 'band_id'])
    .execute();
  for (const table of OWNED) {
    const pub = publicOf(table, table);
    await sql
      .raw(
        `insert into list_counts (tbl, band_id, total, public) ` +
          `select '${table}', band_id, count(*), sum(${pub}) from ${table} group by band_id`,
      )
      .execute(db);
    await sql
      .raw(
        `insert into list_counts (tbl, band_id, total, public) ` +
          `select '${table}', 0, count(*), coalesce(sum(${pub}), 0) from ${table}`,
      )
      .execute(db);
  }

  if (isPg) {
    for (const table of OLD_TABLES)
      await sql.raw(`drop trigger ${table}_catalogue_version on ${table}`).execute(db);
    await sql.raw('drop function bump_catalogue_version()').execute(db);
    await createPostgresTriggers(db);
  } else {
    for (const table of OLD_TABLES) {
      for (const event of ['insert', 'update', 'delete']) {
        await sql.raw(`drop trigger ${table}_${event}_catalogue_version`).execute(db);
      }
    }
    await createSqliteTriggers(db);
  }
}

const upsertVersion = 'on conflict (name) do update set version = cache_versions.version + 1';
const upsertCount =
  'on conflict (tbl, band_id) do update set total = list_counts.total + excluded.total, ' +
  'public = list_counts.public + excluded.public';

async function createSqliteTriggers(db: Db) {
  const bump = (name: string, when = '1 = 1') =>
    `insert into cache_versions (name, version) select ${name}, 1 where ${when} ${upsertVersion};`;
  const count = (table: Owned, band: string, total: number, row: string) =>
    `insert into list_counts (tbl, band_id, total, public) select '${table}', ${band}, ${total}, ` +
    `${total} * ${publicOf(table, row)} where 1 = 1 ${upsertCount};`;
  const counts = (table: Owned, row: 'new' | 'old', total: number) =>
    count(table, `${row}.band_id`, total, row) + count(table, '0', total, row);
  const isPublic = (table: Owned, row: string) => `${publicOf(table, row)} = 1`;
  for (const table of OWNED) {
    const scopes = (row: 'new' | 'old') => bump(`'${table}:b:' || ${row}.band_id`) + bump(`'${table}:a'`);
    const body = {
      insert: counts(table, 'new', 1) + scopes('new') + bump(`'${table}:p'`, isPublic(table, 'new')),
      delete:
        counts(table, 'old', -1) +
        scopes('old') +
        // A performer's name shows on its band's public songs, whether or not it is public itself.
        bump(`'${table}:p'`, table === 'performers' ? '1 = 1' : isPublic(table, 'old')),
      update:
        counts(table, 'old', -1) +
        counts(table, 'new', 1) +
        scopes('old') +
        bump(`'${table}:b:' || new.band_id`, 'new.band_id <> old.band_id') +
        bump(
          `'${table}:p'`,
          table === 'performers' ? '1 = 1' : `(${isPublic(table, 'old')} or ${isPublic(table, 'new')})`,
        ),
    };
    for (const [event, statements] of Object.entries(body)) {
      await sql
        .raw(`create trigger ${table}_${event}_list_scope after ${event} on ${table} begin ${statements} end`)
        .execute(db);
    }
  }
  // A playlist's entries change its songs count: its band's and, when it is public, everyone's view.
  for (const [event, row] of [
    ['insert', 'new'],
    ['update', 'new'],
    ['delete', 'old'],
  ]) {
    const statements =
      `insert into cache_versions (name, version) select 'playlists:b:' || band_id, 1 from playlists ` +
      `where id = ${row}.playlist_id ${upsertVersion};` +
      bump(
        `'playlists:p'`,
        `exists (select 1 from playlists where id = ${row}.playlist_id and visibility = 1)`,
      ) +
      bump(`'playlists:a'`);
    await sql
      .raw(
        `create trigger playlist_songs_${event}_list_scope after ${event} on playlist_songs begin ${statements} end`,
      )
      .execute(db);
  }
}

/** Statement triggers with transition tables: one upsert per statement, however many rows. */
async function createPostgresTriggers(db: Db) {
  for (const [name, body] of postgresScopeFunctions(true)) {
    await sql.raw(body).execute(db);
    const [table, event] = name.split(/_(insert|update|delete)_/);
    await sql
      .raw(
        `create trigger ${name} after ${event} on ${table} ${TRANSITION[event as Event]} ` +
          `for each statement execute function ${name}()`,
      )
      .execute(db);
  }
}

type Event = 'insert' | 'update' | 'delete';
const TRANSITION = {
  insert: 'referencing new table as new_rows',
  update: 'referencing old table as old_rows new table as new_rows',
  delete: 'referencing old table as old_rows',
};

/**
 * The PostgreSQL trigger functions ([name, `create or replace function` SQL]). With `allBands`, as
 * this migration made them: they also keep the all-bands rows (list_counts band 0, the `:a`
 * versions), which every write of every band updates. Without (0023): only the band's own rows and
 * the public version (docs/decisions.md, "PostgreSQL writes without a row every band locks").
 */
export function postgresScopeFunctions(allBands: boolean): [string, string][] {
  const events = ['insert', 'update', 'delete'] as const;
  const functions: [string, string][] = [];
  for (const table of OWNED) {
    for (const event of events) {
      const pub = (alias: string) => publicOf(table, alias);
      const parts = [];
      if (event !== 'delete') parts.push(`select n.band_id, 1 as d, ${pub('n')} as p from new_rows n`);
      if (event !== 'insert') parts.push(`select o.band_id, -1 as d, -${pub('o')} as p from old_rows o`);
      const delta = `with delta as (${parts.join(' union all ')})`;
      const anyPublic =
        table === 'performers' && event !== 'insert' ? 'true' : 'exists (select 1 from delta where p <> 0)';
      const fn = `${table}_${event}_list_scope`;
      const bands = allBands
        ? '(select band_id as b, d, p from delta union all select 0, d, p from delta) x'
        : '(select band_id as b, d, p from delta) x';
      const all = allBands ? `union select '${table}:a' from delta ` : '';
      functions.push([
        fn,
        `create or replace function ${fn}() returns trigger as $$ begin ` +
          `${delta} insert into list_counts (tbl, band_id, total, public) ` +
          `select '${table}', b, sum(d), sum(p) from ${bands} ` +
          `group by b having sum(d) <> 0 or sum(p) <> 0 order by b ${upsertCount}; ` +
          // For an update, a public row that changed counts even when it stays public: `p` above
          // nets to zero, so look at both sides here.
          `${delta.replace(/-\(case/g, '(case')} insert into cache_versions (name, version) ` +
          `select n, 1 from (select '${table}:b:' || band_id as n from delta ` +
          all +
          `union select '${table}:p' where ${anyPublic}) x order by n ${upsertVersion}; ` +
          'return null; end $$ language plpgsql',
      ]);
    }
  }
  for (const event of events) {
    const parts = [];
    if (event !== 'delete') parts.push('select playlist_id from new_rows');
    if (event !== 'insert') parts.push('select playlist_id from old_rows');
    const fn = `playlist_songs_${event}_list_scope`;
    const all = allBands ? `union select 'playlists:a' from touched` : '';
    functions.push([
      fn,
      `create or replace function ${fn}() returns trigger as $$ begin ` +
        `with touched as (select p.band_id, p.visibility from playlists p ` +
        `where p.id in (${parts.join(' union ')})) ` +
        `insert into cache_versions (name, version) select n, 1 from (` +
        `select 'playlists:b:' || band_id as n from touched ` +
        `union select 'playlists:p' from touched where visibility = 1 ` +
        `${all}) x order by n ${upsertVersion}; ` +
        'return null; end $$ language plpgsql',
    ]);
  }
  return functions;
}

export async function down(db: Db): Promise<void> {
  const isPg = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const table of [...OWNED, 'playlist_songs']) {
    for (const event of ['insert', 'update', 'delete']) {
      const name = `${table}_${event}_list_scope`;
      if (isPg) {
        await sql.raw(`drop trigger ${name} on ${table}`).execute(db);
        await sql.raw(`drop function ${name}()`).execute(db);
      } else {
        await sql.raw(`drop trigger ${name}`).execute(db);
      }
    }
  }
  await db.schema.dropTable('list_counts').execute();
  for (const table of ['songs', 'performers', 'playlists']) {
    await db.schema.dropIndex(`${table}_band_search`).execute();
    await db.schema.dropIndex(`${table}_visibility_search`).execute();
  }
  await db.schema.dropIndex('gigs_band_start').execute();
  await db.schema.dropIndex('gigs_start').execute();
  await db.deleteFrom('cache_versions').where('name', '<>', 'catalogue').execute();
  // 0003's single version comes back with its triggers.
  const catalogue = await import('./0003_catalogue_version.js');
  await catalogue.down(db);
  await catalogue.up(db);
}
