/** Issue 26, point 1: every sentence the panel shows comes with a stable code beside its English. */
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, onTestFinished } from 'vitest';
import { type MessageCode, SERVER_MESSAGES, say } from '../../src/shared/server-messages.js';
import { ADMIN, buildTestApp, call, createBand, createUser, login, type TestApp } from './helpers.js';
import { catalogue } from './fixtures-gigs.js';
import { audience, bandPage, buildLiveApp, device, gigScene } from './live-gig-fixtures.js';
import { expectInvalid, png, postForm, seedPeople, text, upload, type Who } from './fixtures.js';

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

/** The codes of a 422's fields (expectInvalid checks each says its message). */
function codesOf(response: { statusCode: number; json: () => unknown }, fields: string[]) {
  expectInvalid(response, fields);
  const { codes } = response.json() as { codes: Record<string, { code: MessageCode }[]> };
  return Object.fromEntries(fields.map((field) => [field, codes[field].map(({ code }) => code)]));
}

describe('every field’s sentence has its code', () => {
  it('the forms’ rules and the items they name', async () => {
    const people = await seedPeople(t.app);
    const c = catalogue(t.app, people);
    const as = (who: Who) => ({ token: people.tokens[who] });
    const form = (
      url: string,
      fields: Record<string, string | ReturnType<typeof upload>>,
      who: Who = 'owner',
    ) => postForm(t.app, url, fields, { token: people.tokens[who] });
    const json = (url: string, body: object, who: Who = 'admin') =>
      call(t.app, 'POST', url, { token: people.tokens[who], body });

    expect(
      codesOf(await form('/api/admin/addsong', { title: 'X', performer: '999999' }), ['performer']),
    ).toEqual({ performer: ['performer_missing'] });
    expect(codesOf(await form('/api/admin/addperformer', { title: 'X' }, 'bandless'), ['band'])).toEqual({
      band: ['needs_band'],
    });
    const picture = upload(text(), 'picture.png', 'image/png');
    expect(codesOf(await form('/api/admin/addperformer', { title: 'X', picture }), ['picture'])).toEqual({
      picture: ['picture_kind'],
    });
    const gig = {
      title: 'Petak',
      lokacija: 'Klub',
      razmakpesme: '1',
      razmakvreme: '2',
      starttime: 'sutra',
      playlista: '999999',
    };
    expect(codesOf(await form('/api/admin/addgig', gig), ['starttime'])).toEqual({
      starttime: ['start_time_invalid'],
    });
    gig.starttime = '2026-11-28T21:00';
    expect(codesOf(await form('/api/admin/addgig', gig), ['playlista'])).toEqual({
      playlista: ['playlist_missing'],
    });
    const playlist = await c.addPlaylist('Subota');
    const songs = (value: string) =>
      form(`/api/admin/playlist/${playlist}/update`, { title: 'Subota', songs: value });
    expect(codesOf(await songs('x'), ['songs'])).toEqual({ songs: ['playlist_pair'] });
    expect(codesOf(await songs('5,1;5,2'), ['songs'])).toEqual({ songs: ['playlist_song_twice'] });
    expect(codesOf(await songs('999999,1'), ['songs'])).toEqual({ songs: ['songs_refused'] });

    const user = { name: 'Ana', email: 'nije-adresa', password: 'kratka', role: 'boss', band_id: 999999 };
    expect(codesOf(await json('/api/admin/adduser', user), ['email', 'password', 'role'])).toEqual({
      email: ['email_invalid'],
      password: ['password_too_short'],
      role: ['role_rule'],
    });
    const fine = { ...user, email: 'ana@test.local', password: 'password-123', role: 'viewer' };
    expect(codesOf(await json('/api/admin/adduser', fine), ['band_id'])).toEqual({
      band_id: ['band_missing'],
    });

    const band = (fields: Record<string, string>) => form('/api/admin/addband', fields, 'admin');
    expect(codesOf(await band({ naziv: 'Nova', slug: 'a' }), ['slug'])).toEqual({ slug: ['slug_rule'] });
    expect(codesOf(await band({ naziv: 'Band A' }), ['naziv'])).toEqual({ naziv: ['band_name_taken'] });
    const { slug } = (await call(t.app, 'GET', `/api/admin/band/${people.bandA}/link`, as('admin'))).json();
    expect(codesOf(await band({ naziv: 'Nova', slug }), ['slug'])).toEqual({ slug: ['slug_taken'] });

    const settings = {
      websocket_host: 'a b',
      auto_backup_enabled: 'maybe',
      log_level: 'loud',
      websocket_port: '0',
      nope: 1,
    };
    expect(
      codesOf(await json('/api/admin/system-settings', settings), [
        'websocket_host',
        'auto_backup_enabled',
        'log_level',
        'websocket_port',
        'nope',
      ]),
    ).toEqual({
      websocket_host: ['websocket_host'],
      auto_backup_enabled: ['setting_switch'],
      log_level: ['log_level'],
      websocket_port: ['field_whole_number'],
      nope: ['setting_unknown'],
    });
  });
});

