import { sql, type Transaction } from 'kysely';
import type { RequestStatus } from '../../shared/constants.js';
import type { LiveQueueEntry } from '../../shared/live-events.js';
import type { Db } from './connect.js';
import type { Database } from './schema.js';

type Tx = Db | Transaction<Database>;

/** A gig as its live pages need it, found by its public token. */
export const findLiveGig = (db: Db, token: string) =>
  db
    .selectFrom('gigs')
    .innerJoin('bands', 'bands.id', 'gigs.band_id')
    .select([
      'gigs.id',
      'gigs.naziv',
      'gigs.lokacija',
      'gigs.pocetak',
      'gigs.status',
      'gigs.razmakpesme',
      'gigs.razmakvreme',
      'gigs.playlist_id',
      'gigs.band_id',
      'gigs.token',
      'gigs.allow_messages',
      'bands.naziv as band_naziv',
      'bands.picture as band_picture',
    ])
    .where('gigs.token', '=', token)
    .executeTakeFirst();

/** The part of a gig that decides which songs it offers. */
type GigList = { playlist_id: number | null; band_id: number };

/**
 * A gig offers the songs of its playlist that its band may see: its own and other bands' public
 * ones. The playlist may be another band's public one, holding that band's private songs, which
 * stay that band's (docs/decisions.md, "Visibility").
 */
const offeredSongs = (db: Tx, gig: GigList) =>
  db
    .selectFrom('playlist_songs')
    .innerJoin('songs', 'songs.id', 'playlist_songs.song_id')
    .where('playlist_songs.playlist_id', '=', gig.playlist_id ?? -1)
    .where((eb) => eb.or([eb('songs.band_id', '=', gig.band_id), eb('songs.visibility', '=', 1)]));

/** The songs the gig offers, in playlist order, with their performers. */
export const gigSongs = (db: Db, gig: GigList) =>
  offeredSongs(db, gig)
    .leftJoin('performers', 'performers.id', 'songs.performer_id')
    .select(['songs.id', 'songs.naziv', 'performers.naziv as performer'])
    .orderBy('playlist_songs.position')
    .execute();

export const songOfGig = (db: Tx, gig: GigList, songId: number) =>
  offeredSongs(db, gig).select(['songs.id', 'songs.naziv']).where('songs.id', '=', songId).executeTakeFirst();

/**
 * Takes the gig's row for the rest of the transaction (on PostgreSQL; SQLite has one writer anyway),
 * so that changes to one gig's queue happen one at a time, and answers its switch as it is now.
 */
export async function lockGig(db: Tx, dialect: 'sqlite' | 'postgres', gigId: number) {
  let query = db.selectFrom('gigs').select('status').where('id', '=', gigId);
  if (dialect === 'postgres') query = query.forUpdate();
  const { status } = await query.executeTakeFirstOrThrow();
  return { active: status === 1 };
}

/**
 * Everything the request rules look at, read inside the request's transaction in one statement: on
 * PostgreSQL each round trip is made while holding the gig's row, so they decide how many requests
 * per second one gig can take.
 */
