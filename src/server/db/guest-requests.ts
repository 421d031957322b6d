import type { Db, Tx } from './connect.js';

/** A guest's requests: what the request rules look at, the new request, a device's own. */

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

/**
 * Issue 29, artist spacing: how near the closest song by this performer is to a new request's place,
 * counted in songs (1 = just before it), among the `within` songs before that place; undefined when
 * none of them is the performer's. A new request goes to the end of the queue, so the songs before
 * its place are the waiting queue from its end and then, when the queue holds fewer, the songs played
 * last (newest first). Declined songs were never played and do not count.
 */
export async function performerDistance(db: Tx, gigId: number, performerId: number, within: number) {
  const waiting = await db
    .selectFrom('song_requests')
    .innerJoin('songs', 'songs.id', 'song_requests.song_id')
    .select((eb) => ['songs.performer_id', eb.fn.min('song_requests.position').as('position')])
    .where('song_requests.gig_id', '=', gigId)
    .where('song_requests.status', '=', 'waiting')
    .groupBy(['song_requests.song_id', 'songs.performer_id'])
    .orderBy('position', 'desc')
    .limit(within)
    .execute();
  const played =
    waiting.length >= within
      ? []
      : await db
          .selectFrom('song_requests')
          .innerJoin('songs', 'songs.id', 'song_requests.song_id')
          .select((eb) => [
            'songs.performer_id',
            'song_requests.updated_at',
            eb.fn.max('song_requests.id').as('last_id'),
          ])
          .where('song_requests.gig_id', '=', gigId)
          .where('song_requests.status', '=', 'played')
          .groupBy(['song_requests.song_id', 'songs.performer_id', 'song_requests.updated_at'])
          .orderBy('song_requests.updated_at', 'desc')
          .orderBy('last_id', 'desc')
          .limit(within - waiting.length)
          .execute();
  const index = [...waiting, ...played].findIndex((row) => row.performer_id === performerId);
  return index < 0 ? undefined : index + 1;
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
