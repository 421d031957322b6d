/** Values shared by the server and the panel. */

export const APP_NAME = 'Encore';
export const APP_VERSION = '1.0.0';

export const ROLES = ['admin', 'band_admin', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  viewer: 'Viewer',
  band_admin: 'Band Admin',
  admin: 'System Admin',
};

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

/** Failed sign-ins allowed for one email from one address within the window before 429. */
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_FAILURE_WINDOW_MINUTES = 15;

/** The panel waits this long after fetching the CSRF cookie (spec §9). */
export const CSRF_WAIT_MS = 100;

/** Rows per page of the lists (`pg` counts pages of this size from 0). */
export const PAGE_SIZE = 20;

/** The audience page's limits per device (issue: one device may not flood the queue). */
export const DEVICE_COOLDOWN_SECONDS = 20;
export const DEVICE_MAX_WAITING = 3;

export const REQUEST_STATUSES = ['waiting', 'played', 'declined'] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];
