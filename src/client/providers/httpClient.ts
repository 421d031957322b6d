import { HttpError } from 'react-admin';
import { CSRF_WAIT_MS } from '../../shared/constants';
import { createCsrfFetch } from './csrfFetch';
import { reportMaintenance } from './maintenance';
import { i18nProvider } from '../i18n';
import { inReadersLanguage } from './readersLanguage';
import { getStoredUser } from './userStore';

interface HttpResponse<T = unknown> {
  status: number;
  json: T;
}

export type HttpClient = <T = unknown>(url: string, init?: HttpInit) => Promise<HttpResponse<T>>;

export interface HttpInit {
  method?: string;
  /** A FormData goes as multipart; anything else is sent as JSON. */
  body?: unknown;
  /** Read a successful answer as a Blob (images) instead of JSON. */
  as?: 'blob';
}

/** Spec §7: GET /sanctum/csrf-cookie before the first call, then a 100 ms wait. */
const csrf = createCsrfFetch({ settleMs: CSRF_WAIT_MS });

/** Forget the cookie fetch, as a new page load would (client tests start every test like one). */
export const forgetCsrf = csrf.forget;

function send(url: string, init: HttpInit): Promise<Response> {
  const headers = new Headers({ Accept: 'application/json' });
  const bearer = getStoredUser()?.token;
  if (bearer) headers.set('Authorization', `Bearer ${bearer}`);
  let body: BodyInit | undefined;
  if (init.body instanceof FormData) body = init.body;
  else if (init.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(init.body);
  }
  return csrf.fetch(url, { method: init.method ?? 'GET', headers, body });
}

/**
 * Every API call of the panel: CSRF cookie first (csrfFetch.ts), then the bearer token, cookies
 * and JSON accept headers. A non-2xx answer becomes react-admin's HttpError carrying the server's
 * message and body, so that authProvider.checkError can sign out on 401 and 403.
 */
export const httpClient: HttpClient = async <T>(url: string, init: HttpInit = {}) => {
  let response: Response;
  try {
    response = await send(url, init);
  } catch (error) {
    // No answer at all: the panel's own words, not the browser's "Failed to fetch".
    if (error instanceof TypeError) throw new Error(i18nProvider.translate('shell.network_error'));
    throw error;
  }
  if (response.ok && init.as === 'blob')
    return { status: response.status, json: (await response.blob()) as T };
  const text = await response.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  // A refusal is said in the panel's language (its code); a success's data stays as sent.
  if (!response.ok) json = inReadersLanguage(json);
  const serverMessage = (json as { message?: string } | null)?.message;
  // 503 is maintenance mode refusing a signed-in non-admin: the panel shows its message as a banner.
  reportMaintenance(response.status === 503 && getStoredUser() ? (serverMessage ?? null) : null);
  if (!response.ok) {
    // No words from the server (a proxy's error page): react-admin's own, in the panel's language.
    const message = serverMessage ?? 'ra.notification.http_error';
    throw new HttpError(message, response.status, json);
  }
  return { status: response.status, json: json as T };
};