export async function ruleFacts(
  db: Tx,
  gigId: number,
  songId: number,
  from: { deviceId: string; network: string },
) {
  const { deviceId, network } = from;
  const requests = () => db.selectFrom('song_requests').where('gig_id', '=', gigId);
  const ofSong = () => requests().where('song_id', '=', songId);
  const ofDevice = () => requests().where('device_id', '=', deviceId);
  const facts = await db
    .selectNoFrom(() => [
      ofSong().select('created_at').orderBy('id', 'desc').limit(1).as('song_last_at'),
      requests()
        .select((e) => e.fn.countAll().as('n'))
        .where('song_id', '!=', songId)
        .where(
          'id',
          '>',
          ofSong().select((e) => e.fn.max('id').as('id')),
        )
        .as('other_songs_since'),
      ofDevice().select('created_at').orderBy('id', 'desc').limit(1).as('device_last_at'),
      ofDevice()
        .select((e) => e.fn.countAll().as('n'))
        .where('status', '=', 'waiting')
        .as('device_waiting'),
      ofDevice()
        .select('id')
        .where('song_id', '=', songId)
        .where('status', '=', 'waiting')
        .limit(1)
        .as('own_waiting'),
      ofSong().select('position').where('status', '=', 'waiting').limit(1).as('waiting_position'),
      ofSong()
        .select((e) => e.fn.countAll().as('n'))
        .where('status', '=', 'waiting')
        .where('ip', '=', network)
        .as('address_waiting'),
      requests()
        .select((e) => e.fn.max('position').as('p'))
        .as('last_position'),
    ])
    .executeTakeFirstOrThrow();
  const ownWaiting =
    facts.own_waiting === null
      ? undefined
      : await db
          .selectFrom('song_requests')
          .selectAll()
          .where('id', '=', facts.own_waiting)
          .executeTakeFirstOrThrow();
  return {
    songLastAt: facts.song_last_at ?? undefined,
    otherSongsSince: Number(facts.other_songs_since ?? 0),
    deviceLastAt: facts.device_last_at ?? undefined,
    deviceWaiting: Number(facts.device_waiting ?? 0),
    /** This device's own waiting request for the song: a second tap returns it. */
    ownWaiting,
    /** The song's waiting requests from this network (the ip column). */
    addressWaiting: Number(facts.address_waiting ?? 0),
    /** The song waits in the queue already: another guest's request joins it ("me too"). */
    joinsWaiting: facts.waiting_position !== null,
    /** Where a new request goes: beside the song's waiting ones, else at the end of the queue. */
    position: facts.waiting_position ?? Number(facts.last_position ?? 0) + 1,
  };
}

