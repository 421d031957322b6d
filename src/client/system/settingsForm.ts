import type { SystemSettings } from '../../shared/constants';

const NUMBER_FIELDS = [
  'websocket_port',
  'max_concurrent_connections',
  'session_timeout',
  'backup_frequency',
  'max_log_file_size',
] as const;
type NumberField = (typeof NUMBER_FIELDS)[number];

/** The settings as the form holds them: numbers as typed, so that a half-typed value is not lost. */
export type SettingsValues = Omit<SystemSettings, NumberField> & Record<NumberField, string>;

export function toValues(settings: SystemSettings): SettingsValues {
  const values = { ...settings } as unknown as SettingsValues;
  for (const field of NUMBER_FIELDS) values[field] = String(settings[field] ?? '');
  return values;
}

/** Spec §5: numbers are parsed as integers. A field that holds none is named with its message key. */
export function toSettings(values: SettingsValues): {
  settings: SystemSettings;
  errors: Record<string, string>;
} {
  const settings = { ...values } as unknown as SystemSettings;
  const errors: Record<string, string> = {};
  for (const field of NUMBER_FIELDS) {
    const number = parseInt(values[field], 10);
    if (Number.isNaN(number)) errors[field] = 'system.settings.whole_number';
    settings[field] = number;
  }
  return { settings, errors };
}

/** The 422 errors map by setting name, whether the server names them 'port' or 'settings.port'. */
export function settingErrors(errors: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(errors).map(([key, text]) => [key.replace(/^settings\./, ''), text]),
  );
}
