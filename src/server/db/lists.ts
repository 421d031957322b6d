import { listPerformers } from './performers.js';
import { listPlaylists } from './playlists.js';
import type { ListOptions } from './read-list.js';
import { listSongs } from './songs.js';
import type { UserWithBand } from './users.js';

/** The lists a read worker answers (heavy-read-pool.ts). */
export const LISTS = { songs: listSongs, performers: listPerformers, playlists: listPlaylists };
export type ListKind = keyof typeof LISTS;
export type ListResult<K extends ListKind> = Awaited<ReturnType<(typeof LISTS)[K]>>;

/** One page of a list asked of a worker: plain data, as a message carries it. */
export interface ListRequest {
  kind: ListKind;
  user: UserWithBand;
  options: ListOptions;
  /** The list cache's scope and versions, under which the worker keeps totals; none: keep none. */
  memoScope?: string;
}
