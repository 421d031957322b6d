import { type Said, say } from '../shared/server-messages.js';

/** An error that becomes an API answer of DESIGN §4's shape. Guards and handlers throw these. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: object,
  ) {
    const message = (body as { message?: unknown }).message;
    super(typeof message === 'string' ? message : `HTTP ${statusCode}`);
  }
}

/** A sentence of an answer: plain English, or one with a code the panel translates (shared/server-messages). */
export type Sentence = string | Said;

/** `{message}`, with `code` and `params` beside it when the sentence has them. */
export const said = (sentence: Sentence): Said | { message: string } =>
  typeof sentence === 'string' ? { message: sentence } : sentence;

export const unauthorized = (sentence: Sentence = say('unauthenticated')) =>
  new ApiError(401, { login: true, ...said(sentence) });

export const forbidden = (sentence: Sentence = say('forbidden')) => new ApiError(403, said(sentence));

export const notFound = (sentence: Sentence = say('not_found')) => new ApiError(404, said(sentence));

export const conflict = (sentence: Sentence) => new ApiError(409, said(sentence));

/**
 * Laravel's `errors` (each field's messages) and, beside them, `codes`: each message's code and
 * values, or null for a sentence that has none yet. `codes` is left out when no message has one.
 */
export function fieldErrors(fields: Record<string, Sentence[]>) {
  const errors: Record<string, string[]> = Object.create(null);
  const codes: Record<string, (Omit<Said, 'message'> | null)[]> = Object.create(null);
  let coded = false;
  for (const [field, sentences] of Object.entries(fields)) {
    errors[field] = sentences.map((sentence) => said(sentence).message);
    codes[field] = sentences.map((sentence) => {
      if (typeof sentence === 'string') return null;
      coded = true;
      return sentence.params ? { code: sentence.code, params: sentence.params } : { code: sentence.code };
    });
  }
  return coded ? { errors, codes } : { errors };
}

/** Laravel's validation shape: a summary (the first field's first sentence) plus sentences per field. */
export function invalidBody(fields: Record<string, Sentence[]>) {
  const first = Object.values(fields)[0]?.[0] ?? say('invalid_data');
  return { ...said(first), ...fieldErrors(fields) };
}

export const invalid = (fields: Record<string, Sentence[]>) => new ApiError(422, invalidBody(fields));

/** Maintenance mode (DESIGN §4): the service is there, but not for this caller now. */
export const underMaintenance = () => new ApiError(503, say('maintenance'));
