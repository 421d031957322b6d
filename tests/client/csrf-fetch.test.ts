import { describe, expect, it, vi } from 'vitest';
import { createCsrfFetch } from '../../src/client/providers/csrfFetch';

/** A fake server whose CSRF cookie is `XSRF-TOKEN=<n>` after its n-th cookie fetch. */
function fakeServer(answer: (url: string, token: string | null, n: number) => Response) {
  const calls: { url: string; method: string; token: string | null }[] = [];
  let cookies = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const token = new Headers(init.headers).get('X-XSRF-TOKEN');
      calls.push({ url, method: init.method ?? 'GET', token });
      if (url === '/sanctum/csrf-cookie') {
        cookies += 1;
        document.cookie = `XSRF-TOKEN=token-${cookies}; path=/`;
        return new Response(null, { status: 204 });
      }
      return answer(url, token, calls.length);
    }),
  );
  return calls;
}

const ok = () => new Response('{}', { status: 200 });

describe('createCsrfFetch (Sanctum CSRF, spec §7)', () => {
  it('fetches the cookie once, before the first call, and sends it back as X-XSRF-TOKEN', async () => {
    const calls = fakeServer(ok);
    const csrf = createCsrfFetch();
    await csrf.fetch('/api/one');
    await csrf.fetch('/api/two', { method: 'POST', headers: { Accept: 'application/json' } });
    expect(calls).toEqual([
      { url: '/sanctum/csrf-cookie', method: 'GET', token: null },
      { url: '/api/one', method: 'GET', token: 'token-1' },
      { url: '/api/two', method: 'POST', token: 'token-1' },
    ]);
  });

  it('waits settleMs after the cookie came before the first call', async () => {
    vi.useFakeTimers();
    try {
      const calls = fakeServer(ok);
      const done = createCsrfFetch({ settleMs: 100 }).fetch('/api/one');
      await vi.advanceTimersByTimeAsync(99);
      expect(calls.map((call) => call.url)).toEqual(['/sanctum/csrf-cookie']);
      await vi.advanceTimersByTimeAsync(1);
      await done;
      expect(calls.map((call) => call.url)).toEqual(['/sanctum/csrf-cookie', '/api/one']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('with writesOnly, reads go without a cookie fetch and the first write fetches it', async () => {
    const calls = fakeServer(ok);
    const csrf = createCsrfFetch({ writesOnly: true });
    await csrf.fetch('/api/public/gig/t');
    expect(calls.map((call) => call.url)).toEqual(['/api/public/gig/t']);
    await csrf.fetch('/api/public/gig/t/requests', { method: 'POST' });
    expect(calls.slice(1)).toEqual([
      { url: '/sanctum/csrf-cookie', method: 'GET', token: null },
      { url: '/api/public/gig/t/requests', method: 'POST', token: 'token-1' },
    ]);
  });

  it('on a 419 fetches a new cookie and tries once more with its token', async () => {
    const calls = fakeServer((_, token) =>
      token === 'token-2' ? ok() : new Response('{"message":"CSRF token mismatch."}', { status: 419 }),
    );
    const response = await createCsrfFetch().fetch('/api/save', { method: 'POST', body: 'x' });
    expect(response.status).toBe(200);
    expect(calls).toEqual([
      { url: '/sanctum/csrf-cookie', method: 'GET', token: null },
      { url: '/api/save', method: 'POST', token: 'token-1' },
      { url: '/sanctum/csrf-cookie', method: 'GET', token: null },
      { url: '/api/save', method: 'POST', token: 'token-2' },
    ]);
  });

  it('answers a second 419 as it came: it tries once more, not again and again', async () => {
    const calls = fakeServer(() => new Response('{}', { status: 419 }));
    const response = await createCsrfFetch().fetch('/api/save', { method: 'POST' });
    expect(response.status).toBe(419);
    expect(calls.filter((call) => call.url === '/api/save')).toHaveLength(2);
  });

  it('fetches the cookie again after a failed cookie fetch (a weak signal)', async () => {
    let first = true;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url === '/sanctum/csrf-cookie' && first) {
          first = false;
          throw new TypeError('Failed to fetch');
        }
        return new Response(null, { status: 204 });
      }),
    );
    const csrf = createCsrfFetch();
    await expect(csrf.fetch('/api/one')).rejects.toThrow('Failed to fetch');
    await expect(csrf.fetch('/api/one')).resolves.toHaveProperty('status', 204);
  });
});
