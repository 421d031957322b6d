/**
 * Sanctum's CSRF handshake (spec §7), for the panel and the audience page alike: GET
 * /sanctum/csrf-cookie before the first call, send the XSRF-TOKEN cookie back as X-XSRF-TOKEN, and on
 * a 419 (the cookie expired or was cleared) fetch a new cookie and try once more. It imports nothing,
 * so that the audience page's small bundle can use it without react-admin.
 */

interface CsrfOptions {
  /** How long to wait after the cookie came (spec §7: the panel waits 100 ms). */
  settleMs?: number;
  /** Fetch the cookie only before a write: the audience page reads without one. */
  writesOnly?: boolean;
}

function csrfToken(): string | undefined {
  const meta = document.querySelector<HTMLMetaElement>('meta[name="csrf-token"]')?.content;
  if (meta) return meta;
  const match = document.cookie.match(/(?:^|;\s*)XSRF-TOKEN=([^;]*)/);
  return match ? decodeURIComponent(match[1]) : undefined;
}

const isWrite = (method = 'GET') => !['GET', 'HEAD'].includes(method.toUpperCase());

export function createCsrfFetch({ settleMs = 0, writesOnly = false }: CsrfOptions = {}) {
  let ready: Promise<void> | undefined;

  /** The cookie, fetched once; a failure (a weak signal) or an expired cookie fetches it again. */
  const cookie = (again = false) => {
    if (again || !ready) {
      ready = fetch('/sanctum/csrf-cookie', { credentials: 'include' })
        .then(() => (settleMs ? new Promise<void>((resolve) => setTimeout(resolve, settleMs)) : undefined))
        .catch((error: unknown) => {
          ready = undefined;
          throw error;
        });
    }
    return ready;
  };

  /** The token is read at each try: a retry carries the new cookie's. */
  const send = (url: string, init: RequestInit) => {
    const headers = new Headers(init.headers);
    const token = csrfToken();
    if (token) headers.set('X-XSRF-TOKEN', token);
    return fetch(url, { ...init, headers, credentials: 'include' });
  };

  return {
    async fetch(url: string, init: RequestInit = {}): Promise<Response> {
      if (!writesOnly || isWrite(init.method)) await cookie();
      const response = await send(url, init);
      if (response.status !== 419) return response;
      await cookie(true);
      return send(url, init);
    },
    /** Forgets the cookie fetch, as a new page load would (client tests start every test like one). */
    forget() {
      ready = undefined;
    },
  };
}
