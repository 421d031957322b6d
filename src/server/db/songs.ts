import { say } from '../../shared/server-messages.js';
import { type RawBuilder, sql, type SqlBool } from 'kysely';
import { OWNERSHIP, SEARCH_TOTAL_CAP } from '../../shared/constants.js';
import { foldForSearch } from '../../shared/search.js';
import type { Db } from './connect.js';
import { invalid, notFound } from '../errors.js';
import { isPostgres, locking, NEEDS_BAND } from './locks.js';
import { canRead } from '../lib/access.js';
import { type Ownership, ownershipWhere } from './ownership.js';
import { orderColumns, pairCount, searchWhere, trigramIds } from './list-search.js';
import { asShape, type ListValues, ownershipParts, runShape, shapeOf } from './list-page.js';
import { type ListOptions, readList } from './read-list.js';
import type { Memo } from './memo.js';
import type { UserWithBand } from './users.js';
import { changedBy, nextVersion, returnedOrStale, type SaveBy } from './versions.js';
import { type Actor, record, recordCreate, snapshotOf, tracked } from './history.js';
import { trashItem } from './trash.js';

const withPerformer = (db: Db) =>
  db.selectFrom('songs').leftJoin('performers', 'performers.id', 'songs.performer_id');

const COLUMNS = [
  'songs.id',
  'songs.naziv',
  'songs.slika',
  'songs.band_id',
  'songs.visibility',
  'songs.performer_id',
  'songs.resursi',
  'songs.resource_file',
  'songs.tonalitet',
  'songs.tempo',
  'songs.trajanje',
  'performers.naziv as performer_naziv',
] as const;

export type SongRow = NonNullable<Awaited<ReturnType<typeof findSong>>>;
/** A song as lists read it: without its chart and its version. */
type ItemOnly = 'akordi' | 'version' | 'updated_at' | 'changed_by';
export type SongListRow = Omit<SongRow, ItemOnly> & Partial<Pick<SongRow, ItemOnly>>;

/**
 * A page of songs; q matches the song's name, or its performer's name where the caller may see the
 * performer: a public song shows its performer's name, but another band's private performer is not
 * a way to find it (docs/decisions.md, "Visibility").
 */