describe('an imported file’s refusals and skipped rows have codes', () => {
  it('no file, an empty one, one without its header row, and the reasons of each bad row', async () => {
    const people = await seedPeople(t.app);
    const preview = (file?: ReturnType<typeof upload>) =>
      postForm(t.app, '/api/admin/songs/import/preview', { file }, { token: people.tokens.owner });
    const csv = (content: string) => upload(Buffer.from(content, 'utf8'), 'songs.csv', 'text/csv');
    expect(codesOf(await preview(), ['file'])).toEqual({ file: ['csv_choose_file'] });
    expect(codesOf(await preview(csv('\n\n')), ['file'])).toEqual({ file: ['csv_empty'] });
    expect(codesOf(await preview(csv('a,b\n1,2\n')), ['file'])).toEqual({ file: ['csv_no_header'] });
    expect(codesOf(await preview(upload(png(), 'songs.csv', 'text/csv')), ['file'])).toEqual({
      file: ['csv_not_utf8'],
    });
    const rows = [
      'title,performer,visible,resource link',
      ',,maybe,ftp://x',
      `${'x'.repeat(201)},=1+1,yes,nope`,
    ];
    const response = await preview(csv(rows.join('\n')));
    expect(response.statusCode, response.body).toBe(200);
    const { errors } = response.json() as {
      errors: {
        line: number;
        reason: string;
        reasons: { code: MessageCode; params?: Record<string, number> }[];
      }[];
    };
    expect(errors.map(({ line, reasons }) => [line, reasons.map(({ code }) => code)])).toEqual([
      [2, ['import_title_missing', 'import_performer_missing', 'import_visible', 'import_link_scheme']],
      [3, ['import_title_too_long', 'import_formula', 'import_link_invalid']],
    ]);
    for (const { reason, reasons } of errors)
      expect(reasons.map(({ code, params }) => say(code, params).message).join('; ')).toBe(reason);
  });
});

