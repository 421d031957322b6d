import type { ColumnType, Generated, Selectable } from 'kysely';

/** Table types of the whole data model (DESIGN §5). Booleans are 0/1, timestamps ISO-8601 UTC text. */
export interface Database {
  bands: BandsTable;
  former_band_slugs: FormerBandSlugsTable;
  users: UsersTable;
  sessions: SessionsTable;
  performers: PerformersTable;
  songs: SongsTable;
  playlists: PlaylistsTable;
  playlist_songs: PlaylistSongsTable;
  gigs: GigsTable;
  song_requests: SongRequestsTable;
  gig_queue_versions: GigQueueVersionsTable;
  settings: SettingsTable;
  cache_versions: CacheVersionsTable;
  list_counts: ListCountsTable;
  songs_naming_others: SongsNamingOthersTable;
  /** SQLite only (migration 0009): how many rows of a list hold each trigram of their name. */
  search_trigram_counts: SearchTrigramCountsTable;
  login_counts: LoginCountsTable;
  band_song_keys: BandSongKeysTable;
  gig_song_keys: GigSongKeysTable;
  search_misses: SearchMissesTable;
  gig_running_orders: GigRunningOrdersTable;
  gig_slotted_songs: GigSlottedSongsTable;
  history: HistoryTable;
  deleted_items: DeletedItemsTable;
}

/** A deleted song, performer or playlist, kept 30 days to be restored (migration 0019; db/trash.ts). */
export interface DeletedItemsTable {
  id: Generated<number>;
  kind: string;
  item_id: number;
  band_id: number;
  naziv: string;
  deleted_at: string;
  deleted_by: number | null;
  /** JSON: the item's row as it was. */
  row: string;
  /** JSON: what pointed at it (db/trash.ts). */
  links: string;
}

/** One change to an item (issue 28, migration 0018; db/history.ts). */
export interface HistoryTable {
  id: Generated<number>;
  at: string;
  user_id: number | null;
  user_name: string;
  band_id: number | null;
  /** song, performer, playlist, gig, user or band. */
  kind: string;
  item_id: number;
  item_name: string;
  /** create, update, delete or restore. */
  action: string;
  /** JSON: field → [before, after], the fields that changed. */
  changes: string;
}

export interface SearchTrigramCountsTable {
  tbl: string;
  trigram: string;
  n: number;
}

/**
 * Issue 28, point 1 (migration 0018): moved on by every save, which may name the version it started
 * from (db/versions.ts); who saved last. A record never saved since the migration: 1, no one.
 */
export interface Versioned {
  version: Generated<number>;
  updated_by: ColumnType<number | null, number | null | undefined, number | null>;
}

