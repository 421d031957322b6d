import { i18nProvider } from '../i18n';

type Params = Record<string, string | number>;
type Translate = (key: string, options?: Record<string, unknown>) => string;
export interface Coded {
  code: string;
  params?: Params;
}
/** An answer of the server (DESIGN §4), with its codes (shared/server-messages.ts). */
export interface ServerAnswer {
  message?: string;
  code?: string;
  params?: Params;
  errors?: Record<string, string[]>;
  codes?: Record<string, (Coded | null)[]>;
}

/**
 * One sentence of the server in the panel's language (a screen passes useTranslate's function, so
 * it says it again when the language changes); its English where the panel has no word for it.
 */
export function sayInReadersLanguage(
  { code, params = {} }: Coded,
  english: string,
  translate: Translate = i18nProvider.translate,
): string {
  const field = typeof params.field === 'string' ? params.field : undefined;
  return translate(`server.${code}`, {
    ...params,
    ...(field ? { field: translate(`server_fields.${field}`, { _: field }) } : {}),
    _: english,
  });
}

/**
 * The answer with its message and its fields' messages in the panel's language (issue 26): the
 * panel translates by code, so an English message stays exact for the spec and API clients.
 */
export function inReadersLanguage<T>(answer: T): T {
  const body = answer as ServerAnswer | null;
  if (!body || typeof body !== 'object') return answer;
  const out: ServerAnswer = { ...body };
  if (body.code && typeof body.message === 'string')
    out.message = sayInReadersLanguage({ code: body.code, params: body.params }, body.message);
  if (body.errors && body.codes) {
    const codes = body.codes;
    out.errors = Object.fromEntries(
      Object.entries(body.errors).map(([field, messages]) => [
        field,
        messages.map((message, i) => {
          const coded = codes[field]?.[i];
          return coded ? sayInReadersLanguage(coded, message) : message;
        }),
      ]),
    );
  }
  return out as T;
}
