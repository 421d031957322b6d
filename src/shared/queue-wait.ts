/**
 * Where a waiting song stands and about when it comes (issue 29, point 1): one pure function that the
 * audience page, the band page and the venue screen all use, so that they never disagree.
 *
 * A song's wait is the time of the songs ahead of it in the queue. Each of those counts its own
 * duration (the song's `trajanje`) where known, otherwise the gig's own average time between the
 * songs played so far, otherwise the band's default (Add/Edit Gig: minutes per song). The song being
 * played now is not counted: the band marks a song played when it begins it, and how far into it the
 * band is nobody knows. No estimate is given while requests are paused (the band may be on a break)
 * or while the band plays out of turn (one of its last played songs was not first in the queue): the
 * queue's order then says little about what comes when, and the pages say that instead.
 */

/** How the gig's night goes, as the server reads it from the played requests. */
export interface QueuePace {
  /** The average time between the gig's played songs so far, in seconds; null before two were played. */
  gap_seconds: number | null;
  /** The band's own guess per song (the gig's minutes per song), in seconds. */
  default_seconds: number;
  /** One of the band's last OUT_OF_TURN_WINDOW played songs was not first in the queue when played. */
  out_of_turn: boolean;
}

/** How many of the last played songs are looked at for one played out of turn. */
export const OUT_OF_TURN_WINDOW = 3;

/** Minutes per song a gig assumes unless the band sets another number (Add/Edit Gig). */
export const DEFAULT_MINUTES_PER_SONG = 4;

/** A waiting song as the estimate needs it (a queue entry). */
export interface WaitingSong {
  song_id: number;
  /** The song's duration in seconds, if known. */
  trajanje?: number | null;
}

export type Wait =
  /** First in line: nothing is ahead of it. */
  | { place: number; kind: 'next' }
  /** About this many minutes (rounded, at least 1). */
  | { place: number; kind: 'about'; minutes: number }
  /** No estimate: requests are paused, or the band plays out of turn. */
  | { place: number; kind: 'paused' | 'out_of_turn' };

/** What one song ahead is expected to take, in seconds. */
export function songSeconds(song: WaitingSong, pace: QueuePace): number {
  if (song.trajanje && song.trajanje > 0) return song.trajanje;
  return pace.gap_seconds ?? pace.default_seconds;
}

/**
 * Seconds as the minutes a person is told: to the minute up to 20 (at least 1), then to 5 minutes,
 * since an estimate that far out is not better than that.
 */
export function aboutMinutes(seconds: number): number {
  const minutes = seconds / 60;
  if (minutes <= 20) return Math.max(1, Math.round(minutes));
  return Math.round(minutes / 5) * 5;
}

/** Every waiting song's place (1 = first in line) and wait, in queue order. */
export function queueWaits(queue: readonly WaitingSong[], gig: { active: boolean; pace: QueuePace }): Wait[] {
  let ahead = 0;
  return queue.map((song, i) => {
    const place = i + 1;
    const seconds = ahead;
    ahead += songSeconds(song, gig.pace);
    if (!gig.active) return { place, kind: 'paused' };
    if (gig.pace.out_of_turn) return { place, kind: 'out_of_turn' };
    if (i === 0) return { place, kind: 'next' };
    return { place, kind: 'about', minutes: aboutMinutes(seconds) };
  });
}

/** One song's place and wait, or undefined when it is not waiting. */
export function waitOf(
  queue: readonly WaitingSong[],
  gig: { active: boolean; pace: QueuePace },
  songId: number,
): Wait | undefined {
  const index = queue.findIndex((song) => song.song_id === songId);
  return index < 0 ? undefined : queueWaits(queue, gig)[index];
}