/** When it was saved last (users have their own updated_at). */
interface Saved extends Versioned {
  updated_at: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface BandsTable extends Saved {
  id: Generated<number>;
  naziv: string;
  email: string | null;
  picture: string | null;
  /** The band link's slug (PUBLIC_URL/r/<slug>), lower-cased and unique. */
  slug: string;
  created_at: string;
}

/** A slug a band used before, kept for its printed QR codes (migration 0011); no band: deleted. */
export interface FormerBandSlugsTable {
  slug: string;
  band_id: number | null;
  /** The band's name when it left the slug. */
  naziv: string;
  left_at: string;
}

export interface UsersTable extends Versioned {
  id: Generated<number>;
  name: string;
  /** Stored lower-cased so that uniqueness is case-insensitive on both databases. */
  email: string;
  password_hash: string;
  role: string;
  band_id: number | null;
  created_at: string;
  updated_at: string;
}

export interface SessionsTable {
  id: Generated<number>;
  user_id: number;
  /** SHA-256 of the bearer token; the token itself is never stored. */
  token_hash: string;
  created_at: string;
  last_used_at: string;
}

interface BandOwned extends Saved {
  id: Generated<number>;
  band_id: number;
  created_by: number | null;
  naziv: string;
  /** naziv (plus related names) folded to lower-case ASCII for diacritic-insensitive search. */
  search: string;
  created_at: string;
}

export interface PerformersTable extends BandOwned {
  slika: string | null;
  visibility: number;
}

export interface SongsTable extends BandOwned {
  slika: string | null;
  performer_id: number | null;
  visibility: number;
  resursi: string | null;
  resource_file: string | null;
  /** Issue 27: key ("Am"), beats per minute, seconds, ChordPro chart; all optional. */
  tonalitet: string | null;
  tempo: number | null;
  trajanje: number | null;
  akordi: string | null;
}

export interface PlaylistsTable extends BandOwned {
  slika: string | null;
  visibility: number;
}

export interface PlaylistSongsTable {
  playlist_id: number;
  song_id: number;
  position: number;
}

export interface GigsTable extends BandOwned {
  lokacija: string;
  pocetak: string;
  slika: string | null;
  status: number;
  razmakpesme: number;
  razmakvreme: number;
  playlist_id: number | null;
  token: string;
  /** Guests may send a message with a request (migration 0006; 0 by default). */
  allow_messages: Generated<number>;
  /** Issue 29: the same performer not within this many songs (0 = off, the default). */
  artist_spacing: Generated<number>;
  /** Issue 29: the band's guess per song for the wait estimate (4 by default). */
  minutes_per_song: Generated<number>;
}

export interface SongRequestsTable {
  id: Generated<number>;
  gig_id: number;
  song_id: number;
  device_id: string;
  /**
   * The network the request came from: an IPv4 address, or an IPv6 address's /64 (addressGroup;
   * rows written before issue 23 hold the full IPv6 address). One network adds only a few requests
   * to a waiting song.
   */
  ip: string;
  /** waiting, played or declined. */
  status: string;
  /** Queue order; a song's waiting requests share one position. */
  position: number;
  /** The guest's short message for the band, if any (never shown to the audience). */
  message: ColumnType<string | null, string | null | undefined, string | null>;
  /** 1 once the band hid the message. */
  message_hidden: Generated<number>;
  /** 1 when the band played the song while another waited ahead of it (issue 29). */
  out_of_turn: Generated<number>;
  created_at: string;
  updated_at: string;
}

/** Bumped with every change to a gig's requests (migration 0004). */
export interface GigQueueVersionsTable {
  gig_id: number;
  version: number;
}

export interface SettingsTable {
  key: string;
  /** JSON-encoded value. */
  value: string;
}

/** Bumped by triggers on every write to the catalogue tables (migration 0003). */
export interface CacheVersionsTable {
  name: string;
  version: number;
}

/** Rows and public rows of a list's table per band (band 0: every band), kept by triggers (0005). */
export interface ListCountsTable {
  tbl: string;
  band_id: number;
  total: number;
  public: number;
}

/**
 * Per band, how many of its songs name another band's performer (migration 0027, kept by triggers):
 * never fewer than do, so a band at 0 has none (songs.ts `namesOthers`).
 */
export interface SongsNamingOthersTable {
  band_id: number;
  songs: number;
}

/** A failed sign-in counter shared by every server process (migration 0012, db/login-counts.ts). */
/** Issue 27: how a band plays a song (semitones from the chart, capo fret), and tonight's at a gig. */
interface SongKeyColumns {
  song_id: number;
  transpose: number;
  capo: number;
  updated_at: string;
}

export interface BandSongKeysTable extends SongKeyColumns {
  band_id: number;
}

export interface GigSongKeysTable extends SongKeyColumns {
  gig_id: number;
}

export interface LoginCountsTable {
  /** The counter's name as in Redis, e.g. `pair:<digest>`. */
  key: string;
  count: number;
  expires_at: string;
  /** Accounts only: no attempt before this time (unless from a known address). */
  wait_until: string | null;
}

/**
 * The audience's searches that found nothing (issue 29, point 4; migration 0018): per gig, venue-local
 * day (YYYY-MM-DD in TIME_ZONE) and folded text, a count. Nothing that could name a guest.
 */
export interface SearchMissesTable {
  gig_id: number;
  band_id: number;
  day: string;
  text: string;
  count: number;
}

export type UserRow = Selectable<UsersTable>;

/** The song a gig's band is at in its running order (migration 0017), and the order's version. */
export interface GigRunningOrdersTable {
  gig_id: number;
  /** 'set' or 'request'; null with current_song_id: nothing is current. */
  current_kind: string | null;
  current_song_id: number | null;
  version: number;
  updated_at: string;
}

/** A requested song the band slotted into a gig's running order ("Play next", migration 0017). */
export interface GigSlottedSongsTable {
  gig_id: number;
  song_id: number;
  /** The set song it follows; null: before the set's first song. */
  after_song_id: number | null;
  /** The order of slotting: slots after the same set song play in this order. */
  seq: number;
  played: ColumnType<number, number | undefined, number>;
}
