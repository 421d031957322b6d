/** Values shared by the server and the panel. */

export const APP_NAME = 'Encore';
export const APP_VERSION = '1.0.0';

export const ROLES = ['admin', 'band_admin', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

/** Ownership filter values of the lists (spec §9: default 2, "mine"). */
export const OWNERSHIP = { all: 1, mine: 2, others: 3 } as const;

export const LOG_LEVELS = ['debug', 'info', 'warning', 'error'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface SystemSettings {
  websocket_port: number;
  websocket_host: string;
  max_concurrent_connections: number;
  session_timeout: number;
  auto_backup_enabled: boolean;
  backup_frequency: number;
  log_level: LogLevel;
  max_log_file_size: number;
  enable_notifications: boolean;
  maintenance_mode: boolean;
}

/** Spec §9 defaults. */
export const DEFAULT_SETTINGS: SystemSettings = {
  websocket_port: 3001,
  websocket_host: '127.0.0.1',
  max_concurrent_connections: 100,
  session_timeout: 30,
  auto_backup_enabled: true,
  backup_frequency: 24,
  log_level: 'info',
  max_log_file_size: 10,
  enable_notifications: true,
  maintenance_mode: false,
};

/**
 * Sign-in limits (docs/operations.md, Security). Every count lives one window from its first
 * failure. Failed sign-ins allowed for one email from one address within the window before 429.
 */
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_FAILURE_WINDOW_MINUTES = 15;
/** Failed sign-ins one address may make across all accounts within the window (password spraying). */
export const LOGIN_MAX_FAILURES_PER_ADDRESS = 30;
/**
 * Failed sign-ins on one account, from any addresses, within the window before each further attempt
 * must wait: the first wait, doubling with each failure up to the longest. A wait, not a lockout, so
 * a stranger can only slow the account's owner down, never shut them out.
 */
export const LOGIN_ACCOUNT_FREE_FAILURES = 10;
export const LOGIN_ACCOUNT_FIRST_DELAY_SECONDS = 1;
export const LOGIN_ACCOUNT_MAX_DELAY_SECONDS = 60;
/** An address the account signed in from within these days does not wait for the account's delay. */
export const LOGIN_KNOWN_ADDRESS_DAYS = 30;
/**
 * Entries each of the four in-memory tables of the sign-in limits holds at most: about 200 bytes an
 * entry, so under 40 MB when all are full. Filling one takes 50,000 password checks within one
 * window from over 1,600 addresses; when full, new emails and addresses are refused, not counted.
 */
export const LOGIN_THROTTLE_MAX_ENTRIES = 50_000;

/** The panel waits this long after fetching the CSRF cookie (spec §9). */
export const CSRF_WAIT_MS = 100;

/** Rows per page of the lists (`pg` counts pages of this size from 0). */
export const PAGE_SIZE = 20;
/** A search's total is counted up to this many matches; past it a list says "more than" (issue 25). */
export const SEARCH_TOTAL_CAP = 1000;

/**
 * The audience's searches that found nothing (issue 29, point 4), counted for the band's Insights:
 * kept folded, from 2 to SEARCH_MISS_MAX_LENGTH letters; at most SEARCH_MISS_TEXTS_PER_GIG_DAY
 * different texts a gig a day (more are not counted, so a script cannot fill the table), each kept
 * SEARCH_MISS_KEEP_DAYS days. The page reports a search SEARCH_MISS_DEBOUNCE_MS after the last key.
 */
export const SEARCH_MISS_MIN_LENGTH = 2;
export const SEARCH_MISS_MAX_LENGTH = 60;
export const SEARCH_MISS_TEXTS_PER_GIG_DAY = 300;
export const SEARCH_MISS_KEEP_DAYS = 400;
export const SEARCH_MISS_DEBOUNCE_MS = 1500;

/** The audience page's limits per device (issue: one device may not flood the queue). */
export const DEVICE_COOLDOWN_SECONDS = 20;
export const DEVICE_MAX_WAITING = 3;
/**
 * Requests for one waiting song that one network (an IPv4 address, or an IPv6 /64) may add to its
 * count, its first included (issue 23, finding 11): a device id is whatever the phone sends, so
 * without this one phone counts as a crowd. Not 1, since a venue's phones often share one address.
 */
export const ADDRESS_MAX_PER_WAITING_SONG = 3;

export const REQUEST_STATUSES = ['waiting', 'played', 'declined'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];

/**
 * How the live server shares out max_concurrent_connections (issue 11, finding 7). Anonymous phones
 * on a shared network must not be able to take every slot from the band's tablet, and a venue's phones
 * often reach the server through one public address, so no single limit is enough on its own.
 */
/** Share of max_concurrent_connections (rounded down) that only signed-in pages may use: 10 of 100. */
export const LIVE_SIGNED_IN_SHARE = 0.1;
/**
 * Share of max_concurrent_connections (rounded up) that the anonymous followers of one gig may use:
 * one gig's public token cannot take the room of the other bands' gigs on the same server.
 */
export const LIVE_GIG_SHARE = 0.8;
/**
 * Anonymous sockets from one client address. A phone needs one (two with a second tab); this leaves
 * room for a venue whose phones share one address, while one device cannot hold every slot.
 */
export const LIVE_MAX_PER_ADDRESS = 50;
/**
 * Live connections one session may hold, both transports together: a band member's tablet, phone,
 * venue screen and viewer, each in a tab or two. A signed-in account cannot take every slot.
 */
export const LIVE_MAX_PER_SESSION = 8;
/**
 * Live connections the signed-in pages of one band (or the system admins together) may hold, however
 * many sessions they sign in: a tablet, a phone and a screen for each member of a large band. A
 * band may take at most half of the share kept for signed-in pages, so another band always finds room.
 */
export const LIVE_MAX_PER_BAND = 20;
/**
 * How often the live server checks again the sessions of its signed-in pages: a page whose session
 * ended (signed out, expired, its user deleted) or whose user left the gig's band is closed this soon.
 */
export const LIVE_SESSION_CHECK_MS = 1000;
/**
 * How often, with Redis, each process compares the gigs its pages follow with their stored versions:
 * pages that missed a change published while Redis was away are brought up to date within two
 * checks (issue 23, finding 7).
 */
export const LIVE_VERSION_CHECK_MS = 1500;
/**
 * Bytes a live connection (websocket or event stream) may leave unread in the server's buffers, about
 * a thousand queue events or a dozen snapshots: a reader that far behind is gone or hopeless, and is
 * dropped (a page that is still there reconnects and gets the queue afresh) instead of being held.
 */
export const LIVE_MAX_BUFFERED_BYTES = 1024 * 1024;
/** A socket that has not subscribed to a real gig this long after connecting is closed. */
export const LIVE_SUBSCRIBE_GRACE_SECONDS = 5;
/**
 * Connections the kernel may hold for a listening port before the server accepts them (Node's default
 * is 511): a venue's Wi-Fi coming back brings a thousand phones within a second, and while a busy
 * server is between turns of its event loop, those past the queue would be reset.
 */
export const LISTEN_BACKLOG = 4096;

/** The built panel page with the sign-in form in it, which the server answers /admin/login with
 *  (issue 25, point 3; src/client/login/shellPlugin.ts writes it). */
export const LOGIN_PAGE = 'admin-login.html';
