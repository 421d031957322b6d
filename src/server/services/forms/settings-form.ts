import { say } from '../../../shared/server-messages.js';
import { type TSchema, Type } from '@sinclair/typebox';
import { Ajv } from 'ajv';
import type { FastifySchemaCompiler } from 'fastify';
import { LOG_LEVELS } from '../../../shared/constants.js';
import { formRules } from './ajv-rules.js';
import { WholeNumber } from './fields.js';

const Switch = (label: string) =>
  Type.Boolean({
    messages: {
      required: say('setting_switch', { field: label }),
      invalid: say('setting_switch', { field: label }),
    },
  });

const HOST = '^[A-Za-z0-9.:_-]{1,253}$';
const HOST_MESSAGE = say('websocket_host');
const LEVEL_MESSAGE = say('log_level', { levels: LOG_LEVELS.join(', ') });

const FIELDS = {
  websocket_port: WholeNumber('WebSocket port', 1, 65535),
  websocket_host: Type.String({ pattern: HOST, messages: { required: HOST_MESSAGE, invalid: HOST_MESSAGE } }),
  max_concurrent_connections: WholeNumber('maximum number of connections', 1, 100_000),
  session_timeout: WholeNumber('session timeout', 1, 525_600),
  auto_backup_enabled: Switch('automatic backup switch'),
  backup_frequency: WholeNumber('backup frequency', 1, 8_760),
  log_level: Type.Union(
    LOG_LEVELS.map((level) => Type.Literal(level)),
    { messages: { required: LEVEL_MESSAGE, invalid: LEVEL_MESSAGE } },
  ),
  max_log_file_size: WholeNumber('maximum log file size', 1, 1024),
  enable_notifications: Switch('notifications switch'),
  maintenance_mode: Switch('maintenance mode switch'),
};

/**
 * The settings a save names (spec §3, §9); fields left out keep their value. Validated without
 * ajv's type coercion (settingsValidator), which would take `true` or `[3001]` for a port: the
 * forms' own ways of writing a value (text numbers, "1"/"0") are read first by settingsFromForm.
 */
export const SettingsForm = Type.Partial(Type.Object(FIELDS), {
  additionalProperties: false,
  messages: { unknown: 'setting_unknown' },
});

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function fromForm(schema: TSchema, value: unknown): unknown {
  if (schema.type === 'integer' && typeof value === 'string' && /^\s*-?\d+\s*$/.test(value))
    return Number(value);
  if (schema.type === 'boolean') {
    if (value === 1 || value === '1' || value === 'true') return true;
    if (value === 0 || value === '0' || value === 'false') return false;
  }
  if (schema.type === 'string' && typeof value === 'string') return value.trim();
  return value;
}

/**
 * The route's preValidation: the body is `{settings: {...}}` or the settings themselves, and each
 * value as a form may write it becomes the JSON value the schema describes.
 */
export function settingsFromForm(body: unknown): unknown {
  if (!isObject(body)) return body;
  const fields = isObject(body.settings) ? body.settings : body;
  // No prototype: a field named like an Object method ("toString") is just an unknown setting.
  const values: Record<string, unknown> = Object.create(null);
  for (const [field, value] of Object.entries(fields)) {
    values[field] = Object.hasOwn(FIELDS, field)
      ? fromForm(FIELDS[field as keyof typeof FIELDS], value)
      : value;
  }
  return values;
}

const strict = new Ajv({ allErrors: true, coerceTypes: false, removeAdditional: false, useDefaults: false });
formRules(strict);

/** A route's validator without coercion, for JSON bodies whose types must be what they say. */
export const settingsValidator: FastifySchemaCompiler<unknown> = ({ schema }) =>
  strict.compile(schema as object);
