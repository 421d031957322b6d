import { sql, type SqlBool } from 'kysely';
import type { Db } from './connect.js';

/**
 * Insights across gigs (issue 29, point 3): the request records of a band's gigs (or every band's)
 * over a period summed up in SQL that SQLite and PostgreSQL read alike. A gig is in the period when
 * its start (the band's wall clock, "2026-11-21T21:00") falls on one of its days.
 */

export interface InsightsScope {
  /** One band's gigs, or (null; system admins only) every band's. */
  band: number | null;
  /** First and last day, YYYY-MM-DD, both included. */
  from: string;
  to: string;
}

/** The lists' lengths in the JSON answer; the CSV files hold every row. */
export const TOP = { songs: 10, performers: 10, misses: 20, never: 50 };

const nextDay = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** The gigs of the scope, as a condition on the joined `gigs` table. */
function inScope({ band, from, to }: InsightsScope) {
  const parts = [sql`gigs.pocetak >= ${from}`, sql`gigs.pocetak < ${nextDay(to)}`];
  if (band !== null) parts.push(sql`gigs.band_id = ${band}`);
  return sql<SqlBool>`${sql.join(parts, sql` and `)}`;
}

const statusCount = (status: string) =>
  sql<number>`sum(case when song_requests.status = ${status} then 1 else 0 end)`;

/** Each gig of the period, oldest first, with its requests by how they ended (gigs without any too). */
export async function requestsPerGig(db: Db, scope: InsightsScope) {
  const rows = await db
    .selectFrom('gigs')
    .leftJoin('song_requests', 'song_requests.gig_id', 'gigs.id')
    .select((eb) => [
      'gigs.id',
      'gigs.naziv',
      'gigs.pocetak',
      eb.fn.count('song_requests.id').as('total'),
      statusCount('played').as('played'),
      statusCount('declined').as('declined'),
      statusCount('waiting').as('waiting'),
    ])
    .where(inScope(scope))
    .groupBy(['gigs.id', 'gigs.naziv', 'gigs.pocetak'])
    .orderBy('gigs.pocetak')
    .orderBy('gigs.id')
    .execute();
  return rows.map((row) => ({
    id: row.id,
    naziv: row.naziv,
    pocetak: row.pocetak,
    total: Number(row.total),
    played: Number(row.played ?? 0),
    declined: Number(row.declined ?? 0),
    waiting: Number(row.waiting ?? 0),
  }));
}

/**
 * Requests per hour of UTC ("2026-11-21T20"): few rows (a gig lasts some hours), which the caller
 * turns into the venue's hours, daylight saving included, where SQLite has no time zones.
 */
export async function requestsPerUtcHour(db: Db, scope: InsightsScope) {
  const rows = await db
    .selectFrom('song_requests')
    .innerJoin('gigs', 'gigs.id', 'song_requests.gig_id')
    .select((eb) => [
      sql<string>`substr(song_requests.created_at, 1, 13)`.as('hour'),
      eb.fn.countAll().as('n'),
    ])
    .where(inScope(scope))
    .groupBy(sql`substr(song_requests.created_at, 1, 13)`)
    .execute();
  return rows.map((row) => ({ hour: row.hour, count: Number(row.n) }));
}

/**
 * Requests per song over the scope: counted on the requests alone (one index, no names), the names
 * joined to the few rows that come out.
 */
const askedPerSong = (db: Db, scope: InsightsScope) =>
  db
    .selectFrom('song_requests')
    .innerJoin('gigs', 'gigs.id', 'song_requests.gig_id')
    .select((eb) => ['song_requests.song_id', eb.fn.countAll<number>().as('n')])
    .where(inScope(scope))
    .groupBy('song_requests.song_id')
    .as('asked');

/** The songs asked for most (all of them without a limit), with their performers. */
export async function topSongs(db: Db, scope: InsightsScope, limit?: number) {
  let query = db
    .selectFrom(askedPerSong(db, scope))
    .innerJoin('songs', 'songs.id', 'asked.song_id')
    .leftJoin('performers', 'performers.id', 'songs.performer_id')
    .select(['songs.id', 'songs.naziv', 'performers.naziv as performer', 'asked.n'])
    .orderBy('asked.n', 'desc')
    .orderBy('songs.naziv')
    .orderBy('songs.id');
  if (limit !== undefined) query = query.limit(limit);
  const rows = await query.execute();
  return rows.map((row) => ({
    id: row.id,
    naziv: row.naziv,
    performer: row.performer,
    count: Number(row.n),
  }));
}

/** The performers whose songs were asked for most. */
export async function topPerformers(db: Db, scope: InsightsScope, limit?: number) {
  let query = db
    .selectFrom(askedPerSong(db, scope))
    .innerJoin('songs', 'songs.id', 'asked.song_id')
    .innerJoin('performers', 'performers.id', 'songs.performer_id')
    .select((eb) => ['performers.id', 'performers.naziv', eb.fn.sum<number>('asked.n').as('n')])
    .groupBy(['performers.id', 'performers.naziv'])
    .orderBy('n', 'desc')
    .orderBy('performers.naziv')
    .orderBy('performers.id');
  if (limit !== undefined) query = query.limit(limit);
  const rows = await query.execute();
  return rows.map((row) => ({ id: row.id, naziv: row.naziv, count: Number(row.n) }));
}

/** What the audience searched for at the period's gigs and did not find (search_misses), most first. */
export async function topSearchMisses(db: Db, scope: InsightsScope, limit?: number) {
  let query = db
    .selectFrom('search_misses')
    .innerJoin('gigs', 'gigs.id', 'search_misses.gig_id')
    .select((eb) => ['search_misses.text', eb.fn.sum<number>('search_misses.count').as('n')])
    .where(inScope(scope))
    .groupBy('search_misses.text')
    .orderBy('n', 'desc')
    .orderBy('search_misses.text');
  if (limit !== undefined) query = query.limit(limit);
  const rows = await query.execute();
  return rows.map((row) => ({ text: row.text, count: Number(row.n) }));
}

/**
 * The repertoire's songs (the band's own, or every band's) that no gig of the period was asked for,
 * by title; with how many there are in all.
 */
export async function neverRequested(db: Db, scope: InsightsScope, limit?: number) {
  const unasked = db
    .selectFrom('songs')
    .leftJoin('performers', 'performers.id', 'songs.performer_id')
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('song_requests')
            .innerJoin('gigs', 'gigs.id', 'song_requests.gig_id')
            .select(sql`1`.as('one'))
            .whereRef('song_requests.song_id', '=', 'songs.id')
            .where(inScope(scope)),
        ),
      ),
    )
    .$if(scope.band !== null, (query) => query.where('songs.band_id', '=', scope.band!));
  let rows = unasked
    .select(['songs.id', 'songs.naziv', 'performers.naziv as performer'])
    .orderBy('songs.naziv')
    .orderBy('songs.id');
  if (limit !== undefined) rows = rows.limit(limit);
  const [songs, total] = await Promise.all([
    rows.execute(),
    unasked.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { total: Number(total.n), songs };
}