describe('what a route says when it is done has its code', () => {
  it('signing in and out, deletes, an import, a setting saved', async () => {
    const people = await seedPeople(t.app);
    const c = catalogue(t.app, people);
    const get = (url: string, who: Who = 'owner') => call(t.app, 'GET', url, { token: people.tokens[who] });
    const signedIn = await call(t.app, 'POST', '/api/login', { body: ADMIN });
    expectSaid(signedIn, 200, 'signed_in');
    const token = signedIn.json().data.token as string;
    expectSaid(await call(t.app, 'POST', '/api/logout', { token }), 200, 'signed_out');
    const performer = await c.addPerformer('Bajaga');
    const song = await c.addSong('Tamara', performer);
    const playlist = await c.addPlaylist('Petak');
    expectSaid(await get(`/api/admin/playlist/${playlist}/delete`), 200, 'playlist_deleted');
    expectSaid(await get(`/api/admin/song/${song}/delete`), 200, 'song_deleted');
    const gone = expectSaid(await get(`/api/admin/performer/${performer}/delete`), 200, 'performer_deleted');
    expect(gone.params).toEqual({ name: 'Bajaga' });
    const file = upload(Buffer.from('title,performer\nJedna,Neko\nDruga,Neko\n'), 'songs.csv', 'text/csv');
    const imported = await postForm(
      t.app,
      '/api/admin/songs/import',
      { file },
      { token: people.tokens.owner },
    );
    expect(expectSaid(imported, 200, 'songs_imported').params).toEqual({ smart_count: 2 });
    const saved = await call(t.app, 'POST', '/api/admin/system-settings', {
      token: people.tokens.admin,
      body: { session_timeout: 120 },
    });
    expectSaid(saved, 200, 'settings_saved');
  });
});

describe('the live pages’ refusals have codes', () => {
  it('the band page’s and a guest’s', async () => {
    // The live pages' app: its clock moves by seconds, as the request rules need.
    const live = await buildLiveApp();
    onTestFinished(() => live.close());
    const scene = await gigScene(live.app);
    const band = bandPage(live.app, scene.token, scene.people);
    const guest = audience(live.app, scene.token);
    const [first, second] = scene.songs;
    expectSaid(await band.get('owner', 'no-such-gig'), 404, 'no_gig_at_address');
    expectSaid(await band.get('outsider'), 403, 'gig_other_band');
    expectSaid(await band.act(first.id, 'played', 'viewer'), 403, 'queue_viewers');
    expectSaid(await band.act(first.id, 'played', 'owner'), 404, 'song_not_waiting');

    expectSaid(await guest.page('no-such-gig'), 404, 'no_gig_here');
    expectSaid(await guest.request(first.id), 422, 'device_missing');
    expectSaid(await guest.request(scene.offList, device(1)), 404, 'song_not_tonight');
    const withMessage = { body: { song_id: first.id, message: 'Za Anu' } };
    expectSaid(await guest.request(first.id, device(1), withMessage), 422, 'message_not_allowed');
    await guest.accepted(first.id, device(1));
    const soon = expectSaid(await guest.request(second.id, device(1)), 429, 'request_cooldown');
    expect(soon.params).toMatchObject({ smart_count: expect.any(Number) });
    await band.done(first.id, 'played');
    const again = expectSaid(await guest.request(first.id, device(2)), 409, 'request_too_soon');
    expect(again.params).toMatchObject({ song: first.naziv });
  });
});

describe('no answer’s sentence is written without its code', () => {
  // The ways a sentence reaches an answer (errors.ts's helpers, an ApiError's body, a message or a
  // reason pushed as text): each must be say(code, ...), so a new plain one fails here. The CSV
  // headers' words (csv-words.ts) are column names, not sentences.
  const PLAIN = [
    /\b(notFound|forbidden|conflict|unauthorized)\(\s*['`"]/,
    /\binvalid\(\{[^}]*\[\s*['`"]/,
    /new ApiError\([^,]+,\s*\{\s*message:/,
    /\bmessage:\s*['`"]/,
    /\b(reasons\.push|fileError)\(\s*['`"]/,
  ];
  const files = (dir: string): string[] =>
    fs
      .readdirSync(dir, { withFileTypes: true })
      .flatMap((entry) =>
        entry.isDirectory() ? files(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
      )
      .filter((file) => file.endsWith('.ts') && !file.endsWith('csv-words.ts'));

  it('in src/server', () => {
    const found = files(path.resolve('src/server')).flatMap((file) =>
      fs
        .readFileSync(file, 'utf8')
        .split('\n')
        .map((line, i) => `${path.relative('.', file)}:${i + 1}: ${line.trim()}`)
        .filter((line) => PLAIN.some((pattern) => pattern.test(line))),
    );
    expect(found).toEqual([]);
  });
});
