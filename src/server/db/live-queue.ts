import { sql } from 'kysely';
import type { RequestStatus } from '../../shared/constants.js';
import type { LiveQueueEntry } from '../../shared/live-events.js';
import { OUT_OF_TURN_WINDOW, type QueuePace } from '../../shared/queue-wait.js';
import type { Db, Tx } from './connect.js';

/** A gig's live queue: its version, the waiting songs and messages, the band's decisions. */

/** Bumps the gig's queue version inside the transaction that changed it. */
export async function bumpQueueVersion(db: Tx, gigId: number): Promise<number> {
  const row = await db
    .insertInto('gig_queue_versions')
    .values({ gig_id: gigId, version: 1 })
    .onConflict((oc) => oc.column('gig_id').doUpdateSet({ version: sql`gig_queue_versions.version + 1` }))
    .returning('version')
    .executeTakeFirstOrThrow();
  return row.version;
}

/**
 * The version, the gig's switch and the queue read as of one moment (on PostgreSQL a repeatable-read transaction; on
 * SQLite any transaction), so that a snapshot never pairs one version with another's queue.
 */
export function queueSnapshot(db: Db, dialect: 'sqlite' | 'postgres', gigId: number) {
  const transaction =
    dialect === 'postgres' ? db.transaction().setIsolationLevel('repeatable read') : db.transaction();
  return transaction.execute(async (trx) => {
    const gig = await trx
      .selectFrom('gigs')
      .select(['status', 'minutes_per_song'])
      .where('id', '=', gigId)
      .executeTakeFirstOrThrow();
    return {
      version: await queueVersion(trx, gigId),
      active: gig.status === 1,
      queue: await waitingQueue(trx, gigId),
      pace: await queuePace(trx, gigId, gig.minutes_per_song),
    };
  });
}

export async function queueVersion(db: Tx, gigId: number): Promise<number> {
  const row = await db
    .selectFrom('gig_queue_versions')
    .select('version')
    .where('gig_id', '=', gigId)
    .executeTakeFirst();
  return row?.version ?? 0;
}

/** The queue versions of the gigs with these tokens (a gig with no request yet is at 0). */
export async function queueVersions(db: Db, tokens: string[]): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('gigs')
    .leftJoin('gig_queue_versions', 'gig_queue_versions.gig_id', 'gigs.id')
    .select(['gigs.token', 'gig_queue_versions.version'])
    .where('gigs.token', 'in', tokens)
    .execute();
  return new Map(rows.map((row) => [row.token, row.version ?? 0]));
}

/** A gig's requests with their songs and the songs' performers: what the live pages and the
 *  after-show report list. */
export const requestsWithSongs = (db: Tx) =>
  db
    .selectFrom('song_requests')
    .innerJoin('songs', 'songs.id', 'song_requests.song_id')
    .leftJoin('performers', 'performers.id', 'songs.performer_id');

/** The waiting songs in queue order, with how many asked for each and when (or one song's entry). */
export async function waitingQueue(db: Tx, gigId: number, songId?: number): Promise<LiveQueueEntry[]> {
  let query = requestsWithSongs(db)
    .select((eb) => [
      'song_requests.song_id',
      'songs.naziv',
      'performers.naziv as performer',
      'songs.trajanje',
      eb.fn.min('song_requests.position').as('position'),
      eb.fn.countAll().as('count'),
      eb.fn.min('song_requests.created_at').as('first_at'),
      eb.fn.max('song_requests.created_at').as('last_at'),
    ])
    .where('song_requests.gig_id', '=', gigId)
    .where('song_requests.status', '=', 'waiting');
  if (songId !== undefined) query = query.where('song_requests.song_id', '=', songId);
  const rows = await query
    .groupBy(['song_requests.song_id', 'songs.naziv', 'performers.naziv', 'songs.trajanje'])
    .orderBy('position')
    .execute();
  return rows.map((row) => ({
    song_id: row.song_id,
    naziv: row.naziv,
    performer: row.performer,
    count: Number(row.count),
    first_at: String(row.first_at),
    last_at: String(row.last_at),
    trajanje: row.trajanje,
  }));
}

/**
 * How the gig's night goes, for the guests' wait estimates (issue 29, shared/queue-wait.ts): the
 * average time between the songs played so far (from the first played to the last, over the gaps
 * between them), the band's minutes per song, and whether one of the last OUT_OF_TURN_WINDOW played
 * songs was played out of turn. A played song is one decision: its requests share one time.
 */
export async function queuePace(db: Tx, gigId: number, minutesPerSong: number): Promise<QueuePace> {
  const played = () =>
    db.selectFrom('song_requests').where('gig_id', '=', gigId).where('status', '=', 'played');
  const [span, recent] = await Promise.all([
    played()
      .select((eb) => [
        eb.fn.min('updated_at').as('first'),
        eb.fn.max('updated_at').as('last'),
        // Decisions, not requests: a song's requests are decided together, at one time.
        sql<number>`count(distinct ${sql.ref('updated_at')})`.as('n'),
      ])
      .executeTakeFirst(),
    played()
      .select((eb) => [
        'updated_at',
        eb.fn.max('out_of_turn').as('out_of_turn'),
        eb.fn.max('id').as('last_id'),
      ])
      .groupBy(['song_id', 'updated_at'])
      .orderBy('updated_at', 'desc')
      .orderBy('last_id', 'desc')
      .limit(OUT_OF_TURN_WINDOW)
      .execute(),
  ]);
  const n = Number(span?.n ?? 0);
  const gap =
    n >= 2 && span?.first && span.last
      ? Math.round((Date.parse(String(span.last)) - Date.parse(String(span.first))) / 1000 / (n - 1))
      : null;
  return {
    gap_seconds: gap,
    default_seconds: minutesPerSong * 60,
    out_of_turn: recent.some((row) => Number(row.out_of_turn) === 1),
  };
}

