import type { SystemSettings } from '../../shared/constants';

type NumberField =
  | 'websocket_port'
  | 'max_concurrent_connections'
  | 'session_timeout'
  | 'backup_frequency'
  | 'max_log_file_size';

/** The settings as the form holds them: numbers as typed, so that a half-typed value is not lost. */
export type SettingsValues = Omit<SystemSettings, NumberField> & Record<NumberField, string>;

export function toValues(settings: SystemSettings): SettingsValues {
  const text = (field: NumberField) => String(settings[field] ?? '');
  return {
    ...settings,
    websocket_port: text('websocket_port'),
    max_concurrent_connections: text('max_concurrent_connections'),
    session_timeout: text('session_timeout'),
    backup_frequency: text('backup_frequency'),
    max_log_file_size: text('max_log_file_size'),
  };
}

/** Spec §5: numbers are parsed as integers. A field that holds none is named with its message key. */
export function toSettings(values: SettingsValues): {
  settings: SystemSettings;
  errors: Record<string, string>;
} {
  const errors: Record<string, string> = {};
  const number = (field: NumberField) => {
    const parsed = parseInt(values[field], 10);
    if (Number.isNaN(parsed)) errors[field] = 'system.settings.whole_number';
    return parsed;
  };
  const settings: SystemSettings = {
    ...values,
    websocket_port: number('websocket_port'),
    max_concurrent_connections: number('max_concurrent_connections'),
    session_timeout: number('session_timeout'),
    backup_frequency: number('backup_frequency'),
    max_log_file_size: number('max_log_file_size'),
  };
  return { settings, errors };
}

/** The 422 errors map by setting name, whether the server names them 'port' or 'settings.port'. */
export function settingErrors(errors: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(errors).map(([key, text]) => [key.replace(/^settings\./, ''), text]),
  );
}
