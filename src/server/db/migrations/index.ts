import type { Migration } from 'kysely';
import * as initial from './0001_initial.js';
import * as searchOrderIndexes from './0002_search_order_indexes.js';
import * as catalogueVersion from './0003_catalogue_version.js';
import * as liveQueue from './0004_live_queue.js';
import * as listScopes from './0005_list_scopes.js';
import * as bandSlug from './0006_band_slug.js';
import * as requestMessages from './0007_request_messages.js';
import * as searchTrigrams from './0008_search_trigrams.js';
import * as searchTrigramCounts from './0009_search_trigram_counts.js';
import * as trigramPendingList from './0010_trigram_pending_list.js';
import * as formerBandSlugs from './0011_former_band_slugs.js';
import * as loginCounts from './0012_login_counts.js';
import * as searchDjAsD from './0013_search_dj_as_d.js';
import * as songSheets from './0014_song_sheets.js';
import * as songKeys from './0015_song_keys.js';
import * as searchMisses from './0016_search_misses.js';
import * as runningOrder from './0017_running_order.js';
import * as recordVersions from './0018_record_versions.js';
import * as queueWaits from './0019_queue_waits.js';
import * as searchPairCounts from './0020_search_pair_counts.js';
import * as history from './0021_history.js';
import * as deletedItems from './0022_deleted_items.js';
import * as bandScopedWrites from './0023_band_scoped_writes.js';
import * as bulkSearchCounts from './0024_bulk_search_counts.js';
import * as searchPairCountsPostgres from './0025_search_pair_counts_postgres.js';
import * as pairCountsOnNameUpdates from './0026_pair_counts_on_name_updates.js';
import * as songsNamingOthers from './0027_songs_naming_others.js';

/** Every migration in order; a static list so that the server needs no directory scan. */
export const migrations: Record<string, Migration> = {
  '0001_initial': initial,
  '0002_search_order_indexes': searchOrderIndexes,
  '0003_catalogue_version': catalogueVersion,
  '0004_live_queue': liveQueue,
  '0005_list_scopes': listScopes,
  '0006_band_slug': bandSlug,
  '0007_request_messages': requestMessages,
  '0008_search_trigrams': searchTrigrams,
  '0009_search_trigram_counts': searchTrigramCounts,
  '0010_trigram_pending_list': trigramPendingList,
  '0011_former_band_slugs': formerBandSlugs,
  '0012_login_counts': loginCounts,
  '0013_search_dj_as_d': searchDjAsD,
  '0014_song_sheets': songSheets,
  '0015_song_keys': songKeys,
  '0016_search_misses': searchMisses,
  '0017_running_order': runningOrder,
  '0018_record_versions': recordVersions,
  '0019_queue_waits': queueWaits,
  '0020_search_pair_counts': searchPairCounts,
  '0021_history': history,
  '0022_deleted_items': deletedItems,
  '0023_band_scoped_writes': bandScopedWrites,
  '0024_bulk_search_counts': bulkSearchCounts,
  '0025_search_pair_counts_postgres': searchPairCountsPostgres,
  '0026_pair_counts_on_name_updates': pairCountsOnNameUpdates,
  '0027_songs_naming_others': songsNamingOthers,
};
