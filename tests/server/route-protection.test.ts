import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeAccess } from '../../src/server/plugins/auth.js';
import { ADMIN, buildTestApp, call, login, type TestApp } from './helpers.js';

let t: TestApp;
let adminToken: string;
const CSRF = { cookie: 'XSRF-TOKEN=abc', 'x-xsrf-token': 'abc' };

beforeAll(async () => {
  t = await buildTestApp();
  adminToken = await login(t.app, ADMIN.email, ADMIN.password);
});
afterAll(() => t.close());

/** Every API operation of the OpenAPI document, with its path parameters filled in. */
function apiOperations() {
  const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.keys(operations)
      .filter((method) => ['get', 'post', 'put', 'delete'].includes(method))
      .map((method) => ({
        method: method.toUpperCase() as 'GET' | 'POST' | 'PUT' | 'DELETE',
        url: path.replace(/\{(\w+)\}/g, (_, name: string) => (name === 'token' ? 'a'.repeat(32) : '1')),
      })),
  );
}

describe('closed by default: decided by the matched route', () => {
  it('every API route except sign-in and the audience API refuses a caller without a token', async () => {
    const operations = apiOperations();
    expect(operations.length).toBeGreaterThan(40);
    for (const { method, url } of operations) {
      // The live event stream is the audience's too (the websocket's fallback): open, like /api/public.
      if (url === '/api/login' || url.startsWith('/api/public/') || url.startsWith('/api/live/')) continue;
      const response = await call(t.app, method, url);
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json().login, `${method} ${url}`).toBe(true);
    }
  });

  it('a route under /api that declares nothing needs a signed-in user; elsewhere it is public', () => {
    const request = (url: string | undefined, config: object = {}) =>
      ({ routeOptions: { url, config } }) as Parameters<typeof routeAccess>[0];
    expect(routeAccess(request('/api/admin/something-new'))).toBe('signed-in');
    expect(routeAccess(request('/api/admin/x', { access: ['admin'] }))).toEqual(['admin']);
    expect(routeAccess(request('/api/login', { access: 'public' }))).toBe('public');
    expect(routeAccess(request('/admin/*'))).toBe('public');
  });

  it('an encoded path is the same route: no CSRF token, no way in', async () => {
    const noCsrf = await t.app.inject({
      method: 'POST',
      url: '/%61pi/admin/clear-logs',
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(noCsrf.statusCode).toBe(419);
    const noToken = await t.app.inject({ method: 'POST', url: '/%61pi/admin/clear-logs', headers: CSRF });
    expect(noToken.statusCode).toBe(401);
    const read = await t.app.inject({ method: 'GET', url: '/%61pi/admin/users' });
    expect(read.statusCode).toBe(401);
  });

  it('the audience API and sign-in stay open, and still need the CSRF token to write', async () => {
    expect((await call(t.app, 'GET', `/api/public/gig/${'a'.repeat(32)}`)).statusCode).toBe(404);
    const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: ADMIN });
    expect(login.statusCode).toBe(419);
  });
});

describe('a malformed CSRF header', () => {
  it.each(['%', '%E0%A4%A', '%zz'])('X-XSRF-TOKEN: %s answers 419, not 500', async (header) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/clear-logs',
      headers: { authorization: `Bearer ${adminToken}`, cookie: 'XSRF-TOKEN=abc', 'x-xsrf-token': header },
    });
    expect(response.statusCode).toBe(419);
    expect(response.json()).toMatchObject({ message: 'CSRF token mismatch.' });
  });

  it('a URL-encoded header that decodes to the cookie matches (Laravel encodes its cookie)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/clear-logs',
      headers: { authorization: `Bearer ${adminToken}`, cookie: 'XSRF-TOKEN=a+b', 'x-xsrf-token': 'a%2Bb' },
    });
    expect(response.statusCode).toBe(200);
  });
});

describe("Fastify's own errors have the API's error shape", () => {
  it.each(['/api/%', '/api/admin/song/%E0%A4%A', '/admin/%'])('GET %s', async (url) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: 'The address is not valid.' });
  });

  it('a request the HTTP parser rejects gets {message} and the server goes on', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = Number(new URL(address).port);
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = net.connect(port, '127.0.0.1', () =>
        socket.write('GET / HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n'),
      );
      let text = '';
      socket.on('data', (chunk) => (text += chunk));
      socket.on('close', () => resolve(text));
      socket.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 400/);
    expect(JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4))).toMatchObject({
      message: 'The request is not valid HTTP.',
    });
    expect((await fetch(`${address}/api/user`)).status).toBe(401);
  });
});
