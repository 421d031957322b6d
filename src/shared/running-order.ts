/**
 * The band's running order of a gig (issue 27, point 3): the gig's set (its playlist, in order) with
 * the requests the band slotted in ("Play next"), and the song the band is at. The server keeps it
 * per gig; the band's signed-in pages get each change over the live channel, the audience never.
 */

/** A place in the running order: a song of the set, or a request slotted in. */
export interface RunningItem {
  kind: 'set' | 'request';
  song_id: number;
}

/** A song as the band's tablet needs it to show and open it (the stage view). */
export interface SetSong {
  song_id: number;
  naziv: string;
  performer: string | null;
  tonalitet: string | null;
  trajanje: number | null;
  /** The song's resource file (its upload URL) and link. */
  resource: string | null;
  resursi: string | null;
  /** Whether it has a ChordPro chart, which the stage view reads when it opens. */
  chart: boolean;
}

/** A requested song slotted into the running order. */
export interface Slot extends SetSong {
  /** The song of the set it follows; null: before the set's first song. */
  after: number | null;
  /** Its requests were marked played (it stays in the running order); until then it is waiting. */
  played: boolean;
}

/** What changes while the band plays: the song it is at and the requests slotted in. */
export interface RunningState {
  /** One more with each change of the gig's running order (0: never changed). */
  version: number;
  current: RunningItem | null;
  /** In the order they play. */
  slots: Slot[];
}

/** GET /api/admin/live/{token}/setlist. */
export interface SetlistAnswer extends RunningState {
  set: SetSong[];
}

/** The change of a running order, sent to the band's signed-in pages of the gig only. */
export interface SetlistEvent extends RunningState {
  type: 'setlist';
  gig: string;
}

/** One song of the running order as the band page lists it. */
export type OrderedSong = SetSong & RunningItem & { played?: boolean };

export const sameItem = (a: RunningItem | null | undefined, b: RunningItem | null | undefined) =>
  !!a && !!b && a.kind === b.kind && a.song_id === b.song_id;

/**
 * The set with its slotted requests, each after the set song it follows (in the order slotted);
 * those whose set song left the playlist meanwhile come last.
 */
export function runningOrder(set: readonly SetSong[], slots: readonly Slot[]): OrderedSong[] {
  const byAnchor = new Map<number | null, Slot[]>();
  for (const slot of slots) {
    const group = byAnchor.get(slot.after);
    if (group) group.push(slot);
    else byAnchor.set(slot.after, [slot]);
  }
  const order: OrderedSong[] = [];
  const take = (anchor: number | null) => {
    for (const slot of byAnchor.get(anchor) ?? []) order.push({ ...slot, kind: 'request' });
    byAnchor.delete(anchor);
  };
  take(null);
  for (const song of set) {
    order.push({ ...song, kind: 'set' });
    take(song.song_id);
  }
  for (const rest of byAnchor.values()) for (const slot of rest) order.push({ ...slot, kind: 'request' });
  return order;
}

/**
 * The place a step away from the current one: null at either end. With nothing current (or a
 * current song no longer in the order), the first song is next and nothing is before.
 */
export function stepFrom(
  order: readonly OrderedSong[],
  current: RunningItem | null,
  direction: 'next' | 'previous',
): OrderedSong | null {
  const at = order.findIndex((item) => sameItem(item, current));
  if (at < 0) return direction === 'next' ? (order[0] ?? null) : null;
  return order[direction === 'next' ? at + 1 : at - 1] ?? null;
}
