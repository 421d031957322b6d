import type { Db } from './connect.js';
import { requestsWithSongs } from './live-queue.js';

/** After the show: the gig's requests summed up, listed and spread over time. */

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
  requestsWithSongs(db)
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
