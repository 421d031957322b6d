import type { PlaylistSong } from './types';

/** Spec §2 Edit playlist: a song dragged in goes to the top; one already present is ignored. */
export function addToTop(songs: PlaylistSong[], song: PlaylistSong): PlaylistSong[] {
  return songs.some((s) => s.id === song.id) ? songs : [song, ...songs];
}

/** Why a song of a pasted setlist is not added: it is in the playlist, or earlier in the paste. */
type NotAdded = 'in_playlist' | 'repeated';

/**
 * Songs added together (a pasted setlist), by the same rule as one dragged in: on top, in their
 * order, each once; a song already present is left where it is. `skipped` says, for each song
 * given, why it will not be added (undefined: it will be).
 */
export function addAllToTop(songs: PlaylistSong[], added: PlaylistSong[]) {
  const present = new Set(songs.map((song) => song.id));
  const taken = new Set<number>();
  const skipped = added.map((song): NotAdded | undefined => {
    if (present.has(song.id)) return 'in_playlist';
    if (taken.has(song.id)) return 'repeated';
    taken.add(song.id);
    return undefined;
  });
  const fresh = added.filter((_, index) => !skipped[index]);
  return { songs: fresh.length ? [...fresh, ...songs] : songs, added: fresh.length, skipped };
}

/** Reordering by dragging within the playlist. */
export function move(songs: PlaylistSong[], from: number, to: number): PlaylistSong[] {
  if (from === to || from < 0 || from >= songs.length) return songs;
  const next = [...songs];
  const [moved] = next.splice(from, 1);
  next.splice(Math.max(0, Math.min(to, next.length)), 0, moved);
  return next;
}

/** Removal by the x button or by dropping on the available-songs panel. */
export const remove = (songs: PlaylistSong[], id: number) => songs.filter((s) => s.id !== id);

/** The editor's two lists (pangea's droppable ids). */
export const PLAYLIST = 'playlist';
export const AVAILABLE = 'available';

/** Where a dragged song was or is: a list and a position in it (0-based). */
export interface Place {
  droppableId: string;
  index: number;
}

/** What a drop did, named as the screen-reader announcement's message (playlists.drag.*). */
type DropOutcome = 'moved' | 'added' | 'already' | 'removed' | 'dropped_nowhere';

/**
 * Spec §2 Edit playlist's drops: right→left adds at the top (a song already present is ignored),
 * within the left reorders, left→right removes; anything else changes nothing. Returns the new songs
 * and what happened, for the announcement.
 */
export function drop(
  songs: PlaylistSong[],
  song: PlaylistSong,
  from: Place,
  to: Place | null | undefined,
): { songs: PlaylistSong[]; outcome: DropOutcome } {
  if (to?.droppableId === PLAYLIST && from.droppableId === PLAYLIST)
    return { songs: move(songs, from.index, to.index), outcome: 'moved' };
  if (to?.droppableId === PLAYLIST && from.droppableId === AVAILABLE) {
    const next = addToTop(songs, song);
    return { songs: next, outcome: next === songs ? 'already' : 'added' };
  }
  if (to?.droppableId === AVAILABLE && from.droppableId === PLAYLIST)
    return { songs: remove(songs, song.id), outcome: 'removed' };
  return { songs, outcome: 'dropped_nowhere' };
}
