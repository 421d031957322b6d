import { HttpError } from 'react-admin';
import type { LogLevel, SystemSettings } from '../../shared/constants';
import type { HttpClient } from './httpClient';

/** How one part of Encore is doing (spec §3 System status). Other values are shown as unknown. */
type HealthState = 'healthy' | 'warning' | 'error' | 'unknown';

export interface ComponentHealth {
  status: HealthState;
  message: string;
  /** The message's code and values, to say it in the reader's language (shared/server-messages). */
  code?: string;
  params?: Record<string, string | number>;
  /** ISO time of the check. */
  lastCheck: string;
}

export const COMPONENTS = ['websocket', 'database', 'redis', 'messageQueue'] as const;
export type ComponentName = (typeof COMPONENTS)[number];

interface SystemStatus {
  status: Record<ComponentName, ComponentHealth>;
  websocket_stats: Record<string, number | string>;
}

/** One entry of the server log, newest first (spec §3 Log entry). */
export interface LogEntry {
  level: LogLevel;
  timestamp: string;
  message: string;
  context: string | null;
  extra: string | Record<string, unknown> | null;
}

/** The System Logs type filter (spec §7: ?type=all|error|warning|info). */
export type LogType = 'all' | 'error' | 'warning' | 'info';

/**
 * The settings in effect, what each is while none is saved (Reset to Defaults), and the server's
 * LIVE_PORT when it has one: that is the live server's port then, not websocket_port.
 */
export interface StoredSettings {
  settings: SystemSettings;
  defaults: SystemSettings;
  live_port: number | null;
}

interface Outcome {
  success: boolean;
  message: string;
}

/** The system administrator's System calls (spec §7 System), merged into the data provider. */
export function createSystemApi(http: HttpClient) {
  /** A write answered 200 with success false is a failure all the same, carrying the server's message. */
  const write = async <T extends Outcome>(url: string, body?: unknown) => {
    const { status, json } = await http<T>(url, { method: 'POST', body });
    if (json?.success === false) throw new HttpError(json.message, status, json);
    return json;
  };

  return {
    getSystemStatus: async () => (await http<SystemStatus>('/api/admin/system-status')).json,
    restartWebsocket: () => write<Outcome>('/api/admin/restart-websocket'),
    getSystemLogs: async (type: LogType) =>
      (await http<{ logs: LogEntry[] }>(`/api/admin/system-logs?type=${type}`)).json.logs,
    clearLogs: () => write<Outcome>('/api/admin/clear-logs'),
    getSystemSettings: async () => (await http<StoredSettings>('/api/admin/system-settings')).json,
    /** Answers the settings as the server stored them; a 422 carries {message, errors}. */
    saveSystemSettings: (settings: SystemSettings) =>
      write<Outcome & { settings: SystemSettings }>('/api/admin/system-settings', { settings }),
  };
}

export type SystemApi = ReturnType<typeof createSystemApi>;