export function listSongs(db: Db, user: UserWithBand, options: ListOptions, memo?: Memo) {
  return readList(
    db,
    user,
    {
      table: 'songs',
      searched: ['songs', 'performers'],
      shortcut: (search, values) =>
        search?.trigrams ? fewMatches(db, user, options.ownership, values) : Promise.resolve(undefined),
      narrow(part, plan, v, caller, reads, own, alone) {
        // By performer: the matching performers the caller may see are found once, not joined per song.
        const byPerformer = db
          .selectFrom('performers')
          .select('performers.id')
          .where(searchWhere('performers', plan === 'like' ? 'like' : 'ids', v))
          .where(ownershipWhere('performers', caller, OWNERSHIP.all));
        if (plan === 'ids') {
          // One list of ids, read once, rather than an OR that reads the trigram index again per row.
          const ofPerformers = sql`select s.id from songs as s where s.performer_id in ${byPerformer}`;
          return part.where(sql<boolean>`songs.id in (${trigramIds('songs', v)} union ${ofPerformers})`);
        }
        // The band's own songs, none of which names another band's performer: matched by the band's
        // own performers alone, listed once for the query from their band's index (a band has a
        // few hundred), where each song's performer would otherwise be looked up (on SQLite) or the
        // other bands' ones listed too (PostgreSQL's many-reads, below). A first page on
        // PostgreSQL keeps its lookup per row, read only until the page is full.
        if (alone && (reads === 'many' || !isPostgres(db)))
          return part.where((eb) => eb.or([searchWhere('songs', plan, v), ownPerformers(db, caller, v)]));
        // PostgreSQL, a query that reads many rows (a count, a page past the first, a part with
        // few matches): the matching performers listed once for the query (`listed`, below: pg_trgm's
        // index, or every performer for two letters), however many parts it walks, and hashed.
        if (isPostgres(db) && reads === 'many') {
          const listed = sql<SqlBool>`songs.performer_id in (select id from listed)`;
          return part.where((eb) =>
            eb.or([searchWhere('songs', plan, v), own ? ownPerformerMatch(db, caller, v, listed) : listed]),
          );
        }
        // Rows read in list order (SQLite; on PostgreSQL a first page, and two letters' pages): each
        // song's own performer is looked at (by its key) only when its title does not match, rather
        // than all the matching performers listed first, which costs milliseconds for a common word
        // (on PostgreSQL, for two letters, a read of every performer) however few rows the page
        // reads. On PostgreSQL as the performer's name, a value: an EXISTS there is turned into that
        // list, hashed.
        if (isPostgres(db)) {
          const name = sql`(select performers.search from performers where performers.id = songs.performer_id
            and ${ownershipWhere('performers', caller, OWNERSHIP.all)})`;
          return part.where((eb) =>
            eb.or([searchWhere('songs', plan, v), sql<SqlBool>`${name} like ${v.like} escape '\\'`]),
          );
        }
        return part.where((eb) =>
          eb.or([
            searchWhere('songs', plan, v),
            eb.exists(
              eb
                .selectFrom('performers')
                .select(sql<number>`1`.as('one'))
                .whereRef('performers.id', '=', 'songs.performer_id')
                .where(searchWhere('performers', 'like', v))
                .where(ownershipWhere('performers', caller, OWNERSHIP.all)),
            ),
          ]),
        );
      },
      // The band's songs are walked only when the kept figure (migration 0027: never fewer than
      // the songs that name another band's performer) says some may: a band at 0 costs one key's
      // read, asked once before the walk (its one-time filter), where the walk read every song.
      namesOthers: async (caller) => {
        const band = caller.band_id ?? -1;
        const { rows } = await sql<{ found: number }>`select count(*) as found from (select 1 from songs
          where exists (select 1 from songs_naming_others as kept where kept.band_id = ${band} and kept.songs > 0)
          and songs.band_id = ${band} and songs.performer_id is not null and songs.performer_id not in
          (select performers.id from performers where performers.band_id = ${band}) limit 1) as named`.execute(
          db,
        );
        return Number(rows[0].found) > 0;
      },
      listed: (v, caller) =>
        sql`select performers.id from performers where ${searchWhere('performers', 'like', v)}
          and ${ownershipWhere('performers', caller, OWNERSHIP.all)}`,
      // A song of the part by a performer the caller may see whose name holds the search: the
      // performers are read per ownership part (each by its index), and only a part that holds such
      // a performer at all (their pair counts); their songs by songs_performer_scope (0020), which
      // tells a song's part without reading its row.
      elsewhere: (where, v, caller) =>
        sql<SqlBool>`(${sql.join(
          ownershipParts('performers', caller, OWNERSHIP.all).map(
            (visible) => sql`(${pairCount('performers', visible, v)} > 0 and exists (select 1 from performers
              where ${visible} and ${searchWhere('performers', 'like', v)}
              and exists (select 1 from songs where songs.performer_id = performers.id and ${where})))`,
          ),
          sql` or `,
        )})`,
      // The own band's part (PostgreSQL, two characters its names hold none of): its songs by the
      // band's own matching performers first, each one's by songs_performer_scope (a band's songs
      // mostly name its own performers: for `dj`, every performer's name, the cap is found after some
      // 200 of them, where the walk below first read and hashed every performer the caller may see),
      // then, only if still short of the cap, the part walked with the other matching performers the
      // caller may see listed and hashed. The two are disjoint (a song has one performer).
      ownElsewhere: (where, v, caller) => {
        const band = sql<SqlBool>`performers.band_id = ${caller.band_id ?? -1}`;
        const named = searchWhere('performers', 'like', v);
        const past = sql.lit(SEARCH_TOTAL_CAP + 1);
        const ownSongs = sql`select 1 from performers cross join lateral (select 1 from songs
          where songs.performer_id = performers.id and ${where} limit ${past}) as own where ${band} and ${named}`;
        const others = sql`select 1 from songs where ${where} and songs.performer_id in (select performers.id
          from performers where not ${band} and ${ownershipWhere('performers', caller, OWNERSHIP.all)} and ${named})`;
        return sql<number>`(select count(*) from (${ownSongs} union all ${others} limit ${past}) as found)`;
      },
      page: (part, plan) =>
        part
          .leftJoin('performers', 'performers.id', 'songs.performer_id')
          .select([...COLUMNS, 'songs.search'])
          .orderBy(orderColumns('songs', plan).bySearch)
          .orderBy(orderColumns('songs', plan).byId),
    },
    options,
    memo,
  );
}

/**
 * PostgreSQL: a song of the caller's own band whose performer the caller may see and whose name holds
 * the search, for a query that reads the band's songs many at a time. The band's own performers are
 * read from its index (`strpos`, a substring as LIKE's pattern is, so that the planner walks the
 * band's few rather than pg_trgm's matches in every band); the other matching performers the caller
 * may see (`listed`: for a common word every other band's public one, 1,667 at 100,000 songs, 1.9 ms
 * to read and hash) only for a song whose performer is not the band's, which a band's songs seldom
 * name: PostgreSQL hashes a list the first time a row asks for it, so a band whose songs name
 * none never reads it (issue 25, point 1).
 */
