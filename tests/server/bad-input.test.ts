import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, buildTestApp, login, type TestApp } from './helpers.js';

let t: TestApp;
let token: string;
const csrf = { cookie: 'XSRF-TOKEN=abc', 'x-xsrf-token': 'abc' };

beforeAll(async () => {
  t = await buildTestApp();
  token = await login(t.app, ADMIN.email, ADMIN.password);
});
afterAll(() => t.close());

function expectClientError(response: { statusCode: number; body: string }, status: number) {
  expect(response.statusCode).toBe(status);
  const body = JSON.parse(response.body);
  expect(typeof body.message).toBe('string');
  expect(response.body).not.toMatch(/at .*\.(ts|js):\d+/);
  expect(body).not.toHaveProperty('stack');
}

describe('malformed requests get 4xx in the API error shape', () => {
  it('malformed JSON', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { ...csrf, 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expectClientError(response, 400);
  });

  it('an empty JSON body', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { ...csrf, 'content-type': 'application/json' },
      payload: '',
    });
    expectClientError(response, 400);
  });

  it('a body that is not an object', async () => {
    for (const payload of ['[1,2]', '"text"', 'null', '42']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/login',
        headers: { ...csrf, 'content-type': 'application/json' },
        payload,
      });
      expect(response.statusCode, payload).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, payload).toBeLessThan(500);
    }
  });

  it('a missing body', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/login', headers: csrf });
    expectClientError(response, 422);
    expect(JSON.parse(response.body).errors).toBeDefined();
  });

  it('an unsupported content type', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { ...csrf, 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expectClientError(response, 415);
  });

  it('an oversized body', async () => {
    const payload = JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(2 * 1024 * 1024) });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { ...csrf, 'content-type': 'application/json' },
      payload,
    });
    expectClientError(response, 413);
  });

  it('over-long fields', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { ...csrf, 'content-type': 'application/json' },
      payload: { email: `${'a'.repeat(300)}@b.c`, password: 'x' },
    });
    expectClientError(response, 422);
  });

  it('an unknown /api path', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/no-such-thing',
      headers: { authorization: `Bearer ${token}` },
    });
    expectClientError(response, 404);
  });

  it('a bad or malformed token', async () => {
    for (const authorization of ['Bearer', 'Bearer a b', 'Bearer ' + 'x'.repeat(5000), 'Token abc']) {
      const response = await t.app.inject({ method: 'GET', url: '/api/user', headers: { authorization } });
      expectClientError(response, 401);
    }
  });
});
