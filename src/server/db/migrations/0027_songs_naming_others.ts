import { type Kysely, PostgresAdapter, sql } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration works on an untyped schema
type Db = Kysely<any>;

/** A song's performer is another band's: the row's performer looked up as the trigger runs. */
const naming = (row: string) =>
  `from performers p where p.id = ${row}.performer_id and p.band_id <> ${row}.band_id`;
const upsert = 'on conflict (band_id) do update set songs = songs_naming_others.songs + excluded.songs';

/**
 * Issue 25, point 1: whether a band's songs name another band's performer (songs.ts `namesOthers`)
 * was a walk of the band's songs (1.2 ms on PostgreSQL at 5,000 songs) on the first search after
 * every write to them. `songs_naming_others` keeps, per band, how many of its songs do, by triggers
 * on songs alone; a band at 0 is answered without the walk, any other by the walk as before.
 *
 * The figure is never below the songs that do (a search must find them): a song's performer exists
 * whenever the song names it (its foreign key), so each song counted in is counted out by the write
 * that changes or deletes it, except where its performer is deleted first and the foreign key sets
 * the song's performer to none (a deleted band's performers, named by another band's songs): then
 * the figure stays above, and that band's searches take the walk, which answers exactly.
 * (Performers never change band.)
 */
export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('songs_naming_others')
    .addColumn('band_id', 'integer', (c) => c.primaryKey())
    .addColumn('songs', 'integer', (c) => c.notNull())
    .execute();
  await sql
    .raw(
      `insert into songs_naming_others (band_id, songs) select s.band_id, count(*) from songs s ` +
        `join performers p on p.id = s.performer_id where p.band_id <> s.band_id group by s.band_id`,
    )
    .execute(db);
  if (db.getExecutor().adapter instanceof PostgresAdapter) await postgresTriggers(db);
  else await sqliteTriggers(db);
}

async function sqliteTriggers(db: Db) {
  const count = (row: 'new' | 'old', d: number) =>
    `insert into songs_naming_others (band_id, songs) select ${row}.band_id, ${d} ${naming(row)} ${upsert};`;
  const triggers = {
    insert: `after insert on songs when new.performer_id is not null begin ${count('new', 1)} end`,
    update:
      `after update of performer_id, band_id on songs when old.performer_id is not new.performer_id ` +
      `or old.band_id is not new.band_id begin ${count('old', -1)} ${count('new', 1)} end`,
    delete: `after delete on songs when old.performer_id is not null begin ${count('old', -1)} end`,
  };
  for (const [event, body] of Object.entries(triggers))
    await sql.raw(`create trigger songs_${event}_naming_others ${body}`).execute(db);
}

/**
 * Inserts and deletes as statement triggers over their transition tables (an import's 5,000 rows in
 * one upsert); an update as a row trigger on the two columns alone, run only when one changed.
 */
async function postgresTriggers(db: Db) {
  const counted = (rows: string, sign: string) =>
    `insert into songs_naming_others (band_id, songs) select r.band_id, ${sign}count(*) from ${rows} r ` +
    `join performers p on p.id = r.performer_id where p.band_id <> r.band_id ` +
    `group by r.band_id order by r.band_id ${upsert};`;
  const rowCount = (row: 'new' | 'old', d: number) =>
    `select ${row}.band_id as band_id, ${d} as d ${naming(row)}`;
  const bodies = {
    insert: counted('new_rows', ''),
    delete: counted('old_rows', '-'),
    update:
      `insert into songs_naming_others (band_id, songs) select band_id, sum(d) from ` +
      `(${rowCount('old', -1)} union all ${rowCount('new', 1)}) x ` +
      `group by band_id having sum(d) <> 0 order by band_id ${upsert};`,
  };
  const on = {
    insert: 'after insert on songs referencing new table as new_rows for each statement',
    delete: 'after delete on songs referencing old table as old_rows for each statement',
    update:
      'after update of performer_id, band_id on songs for each row when ' +
      '(old.performer_id is distinct from new.performer_id or old.band_id is distinct from new.band_id)',
  };
  for (const event of ['insert', 'update', 'delete'] as const) {
    const fn = `songs_${event}_naming_others`;
    await sql
      .raw(
        `create function ${fn}() returns trigger as $$ begin ${bodies[event]} ` +
          `return null; end $$ language plpgsql`,
      )
      .execute(db);
    await sql.raw(`create trigger ${fn} ${on[event]} execute function ${fn}()`).execute(db);
  }
}

export async function down(db: Db): Promise<void> {
  const isPg = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const event of ['insert', 'update', 'delete']) {
    const name = `songs_${event}_naming_others`;
    await sql.raw(isPg ? `drop trigger ${name} on songs` : `drop trigger ${name}`).execute(db);
    if (isPg) await sql.raw(`drop function ${name}()`).execute(db);
  }
  await db.schema.dropTable('songs_naming_others').execute();
}