function ownPerformerMatch(db: Db, caller: UserWithBand, v: ListValues, listed: RawBuilder<SqlBool>) {
  const band = sql<SqlBool>`performers.band_id = ${caller.band_id ?? -1}`;
  return sql<SqlBool>`(${ownPerformers(db, caller, v)}
    or (songs.performer_id not in (select performers.id from performers where ${band}) and ${listed}))`;
}

/**
 * A song whose performer is one of the caller's own band's whose name holds the search: the band's
 * performers read from their band's index, the name tested as a substring (as LIKE's pattern is; on
 * PostgreSQL `strpos`, so that the planner walks the band's few rather than pg_trgm's matches in
 * every band).
 */
function ownPerformers(db: Db, caller: UserWithBand, v: ListValues) {
  const holds = isPostgres(db)
    ? sql`strpos(performers.search, ${v.pair})`
    : sql`instr(performers.search, ${v.pair})`;
  return sql<SqlBool>`songs.performer_id in (select performers.id from performers
    where performers.band_id = ${caller.band_id ?? -1} and ${holds} > 0)`;
}

/** At most this many songs found by title and by performer are read whole, in one query. */
const FEW = 100;

/**
 * A search (a trigram or more) with few matches, as a title has: the songs found by title, then the
 * performers the caller may see found by name and their songs, each read from its trigram index only
 * until there are more than FEW (a common word costs little before it goes the general way); then one
 * query reads the visible ones in list order, whose count is the total. More than FEW: undefined, and
 * the search goes the general way (its count, then the page walked or read by id). On PostgreSQL this
 * is also how a search uses pg_trgm's index, which it cannot inside the general way's OR.
 */
async function fewMatches(db: Db, user: UserWithBand, ownership: Ownership, values: ListValues) {
  const postgres = isPostgres(db);
  const shape = shapeOf(user, OWNERSHIP.all, undefined);
  const upTo = (name: string, query: (v: ListValues) => RawBuilder<{ id: number }>, ids = '[]') =>
    runShape(
      db,
      `songs:few:${name}:${shape}`,
      (v) => {
        const limited = sql<{ id: number }>`${query(v)} limit ${FEW + 1}`;
        return { compile: () => limited.compile(db) };
      },
      { ...values, ids },
    );
  const idList = (v: ListValues) =>
    postgres
      ? sql`select value::int from json_array_elements_text(${v.ids}::json)`
      : sql`select value from json_each(${v.ids})`;

  const byTitle = await upTo('titles', (v) =>
    postgres
      ? sql`select id from songs where ${searchWhere('songs', 'like', v)}`
      : sql`select rowid as id from (${trigramIds('songs', v)})`,
  );
  if (byTitle.length > FEW) return undefined;
  // SQLite: the index first (cross join), so the read stops at the limit.
  const performers = await upTo('performers', (v) => {
    const visible = ownershipWhere('performers', asShape(user, v.band), OWNERSHIP.all);
    return postgres
      ? sql`select performers.id from performers where ${searchWhere('performers', 'like', v)} and ${visible}`
      : sql`select performers.id from performers_trigrams cross join performers
          on performers.id = performers_trigrams.rowid
          where performers_trigrams match ${v.match} and performers.search like ${v.like} escape '\\'
          and ${visible}`;
  });
  if (performers.length > FEW) return undefined;
  const byPerformer = performers.length
    ? await upTo(
        'by-performer',
        (v) => sql`select id from songs where performer_id in (${idList(v)})`,
        JSON.stringify(performers.map((row) => row.id)),
      )
    : [];
  const ids = [...new Set([...byTitle, ...byPerformer].map((row) => row.id))];
  if (ids.length > FEW) return undefined;
  if (!ids.length) return [];
  return runShape(
    db,
    `songs:few:${shapeOf(user, ownership, undefined)}`,
    (v) =>
      db
        .selectFrom('songs')
        .leftJoin('performers', 'performers.id', 'songs.performer_id')
        .select([...COLUMNS, 'songs.search'])
        .where(sql<boolean>`songs.id in (${idList(v)})`)
        .where((eb) => eb.or(ownershipParts('songs', asShape(user, v.band), ownership)))
        .orderBy('songs.search')
        .orderBy('songs.id'),
    { ...values, ids: JSON.stringify(ids) },
  );
}

/** One song, with its chord chart (issue 27), which lists leave out: up to 100 kB a song, and its
 *  version (issue 28). */
export const findSong = (db: Db, id: number) =>
  withPerformer(db)
    .select([...COLUMNS, 'songs.akordi', 'songs.version', 'songs.updated_at', changedBy('songs')])
    .where('songs.id', '=', id)
    .executeTakeFirst();

