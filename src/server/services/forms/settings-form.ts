import { LOG_LEVELS, type LogLevel, type SystemSettings } from '../../../shared/constants.js';
import { FormErrors } from './item-form.js';

type Rule = (value: unknown, errors: FormErrors, field: string) => unknown;

const integer =
  (label: string, min: number, max: number): Rule =>
  (value, errors, field) => {
    // Forms may send numbers as text ("3001"); anything else that is not a whole number is refused.
    const n = typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : value;
    if (typeof n !== 'number' || !Number.isInteger(n) || n < min || n > max) {
      errors.add(field, `The ${label} must be a whole number from ${min} to ${max}.`);
      return undefined;
    }
    return n;
  };

const boolean =
  (label: string): Rule =>
  (value, errors, field) => {
    if (typeof value === 'boolean') return value;
    if (value === 1 || value === '1' || value === 'true') return true;
    if (value === 0 || value === '0' || value === 'false') return false;
    errors.add(field, `The ${label} must be true or false.`);
    return undefined;
  };

const HOST = /^[A-Za-z0-9.:_-]{1,253}$/;

const RULES: Record<keyof SystemSettings, Rule> = {
  websocket_port: integer('WebSocket port', 1, 65535),
  websocket_host: (value, errors, field) => {
    const host = typeof value === 'string' ? value.trim() : '';
    if (!HOST.test(host)) {
      errors.add(
        field,
        'The WebSocket host must be a host name or an IP address, such as 127.0.0.1 or 0.0.0.0.',
      );
      return undefined;
    }
    return host;
  },
  max_concurrent_connections: integer('maximum number of connections', 1, 100_000),
  session_timeout: integer('session timeout', 1, 525_600),
  auto_backup_enabled: boolean('automatic backup switch'),
  backup_frequency: integer('backup frequency', 1, 8_760),
  log_level: (value, errors, field) => {
    if (LOG_LEVELS.includes(value as LogLevel)) return value;
    errors.add(field, `The log level must be one of ${LOG_LEVELS.join(', ')}.`);
    return undefined;
  },
  max_log_file_size: integer('maximum log file size', 1, 1024),
  enable_notifications: boolean('notifications switch'),
  maintenance_mode: boolean('maintenance mode switch'),
};

/** Checks the settings a form sent (spec §3, §9): every field named is known and valid, or 422. */
export function validateSettings(input: Record<string, unknown>): Partial<SystemSettings> {
  const errors = new FormErrors();
  const values: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(input)) {
    if (!Object.hasOwn(RULES, field)) errors.add(field, `There is no setting called ${field}.`);
    else values[field] = RULES[field as keyof SystemSettings](value, errors, field);
  }
  errors.throwIfAny();
  return values as Partial<SystemSettings>;
}
