/** Issue 26, point 1: every sentence the panel shows comes with a stable code beside its English. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type MessageCode, SERVER_MESSAGES, say } from '../../src/shared/server-messages.js';
import { ADMIN, buildTestApp, call, createBand, createUser, login, type TestApp } from './helpers.js';
import { catalogue } from './fixtures-gigs.js';
import { postForm, seedPeople, type Who } from './fixtures.js';

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

/**
 * The answer's sentence is the code's English with its values: the code is there, and the panel's
 * translation of it says what the English says.
 */
function expectSaid(
  response: { statusCode: number; json: () => unknown },
  status: number,
  code: MessageCode,
) {
  const body = response.json() as { message: string; code?: MessageCode; params?: Record<string, string> };
  expect(response.statusCode, body.message).toBe(status);
  expect(body.code, body.message).toBe(code);
  expect(say(code, body.params).message).toBe(body.message);
  return body;
}

describe('every refusal of the panel’s routes has its code', () => {
  it('missing items, other bands’ items, viewers, and the rules of deleting', async () => {
    const people = await seedPeople(t.app);
    const c = catalogue(t.app, people);
    const as = (who: Who) => ({ token: people.tokens[who] });
    const get = (url: string, who: Who = 'owner') => call(t.app, 'GET', url, as(who));
    const performer = await c.addPerformer('Bajaga', { visible: true });
    const song = await c.addSong('Tamara', performer, { visible: true });
    const playlist = await c.addPlaylist('Petak', { visible: true });
    for (const [name, code] of [
      ['song', 'song_not_found'],
      ['performer', 'performer_not_found'],
      ['playlist', 'playlist_not_found'],
      ['gig', 'gig_not_found'],
    ] as const) {
      expectSaid(await get(`/api/admin/${name}/999999`), 404, code);
    }
    expectSaid(await get('/api/admin/song/999999/delete'), 404, 'song_not_found');
    expectSaid(await get(`/api/admin/song/${song}/delete`, 'outsider'), 403, 'song_not_yours');
    expectSaid(await get(`/api/admin/performer/${performer}/delete`, 'outsider'), 403, 'performer_not_yours');
    expectSaid(await get(`/api/admin/playlist/${playlist}/delete`, 'outsider'), 403, 'playlist_not_yours');
    const addSongs = { ...as('outsider'), body: { ids: [song] } };
    expectSaid(
      await call(t.app, 'POST', `/api/admin/playlist/${playlist}/add-songs`, addSongs),
      403,
      'playlist_not_yours',
    );
    expectSaid(
      await call(t.app, 'POST', '/api/admin/playlist/999999/add-songs', addSongs),
      404,
      'playlist_not_found',
    );
    const gig = await c.addGig({
      title: 'Subota',
      lokacija: 'Klub',
      status: '1',
      razmakpesme: '1',
      razmakvreme: '2',
      starttime: '2026-11-28T21:00',
      playlista: String(playlist),
    });
    expectSaid(await get(`/api/admin/gig/${gig}/delete`, 'outsider'), 404, 'gig_not_found');
    const busy = expectSaid(
      await get(`/api/admin/playlist/${playlist}/delete`),
      409,
      'playlist_in_active_gig',
    );
    expect(busy.params).toEqual({ gig: 'Subota' });
    expectSaid(await get(`/api/admin/playlist/${playlist}/delete`, 'admin'), 409, 'playlist_in_active_gig');

    expectSaid(await get(`/api/admin/band/${people.bandB}/link`), 403, 'band_link_other');
    expectSaid(await get('/api/admin/band/999999/link', 'admin'), 404, 'band_not_found');
    const release = (slug: string) =>
      call(t.app, 'POST', `/api/admin/band-slugs/${slug}/release`, as('admin'));
    expectSaid(await release('never-used'), 404, 'slug_never_used');
    const bandA = (await get(`/api/admin/band/${people.bandA}/link`)).json();
    const held = expectSaid(await release(bandA.slug), 409, 'slug_in_use');
    expect(held.params).toEqual({ band: 'Band A' });

    expectSaid(
      await call(t.app, 'DELETE', '/api/admin/deleteband/999999', as('admin')),
      404,
      'band_not_found',
    );
    const owns = expectSaid(
      await call(t.app, 'DELETE', `/api/admin/deleteband/${people.bandA}`, as('admin')),
      409,
      'band_owns',
    );
    expect(owns.params).toMatchObject({ band: 'Band A', songs: 1, performers: 1, playlists: 1, gigs: 1 });
    expectSaid(
      await call(t.app, 'POST', `/api/admin/band/${people.bandA}/remove-user/999999`, as('admin')),
      404,
      'user_not_in_band',
    );
    expectSaid(await get('/api/admin/user/999999/delete', 'admin'), 404, 'user_not_found');
    const me = (await get('/api/user', 'admin')).json();
    expectSaid(await get(`/api/admin/user/${me.id}/delete`, 'admin'), 409, 'last_admin_deleted');
    const demote = { ...as('admin'), body: { role: 'viewer' } };
    expectSaid(
      await call(t.app, 'POST', `/api/admin/users/${me.id}/role`, demote),
      409,
      'last_admin_demoted',
    );
  });
});