/** The charts of these songs that have one (the songs export), read a batch at a time. */
export async function songCharts(db: Db, ids: number[]): Promise<Map<number, string>> {
  const charts = new Map<number, string>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .selectFrom('songs')
      .select(['id', 'akordi'])
      .where('id', 'in', ids.slice(i, i + 500))
      .where('akordi', 'is not', null)
      .execute();
    for (const row of rows) charts.set(row.id, row.akordi!);
  }
  return charts;
}

export interface SongValues {
  naziv: string;
  performer_id: number;
  slika: string | null;
  visibility: number;
  resursi: string | null;
  resource_file: string | null;
  /** Issue 27; left out (undefined), each keeps what the song has. */
  tonalitet?: string | null;
  tempo?: number | null;
  trajanje?: number | null;
  akordi?: string | null;
}

export const NO_PERFORMER = say('performer_missing');

/**
 * The performer a song names must exist and be one the writer may read when the song is written;
 * its row is kept (not deleted, nor made private) until the transaction ends.
 */
async function checkPerformer(trx: Db, user: UserWithBand, performerId: number) {
  const performer = await locking(trx, performerRow(trx, performerId), 'share').executeTakeFirst();
  if (!performer || !canRead(user, performer)) throw invalid({ performer: [NO_PERFORMER] });
}

const performerRow = (trx: Db, performerId: number) =>
  trx.selectFrom('performers').select(['band_id', 'visibility']).where('id', '=', performerId);

/**
 * holdBand and checkPerformer in one statement (a round trip less on PostgreSQL): the band kept
 * ("key share"), then its performer ("share"), in the common lock order (locks.ts).
 */
async function holdBandAndPerformer(trx: Db, user: UserWithBand, bandId: number, performerId: number) {
  const band = locking(trx, trx.selectFrom('bands').select('id').where('id', '=', bandId), 'key share');
  const found = await trx
    .selectFrom(band.as('band'))
    .leftJoin(locking(trx, performerRow(trx, performerId), 'share').as('performer'), (join) => join.onTrue())
    .select(['band.id', 'performer.band_id', 'performer.visibility'])
    .executeTakeFirst();
  if (!found) throw invalid({ band: [NEEDS_BAND] });
  const { band_id: performerBand, visibility } = found;
  if (performerBand === null || visibility === null || !canRead(user, { band_id: performerBand, visibility }))
    throw invalid({ performer: [NO_PERFORMER] });
}

/** Adds a song, checking in the same transaction that its band and performer are still there. */
export function insertSong(
  db: Db,
  user: UserWithBand,
  values: SongValues & { band_id: number; created_by: number; now: string },
  actor?: Actor,
) {
  const { now, ...rest } = values;
  return db.transaction().execute(async (trx) => {
    await holdBandAndPerformer(trx, user, values.band_id, values.performer_id);
    const row = await trx
      .insertInto('songs')
      .values({ ...rest, search: foldForSearch(values.naziv), created_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordCreate(trx, actor, 'song', row.id, row);
    return row.id;
  });
}

/**
 * Changes a song that is still there (404 if it was deleted meanwhile), naming a usable performer,
 * over the version the save started from (db/versions.ts), and records the change (db/history.ts).
 */
export function updateSong(db: Db, user: UserWithBand, id: number, values: SongValues, save: SaveBy) {
  return db.transaction().execute(async (trx) => {
    await checkPerformer(trx, user, values.performer_id);
    // The whole row: the history's "before" (db/history.ts), as the update's `returning *` is its "after".
    const song = await locking(
      trx,
      trx.selectFrom('songs').selectAll().where('id', '=', id),
      'update',
    ).executeTakeFirst();
    if (!song) throw notFound(say('song_not_found'));
    let update = trx
      .updateTable('songs')
      .set({ ...values, search: foldForSearch(values.naziv), ...nextVersion(save.by, save.now) })
      .where('id', '=', id);
    if (save.version !== undefined) update = update.where('version', '=', save.version);
    const saved = returnedOrStale(await update.returningAll().executeTakeFirst(), save.version, () =>
      notFound(say('song_not_found')),
    );
    await record(trx, save, 'song', id, 'update', snapshotOf('song', song), snapshotOf('song', saved));
  });
}

/** Deletes a song (kept 30 days to be restored); playlist entries go with it (foreign key cascade). */
export async function deleteSong(db: Db, id: number, actor?: Actor) {
  await db.transaction().execute(async (trx) => {
    // Kept 30 days to be restored (trash.ts); its files stay until then.
    await trashItem(trx, 'song', id, actor);
    await tracked(trx, actor, 'song', id, () => trx.deleteFrom('songs').where('id', '=', id).execute());
  });
}
