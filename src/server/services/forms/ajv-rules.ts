import type { Said } from '../../../shared/server-messages.js';
import type { FastifyServerOptions } from 'fastify';
import { isWebLink, parseStartTime } from './fields.js';
import { songsProblem } from './playlist-form.js';
import { isChartSize, isSongKey, parseDuration, parseTempo } from '../../../shared/song-sheet.js';

type Ajv = Parameters<NonNullable<NonNullable<FastifyServerOptions['ajv']>['onCreate']>>[0];

interface SentenceCheck {
  (name: string, text: string): boolean;
  errors?: { keyword: string; message: string; params: { sentence: Said } }[];
}

/** Checks of a text field that name the problem in their own sentence (a format only says no). */
const CHECKS: Record<string, (text: string) => Said | undefined> = {
  'playlist-songs': songsProblem,
};

/**
 * Fastify's `ajv.onCreate`: teaches its ajv the `messages` annotation of fields.ts, the formats
 * the forms use, and `check`, whose failures carry their sentence in `params.sentence`.
 */
export function formRules(ajv: Ajv) {
  const check: SentenceCheck = (name, text) => {
    const sentence = CHECKS[name]?.(text);
    check.errors = sentence
      ? [{ keyword: 'check', message: sentence.message, params: { sentence } }]
      : undefined;
    return sentence === undefined;
  };
  ajv.addKeyword({ keyword: 'messages', schemaType: 'object' });
  // A file part: kept aside by the uploads plugin (checked there by content), named here for the docs.
  ajv.addFormat('binary', () => true);
  ajv.addFormat('local-date-time', (text: string) => parseStartTime(text) !== undefined);
  ajv.addFormat('web-link', isWebLink);
  ajv.addFormat('song-key', isSongKey);
  ajv.addFormat('tempo', (text: string) => parseTempo(text) !== undefined);
  ajv.addFormat('duration', (text: string) => parseDuration(text) !== undefined);
  ajv.addFormat('chord-chart', isChartSize);
  ajv.addKeyword({
    keyword: 'check',
    type: 'string',
    schemaType: 'string',
    errors: true,
    validate: check,
  });
}
