/**
 * A save refused because a bandmate saved the record first (issue 28, point 1: the server answers
 * 409 with the record as it is now). Three versions meet: `base`, the record the user's form started
 * from; `mine`, what the user saved; `theirs`, the record now. A field only the user changed can go
 * on top of theirs; a field both changed (to different values) cannot, and theirs stays. A
 * playlist's songs always merge: their added songs join the user's list, in the user's order.
 */

export type Values = Record<string, unknown>;

/** Who changed a field since the form opened. */
export type Changer = 'mine' | 'theirs' | 'both';

export interface FieldChange {
  field: string;
  base: unknown;
  mine: unknown;
  theirs: unknown;
  changer: Changer;
}

/** Empty values (null, undefined, '') are one; a number and its text are one (form values are text). */
function same(a: unknown, b: unknown): boolean {
  const empty = (v: unknown) => v === null || v === undefined || v === '';
  if (empty(a) || empty(b)) return empty(a) && empty(b);
  if (typeof a === 'object' || typeof b === 'object') return JSON.stringify(a) === JSON.stringify(b);
  return String(a) === String(b);
}

/** The fields (of `fields`) that changed since `base`, and who changed them; equal changes are none. */
export function fieldChanges(fields: string[], base: Values, mine: Values, theirs: Values): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const field of fields) {
    const was = base[field];
    const ours = field in mine ? mine[field] : was;
    const now = theirs[field];
    const mineChanged = !same(ours, was);
    const theirsChanged = !same(now, was);
    if (!mineChanged && !theirsChanged) continue;
    if (mineChanged && theirsChanged && same(ours, now)) continue;
    const changer: Changer = mineChanged && theirsChanged ? 'both' : mineChanged ? 'mine' : 'theirs';
    changes.push({ field, base: was, mine: ours, theirs: now, changer });
  }
  return changes;
}

/** A song of a playlist as the panel has it. */
export interface Song {
  id: number;
  naziv?: string;
  [key: string]: unknown;
}

export interface SongChanges {
  added: Song[];
  removed: Song[];
  /** Songs in both lists whose place among the others changed. */
  moved: Song[];
}

/** The ids of the longest run of `a` found in `b` in the same order (both hold the same songs). */
function keptInOrder(a: number[], b: number[]): Set<number> {
  // Longest increasing subsequence of a's songs' places in b: O(n log n), for playlists of thousands.
  const place = new Map(b.map((id, index) => [id, index]));
  const places = a.map((id) => place.get(id)!);
  const tails: number[] = [];
  const tailAt: number[] = [];
  const previous: number[] = new Array<number>(places.length).fill(-1);
  places.forEach((value, i) => {
    let low = 0;
    let high = tails.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (tails[middle] < value) low = middle + 1;
      else high = middle;
    }
    tails[low] = value;
    tailAt[low] = i;
    previous[i] = low > 0 ? tailAt[low - 1] : -1;
  });
  const kept = new Set<number>();
  for (let i = tails.length ? tailAt[tails.length - 1] : -1; i >= 0; i = previous[i]) kept.add(a[i]);
  return kept;
}

/** What changed from one list of songs to the next: added, removed, moved. */
export function songChanges(before: Song[], after: Song[]): SongChanges {
  const beforeIds = new Set(before.map((song) => song.id));
  const afterIds = new Set(after.map((song) => song.id));
  const common = after.filter((song) => beforeIds.has(song.id)).map((song) => song.id);
  const commonBefore = before.filter((song) => afterIds.has(song.id)).map((song) => song.id);
  const kept = keptInOrder(common, commonBefore);
  return {
    added: after.filter((song) => !beforeIds.has(song.id)),
    removed: before.filter((song) => !afterIds.has(song.id)),
    moved: after.filter((song) => beforeIds.has(song.id) && !kept.has(song.id)),
  };
}

/**
 * `primary`'s list with `secondary`'s change since `base` put in: the songs secondary removed go
 * (unless primary added them), the songs it added come in after the song they follow in its list
 * (at the top if none); everything else keeps primary's order.
 */
function mergeInto(base: Song[], primary: Song[], secondary: Song[]): Song[] {
  const baseIds = new Set(base.map((song) => song.id));
  const secondaryIds = new Set(secondary.map((song) => song.id));
  const merged = primary.filter((song) => !baseIds.has(song.id) || secondaryIds.has(song.id));
  let after: number | undefined;
  for (const song of secondary) {
    if (merged.some((entry) => entry.id === song.id)) {
      after = song.id;
      continue;
    }
    // Not in primary's list: removed there (it was in base, and stays removed), or added here.
    if (baseIds.has(song.id)) continue;
    const place = after === undefined ? 0 : merged.findIndex((entry) => entry.id === after) + 1;
    merged.splice(place, 0, song);
    after = song.id;
  }
  return merged;
}

/**
 * Both changes to a playlist's songs: the songs either side added stay, the songs either removed
 * go, and the order is the user's where they moved songs (their order where only they did).
 */
export function mergeSongs(base: Song[], mine: Song[], theirs: Song[]): Song[] {
  return songChanges(base, mine).moved.length > 0
    ? mergeInto(base, mine, theirs)
    : mergeInto(base, theirs, mine);
}

/**
 * What a save on top of theirs sends: their record, with the fields only the user changed, the
 * form's own fields (a new picture or password) and, for a playlist, the merged songs.
 */
export function mergedValues(changes: FieldChange[], mine: Values, theirs: Values, songs?: Song[]): Values {
  const merged: Values = { ...theirs };
  for (const change of changes) if (change.changer === 'mine') merged[change.field] = change.mine;
  for (const [field, value] of Object.entries(mine)) {
    // The form's own fields, which records do not have (a new picture, a new password), go too.
    const formOnly = !(field in theirs);
    if (value instanceof Blob || (field.startsWith('remove_') && value) || formOnly) merged[field] = value;
  }
  if (songs) merged.songs = songs;
  return merged;
}
