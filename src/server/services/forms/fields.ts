import { type TSchema, Type } from '@sinclair/typebox';
import { type Said, say } from '../../../shared/server-messages.js';

/**
 * The pieces request bodies are described with (docs/decisions.md, "Forms by schemas"). Each field's
 * schema carries the spec's sentences for it in `messages`: `required` (missing or blank), one per
 * ajv keyword (`maxLength`, ...), and `invalid` for any other failure. plugins/errors.ts answers
 * with them; a field without `messages` gets ajv's own words.
 */
export interface FieldMessages {
  required?: string | Said;
  invalid?: string | Said;
  [keyword: string]: string | Said | undefined;
}

export const MAX_TITLE = 200;

const required = (label: string) => say('field_required', { field: label });

/** A name the spec requires: not blank, at most MAX_TITLE characters. */
export const Title = (label = 'title', max = MAX_TITLE) =>
  Type.String({
    minLength: 1,
    maxLength: max,
    messages: {
      required: required(label),
      maxLength: say('field_too_long', { field: label, max }),
    },
  });

/** Checkbox values as browsers and the panel send them, in any case; absent means off. */
const CHECKBOX = `^(${['1', 'true', 'on', 'yes', '', '0', 'false', 'off', 'no']
  .map((word) => [...word].map((c) => (/[a-z]/.test(c) ? `[${c}${c.toUpperCase()}]` : c)).join(''))
  .join('|')})$`;

export const Checkbox = (field: string) =>
  Type.Optional(
    Type.String({ pattern: CHECKBOX, messages: { invalid: say('field_not_boolean', { field }) } }),
  );

/** A checkbox's value as the database keeps it. */
export const on = (value: string | undefined) =>
  ['1', 'true', 'on', 'yes'].includes(value?.toLowerCase() ?? '') ? 1 : 0;

/** An id of another item, sent as text; whether that item may be used is the repository's check. */
export const Reference = (label: string) =>
  Type.Integer({
    minimum: 1,
    maximum: 2_147_483_647,
    messages: { required: required(label), invalid: say('field_invalid', { field: label }) },
  });

export const WholeNumber = (label: string, min: number, max: number) =>
  Type.Integer({
    minimum: min,
    maximum: max,
    messages: {
      required: required(label),
      invalid: say('field_whole_number', { field: label, min, max }),
    },
  });

/** A file part of a multipart form (see `binary` above). */
export const File = (description: string) => Type.Optional(Type.String({ format: 'binary', description }));

/** An object of fields; the order of `properties` is the order of the messages in a 422. */
export const Form = <T extends Record<string, TSchema>>(properties: T, description?: string) =>
  Type.Object(properties, description ? { description } : {});

const MAX_LINK = 2000;

export function isWebLink(link: string): boolean {
  if (link.length > MAX_LINK) return false;
  try {
    return ['http:', 'https:'].includes(new URL(link).protocol);
  } catch {
    return false;
  }
}

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?$/;

/** A start time as the browser's date-time field sends it, kept as the band's wall-clock time. */
export function parseStartTime(text: string): string | undefined {
  const match = LOCAL_DATE_TIME.exec(text.trim());
  if (!match) return undefined;
  const [, y, mo, d, h, mi] = match.map(Number);
  const date = new Date(Date.UTC(y, mo - 1, d, h, mi));
  const valid =
    date.getUTCFullYear() === y &&
    date.getUTCMonth() === mo - 1 &&
    date.getUTCDate() === d &&
    h < 24 &&
    mi < 60;
  return valid ? text.trim().slice(0, 16).replace(' ', 'T') : undefined;
}

/**
 * A save's `version` (issue 28, point 1): the version of the record the edit started from; a newer
 * one answers 409 with the record as it is now. Left out, the save is not checked (old clients).
 */
export const VersionField = Type.Optional(
  Type.Integer({
    minimum: 1,
    maximum: 2_147_483_647,
    description: 'The version the edit started from: a newer one answers 409 with the record as it is now.',
    messages: { invalid: say('field_invalid', { field: 'version' }) },
  }),
);
