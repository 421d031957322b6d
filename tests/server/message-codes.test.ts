/** Issue 26, point 1: every sentence the panel shows comes with a stable code beside its English. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SERVER_MESSAGES, say } from '../../src/shared/server-messages.js';
import { ADMIN, buildTestApp, call, createBand, createUser, login, type TestApp } from './helpers.js';
import { postForm } from './fixtures.js';

let t: TestApp;
let admin: string;

beforeEach(async () => {
  t = await buildTestApp();
  admin = await login(t.app, ADMIN.email, ADMIN.password);
});
afterEach(() => t.close());

describe('say', () => {
  it('fills each value into the English sentence and keeps the code and values', () => {
    expect(say('live_running', { connections: 3, max: 100 })).toEqual({
      code: 'live_running',
      message: 'Running: 3 of 100 connections.',
      params: { connections: 3, max: 100 },
    });
    expect(say('invalid_login')).toEqual({ code: 'invalid_login', message: 'Invalid email or password.' });
  });

  it('keeps the spec’s English sentences as the spec gives them', () => {
    expect(SERVER_MESSAGES.invalid_login).toBe('Invalid email or password.');
    expect(SERVER_MESSAGES.email_taken).toBe('The email has already been taken.');
    expect(SERVER_MESSAGES.csrf_mismatch).toBe('CSRF token mismatch.');
  });
});

describe('answers with codes', () => {
  it('a refused sign-in', async () => {
    await createUser(t.app, { email: 'someone@test.local', role: 'viewer' });
    const response = await call(t.app, 'POST', '/api/login', {
      body: { email: 'someone@test.local', password: 'wrong-password' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({
      success: false,
      code: 'invalid_login',
      message: 'Invalid email or password.',
    });
  });

  it('a taken e-mail address, beside the field’s message', async () => {
    const body = { name: 'Twin', email: 'twin@test.local', password: 'password-123', role: 'viewer' };
    expect((await call(t.app, 'POST', '/api/admin/adduser', { token: admin, body })).statusCode).toBe(200);
    const again = await call(t.app, 'POST', '/api/admin/adduser', { token: admin, body });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({
      code: 'email_taken',
      message: 'The email has already been taken.',
      errors: { email: ['The email has already been taken.'] },
      codes: { email: [{ code: 'email_taken' }] },
    });
  });

  it('a form’s field rules, with the field named in the values', async () => {
    const bandId = await createBand(t.app, 'Kafana');
    const user = await createUser(t.app, { email: 'ba@test.local', role: 'band_admin', bandId });
    const token = await login(t.app, user.email, user.password);
    const response = await postForm(
      t.app,
      '/api/admin/addsong',
      { naziv: '', resursi: 'ftp://x' },
      { token },
    );
    expect(response.statusCode).toBe(422);
    const answer = response.json();
    expect(answer.errors.resursi).toEqual(['The resource link must be an http:// or https:// address.']);
    expect(answer.codes.resursi).toEqual([{ code: 'resource_link' }]);
    const [title] = Object.keys(answer.errors);
    expect(answer.codes[title][0].code).toBe('field_required');
    expect(answer.errors[title][0]).toBe(
      SERVER_MESSAGES.field_required.replace('%{field}', answer.codes[title][0].params.field),
    );
  });

  it('the errors every route shares: no token, no such address, bad JSON', async () => {
    const anonymous = await call(t.app, 'GET', '/api/admin/songs');
    expect(anonymous.json()).toEqual({ login: true, code: 'unauthenticated', message: 'Unauthenticated.' });
    const nowhere = await call(t.app, 'GET', '/api/nowhere', { token: admin });
    expect(nowhere.json()).toMatchObject({
      code: 'no_such_address',
      params: { method: 'GET', path: '/api/nowhere' },
    });
    const csrf = await call(t.app, 'POST', '/api/admin/adduser', { token: admin, body: {}, csrf: false });
    expect(csrf.json()).toEqual({ code: 'csrf_mismatch', message: 'CSRF token mismatch.' });
  });

  it('System Status’ lines', async () => {
    const response = await call(t.app, 'GET', '/api/admin/system-status', { token: admin });
    const { websocket, database, redis } = response.json().status;
    expect(websocket).toMatchObject({ code: 'live_running', params: { connections: 0 } });
    expect(websocket.message).toBe(`Running: 0 of ${websocket.params.max} connections.`);
    expect(database.code).toMatch(/^database_(answered|slow)$/);
    expect(redis).toMatchObject({ code: 'not_configured', message: 'Not configured' });
  });
});
