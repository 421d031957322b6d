import type { Db } from './connect.js';
import { listGigs } from './gigs.js';
import { activityPage } from './history-read.js';
import {
  neverRequested,
  requestsPerGig,
  requestsPerUtcHour,
  topPerformers,
  topSearchMisses,
  topSongs,
} from './insights.js';
import { listPerformers } from './performers.js';
import { entriesOf } from './playlist-entries.js';
import { listPlaylists } from './playlists.js';
import { listSongs, songCharts } from './songs.js';

/**
 * The reads that may take tens or hundreds of milliseconds of better-sqlite3 (issue 25, point 2):
 * the insights' figures over a band's whole history, the exports' every row, the activity log's
 * pages (counted over every band's history). On SQLite they run
 * in a read worker (heavy-read-pool.ts), by name, with arguments and answers that cross between
 * threads (plain data, Maps). The lists' pages go there too, with their totals kept (ListRequest).
 */
export const HEAVY_READS = {
  requestsPerGig,
  requestsPerUtcHour,
  topSongs,
  topPerformers,
  topSearchMisses,
  neverRequested,
  listSongs,
  songCharts,
  listPerformers,
  listPlaylists,
  entriesOf,
  listGigs,
  activityPage,
} satisfies Record<string, (db: Db, ...args: never[]) => Promise<unknown>>;

export type HeavyRead = keyof typeof HEAVY_READS;
/** A read's arguments after the database. */
export type HeavyReadArgs<N extends HeavyRead> = (typeof HEAVY_READS)[N] extends (
  db: Db,
  ...args: infer A
) => unknown
  ? A
  : never;
export type HeavyReadAnswer<N extends HeavyRead> = Awaited<ReturnType<(typeof HEAVY_READS)[N]>>;
