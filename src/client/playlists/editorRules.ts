import type { PlaylistSong } from './types';

/** Spec §2 Edit playlist: a song dragged in goes to the top; one already present is ignored. */
export function addToTop(songs: PlaylistSong[], song: PlaylistSong): PlaylistSong[] {
  return songs.some((s) => s.id === song.id) ? songs : [song, ...songs];
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