/** Adds a request at its place in the queue (ruleFacts' position). */
export function insertRequest(
  db: Tx,
  values: {
    gigId: number;
    songId: number;
    deviceId: string;
    ip: string;
    now: string;
    position: number;
    message?: string | null;
  },
) {
  return db
    .insertInto('song_requests')
    .values({
      gig_id: values.gigId,
      song_id: values.songId,
      device_id: values.deviceId,
      ip: values.ip,
      status: 'waiting',
      position: values.position,
      message: values.message ?? null,
      created_at: values.now,
      updated_at: values.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

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
      .select('status')
      .where('id', '=', gigId)
      .executeTakeFirstOrThrow();
    return {
      version: await queueVersion(trx, gigId),
      active: gig.status === 1,
      queue: await waitingQueue(trx, gigId),
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

/** The waiting songs in queue order, with how many asked for each and when (or one song's entry). */
export async function waitingQueue(db: Tx, gigId: number, songId?: number): Promise<LiveQueueEntry[]> {
  let query = db
    .selectFrom('song_requests')
    .innerJoin('songs', 'songs.id', 'song_requests.song_id')
    .leftJoin('performers', 'performers.id', 'songs.performer_id')
    .select((eb) => [
      'song_requests.song_id',
      'songs.naziv',
      'performers.naziv as performer',
      eb.fn.min('song_requests.position').as('position'),
      eb.fn.countAll().as('count'),
      eb.fn.min('song_requests.created_at').as('first_at'),
      eb.fn.max('song_requests.created_at').as('last_at'),
    ])
    .where('song_requests.gig_id', '=', gigId)
    .where('song_requests.status', '=', 'waiting');
  if (songId !== undefined) query = query.where('song_requests.song_id', '=', songId);
  const rows = await query
    .groupBy(['song_requests.song_id', 'songs.naziv', 'performers.naziv'])
    .orderBy('position')
    .execute();
  return rows.map((row) => ({
    song_id: row.song_id,
    naziv: row.naziv,
    performer: row.performer,
    count: Number(row.count),
    first_at: String(row.first_at),
    last_at: String(row.last_at),
  }));
}

/** The songs' resource files and links, for the band's queue only (issue 13, point 3). */
export async function songResources(db: Tx, songIds: number[]) {
  if (!songIds.length) return new Map<number, { resource_file: string | null; resursi: string | null }>();
  const rows = await db
    .selectFrom('songs')
    .select(['id', 'resource_file', 'resursi'])
    .where('id', 'in', songIds)
    .execute();
  return new Map(rows.map((row) => [row.id, { resource_file: row.resource_file, resursi: row.resursi }]));
}

/** Marks every waiting request of the song played or declined; answers their ids. */
export async function decideSong(db: Tx, gigId: number, songId: number, status: RequestStatus, now: string) {
  const rows = await db
    .updateTable('song_requests')
    .set({ status, updated_at: now })
    .where('gig_id', '=', gigId)
    .where('song_id', '=', songId)
    .where('status', '=', 'waiting')
    .returning('id')
    .execute();
  return rows.map((row) => row.id);
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
  const rows = await db
    .selectFrom('song_requests')
    .innerJoin('songs', 'songs.id', 'song_requests.song_id')
    .leftJoin('performers', 'performers.id', 'songs.performer_id')
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
  const rows = await db
    .selectFrom('song_requests')
    .innerJoin('songs', 'songs.id', 'song_requests.song_id')
    .leftJoin('performers', 'performers.id', 'songs.performer_id')
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

/** One device's requests at a gig, newest first. */
export const deviceRequests = (db: Db, gigId: number, deviceId: string) =>
  db
    .selectFrom('song_requests')
    .innerJoin('songs', 'songs.id', 'song_requests.song_id')
    .select([
      'song_requests.id',
      'song_requests.song_id',
      'songs.naziv',
      'song_requests.status',
      'song_requests.created_at',
    ])
    .where('song_requests.gig_id', '=', gigId)
    .where('song_requests.device_id', '=', deviceId)
    .orderBy('song_requests.id', 'desc')
    .limit(50)
    .execute();

/** After the show: how many requests, how they ended, and the most requested songs. */
export async function requestSummary(db: Db, gigId: number) {
  const [statuses, top] = await Promise.all([
    db
      .selectFrom('song_requests')
      .select((eb) => ['status', eb.fn.countAll().as('n')])
      .where('gig_id', '=', gigId)
      .groupBy('status')
      .execute(),
    db
      .selectFrom('song_requests')
      .innerJoin('songs', 'songs.id', 'song_requests.song_id')
      .select((eb) => ['songs.id', 'songs.naziv', eb.fn.countAll().as('n')])
      .where('song_requests.gig_id', '=', gigId)
      .groupBy(['songs.id', 'songs.naziv'])
      .orderBy('n', 'desc')
      .orderBy('songs.naziv')
      .limit(5)
      .execute(),
  ]);
  const count = (status: string) => Number(statuses.find((s) => s.status === status)?.n ?? 0);
  return {
    total: statuses.reduce((sum, s) => sum + Number(s.n), 0),
    played: count('played'),
    declined: count('declined'),
    waiting: count('waiting'),
    top: top.map((song) => ({ id: song.id, naziv: song.naziv, count: Number(song.n) })),
  };
}

/** Every request of a gig, oldest first, with its song and performer (the after-show report). */
export const gigRequestRows = (db: Db, gigId: number) =>
  db
    .selectFrom('song_requests')
    .innerJoin('songs', 'songs.id', 'song_requests.song_id')
    .leftJoin('performers', 'performers.id', 'songs.performer_id')
    .select([
      'song_requests.created_at',
      'song_requests.status',
      'song_requests.song_id',
      'song_requests.message',
      'song_requests.message_hidden',
      'songs.naziv',
      'performers.naziv as performer',
    ])
    .where('song_requests.gig_id', '=', gigId)
    .orderBy('song_requests.created_at')
    .orderBy('song_requests.id')
    .execute();

const BUCKET_MS = 15 * 60_000;

/** Requests per quarter hour, from the first request to the last (empty quarters included). */
export function requestTimeline(rows: { created_at: string }[]) {
  if (rows.length === 0) return [];
  const times = rows.map((row) => Date.parse(row.created_at));
  const first = Math.floor(Math.min(...times) / BUCKET_MS) * BUCKET_MS;
  const last = Math.floor(Math.max(...times) / BUCKET_MS) * BUCKET_MS;
  const counts = new Map<number, number>();
  for (const time of times) {
    const bucket = Math.floor(time / BUCKET_MS) * BUCKET_MS;
    counts.set(bucket, (counts.get(bucket) ?? 0) + 1);
  }
  const timeline = [];
  for (let at = first; at <= last; at += BUCKET_MS)
    timeline.push({ at: new Date(at).toISOString(), count: counts.get(at) ?? 0 });
  return timeline;
}