/** The songs' resource files and links, for the band's queue only (issue 13, point 3). */
export async function songResources(db: Tx, songIds: number[]) {
  type Resources = { resource_file: string | null; resursi: string | null; chart: boolean };
  if (!songIds.length) return new Map<number, Resources>();
  const rows = await db
    .selectFrom('songs')
    .select(['id', 'resource_file', 'resursi'])
    // Whether the song has a chart (issue 27), not the chart: the stage view reads it when opened.
    .select(sql<number>`case when akordi is null then 0 else 1 end`.as('has_chart'))
    .where('id', 'in', songIds)
    .execute();
  return new Map<number, Resources>(
    rows.map((row) => [
      row.id,
      { resource_file: row.resource_file, resursi: row.resursi, chart: Number(row.has_chart) === 1 },
    ]),
  );
}

/**
 * Marks every waiting request of the song played or declined; answers their ids. A song played while
 * another waited ahead of it is marked out of turn (issue 29: the wait estimates stop for a while).
 */
export async function decideSong(db: Tx, gigId: number, songId: number, status: RequestStatus, now: string) {
  const outOfTurn = status === 'played' && (await waitsBehindAnother(db, gigId, songId));
  const rows = await db
    .updateTable('song_requests')
    .set({ status, updated_at: now, ...(outOfTurn ? { out_of_turn: 1 } : {}) })
    .where('gig_id', '=', gigId)
    .where('song_id', '=', songId)
    .where('status', '=', 'waiting')
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
}

/** Whether another song waits ahead of this waiting one in the queue. */
async function waitsBehindAnother(db: Tx, gigId: number, songId: number) {
  const waiting = () =>
    db.selectFrom('song_requests').where('gig_id', '=', gigId).where('status', '=', 'waiting');
  const ahead = await waiting()
    .select('id')
    .where('song_id', '!=', songId)
    .where(
      'position',
      '<',
      waiting()
        .select((eb) => eb.fn.min('position').as('p'))
        .where('song_id', '=', songId),
    )
    .limit(1)
    .executeTakeFirst();
  return ahead !== undefined;
}

/** Swaps the song's place in the queue with its neighbour: the new order, or null if it cannot move. */
export async function moveSong(db: Tx, gigId: number, songId: number, direction: 'up' | 'down') {
  const queue = await db
    .selectFrom('song_requests')
    .select((eb) => ['song_id', eb.fn.min('position').as('position')])
    .where('gig_id', '=', gigId)
    .where('status', '=', 'waiting')
    .groupBy('song_id')
    .orderBy('position')
    .execute();
  const index = queue.findIndex((entry) => entry.song_id === songId);
  const other = queue[direction === 'up' ? index - 1 : index + 1];
  if (index < 0 || !other) return null;
  const setPosition = (song: number, position: number) =>
    db
      .updateTable('song_requests')
      .set({ position })
      .where('gig_id', '=', gigId)
      .where('song_id', '=', song)
      .where('status', '=', 'waiting')
      .execute();
  await setPosition(songId, Number(other.position));
  await setPosition(other.song_id, Number(queue[index].position));
  const order = queue.map((entry) => entry.song_id);
  [order[index], order[order.indexOf(other.song_id)]] = [other.song_id, songId];
  return order;
}

/**
 * The guests' messages with the waiting requests, oldest first, except those the band hid: for the
 * band only (issue 13, point 5), never in the audience's answers or the live channel.
 */
export async function waitingMessages(db: Tx, gigId: number) {
  const rows = await db
    .selectFrom('song_requests')
    .select(['id', 'song_id', 'message', 'created_at'])
    .where('gig_id', '=', gigId)
    .where('status', '=', 'waiting')
    .where('message', 'is not', null)
    .where('message_hidden', '=', 0)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ ...row, message: row.message ?? '' }));
}

/** Hides a request's message from the band page (and the report): whether there was one to hide. */
export async function hideMessage(db: Tx, gigId: number, requestId: number) {
  const result = await db
    .updateTable('song_requests')
    .set({ message_hidden: 1 })
    .where('id', '=', requestId)
    .where('gig_id', '=', gigId)
    .where('message', 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * The songs the band played last, newest first (a decision marks all the song's waiting requests at
 * once, so one played song is its requests with one song and one time).
 */
export async function recentlyPlayed(db: Tx, gigId: number, limit = 3) {
  const rows = await requestsWithSongs(db)
    .select([
      'song_requests.song_id',
      'songs.naziv',
      'performers.naziv as performer',
      'song_requests.updated_at as at',
    ])
    .where('song_requests.gig_id', '=', gigId)
    .where('song_requests.status', '=', 'played')
    .groupBy(['song_requests.song_id', 'songs.naziv', 'performers.naziv', 'song_requests.updated_at'])
    .orderBy('song_requests.updated_at', 'desc')
    .orderBy('song_requests.song_id')
    .limit(limit)
    .execute();
  return rows;
}

/** Tonight's most requested songs (every request counts, whatever became of it). */
export async function mostRequested(db: Tx, gigId: number, limit = 5) {
  const rows = await requestsWithSongs(db)
    .select((eb) => [
      'song_requests.song_id',
      'songs.naziv',
      'performers.naziv as performer',
      eb.fn.countAll().as('count'),
      eb.fn.min('song_requests.id').as('first'),
    ])
    .where('song_requests.gig_id', '=', gigId)
    .groupBy(['song_requests.song_id', 'songs.naziv', 'performers.naziv'])
    .orderBy('count', 'desc')
    .orderBy('first')
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    song_id: row.song_id,
    naziv: row.naziv,
    performer: row.performer,
    count: Number(row.count),
  }));
}
