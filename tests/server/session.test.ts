import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  LOGIN_ACCOUNT_FREE_FAILURES,
  LOGIN_FAILURE_WINDOW_MINUTES,
  LOGIN_MAX_FAILURES,
  LOGIN_MAX_FAILURES_PER_ADDRESS,
} from '../../src/shared/constants.js';
import {
  ADMIN,
  buildTestApp,
  call,
  createBand,
  createUser,
  login,
  manualClock,
  type TestApp,
} from './helpers.js';

let t: TestApp;
let clock: ReturnType<typeof manualClock>;

beforeEach(async () => {
  clock = manualClock();
  t = await buildTestApp({ clock, env: { TIME_ZONE: 'Europe/Belgrade' } });
});
afterEach(() => t.close());

describe('GET /sanctum/csrf-cookie', () => {
  it('answers 204 with a readable, SameSite=Lax XSRF-TOKEN cookie', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/sanctum/csrf-cookie' });
    expect(response.statusCode).toBe(204);
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toMatch(/^XSRF-TOKEN=[\w-]{40,};/);
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).not.toContain('HttpOnly');
  });
});

describe('CSRF', () => {
  it('refuses an unsafe call without the token with 419', async () => {
    const response = await call(t.app, 'POST', '/api/login', { body: ADMIN, csrf: false });
    expect(response.statusCode).toBe(419);
    expect(response.json()).toMatchObject({ message: 'CSRF token mismatch.' });
  });

  it('refuses a header that does not match the cookie', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { cookie: 'XSRF-TOKEN=one', 'x-xsrf-token': 'two' },
      payload: ADMIN,
    });
    expect(response.statusCode).toBe(419);
  });
});

describe('POST /api/login', () => {
  it('answers success, message and the user with token, permissions and band data', async () => {
    const bandId = await createBand(t.app, 'Ćevapi Band');
    await createUser(t.app, { email: 'ana@test.local', role: 'band_admin', bandId, name: 'Ana' });
    const response = await call(t.app, 'POST', '/api/login', {
      body: { email: 'ANA@test.local', password: 'user-password-1' },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.success).toBe(true);
    expect(typeof body.message).toBe('string');
    expect(body.data).toMatchObject({
      name: 'Ana',
      email: 'ana@test.local',
      role: 'band_admin',
      permissions: { isAdmin: false, isViewer: false },
      band: bandId,
      banddata: { naziv: 'Ćevapi Band', picture: null },
    });
    expect(body.data.token).toMatch(/^[\w-]{43}$/);
    expect(body.data).not.toHaveProperty('password_hash');
  });

  it("gives the band's picture as the URL the browser loads, in login and /api/user alike", async () => {
    const bandId = await createBand(t.app, 'Slikari');
    await t.app.db.updateTable('bands').set({ picture: 'b4nd-p1c.png' }).where('id', '=', bandId).execute();
    await createUser(t.app, { email: 'sara@test.local', role: 'viewer', bandId });
    const response = await call(t.app, 'POST', '/api/login', {
      body: { email: 'sara@test.local', password: 'user-password-1' },
    });
    expect(response.json().data.banddata).toEqual({ naziv: 'Slikari', picture: '/uploads/b4nd-p1c.png' });
    const user = await call(t.app, 'GET', '/api/user', { token: response.json().data.token });
    expect(user.json().banddata.picture).toBe('/uploads/b4nd-p1c.png');
  });

  it('stores only a hash of the token', async () => {
    const token = await login(t.app, ADMIN.email, ADMIN.password);
    const rows = await t.app.db.selectFrom('sessions').select('token_hash').execute();
    expect(rows).toHaveLength(1);
    expect(rows[0].token_hash).not.toContain(token);
    expect(rows[0].token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('stores passwords as argon2id hashes', async () => {
    const row = await t.app.db.selectFrom('users').select('password_hash').executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
  });

  it('sets isViewer for viewers and isAdmin for admins', async () => {
    await createUser(t.app, { email: 'v@test.local', role: 'viewer' });
    const viewer = await call(t.app, 'POST', '/api/login', {
      body: { email: 'v@test.local', password: 'user-password-1' },
    });
    expect(viewer.json().data.permissions).toEqual({ isAdmin: false, isViewer: true });
    const admin = await call(t.app, 'POST', '/api/login', { body: ADMIN });
    expect(admin.json().data.permissions).toEqual({ isAdmin: true, isViewer: false });
    expect(admin.json().data.banddata).toBeNull();
  });

  it('answers 401 with success false and a message for a wrong password or unknown email', async () => {
    for (const body of [
      { email: ADMIN.email, password: 'wrong-password' },
      { email: 'nobody@test.local', password: 'whatever' },
    ]) {
      const response = await call(t.app, 'POST', '/api/login', { body });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ success: false, message: 'Invalid email or password.' });
    }
  });

  it('validates: both required, email with @, a JSON object body', async () => {
    const cases: [unknown, number, string][] = [
      [{ email: '', password: '' }, 422, 'Email i lozinka su obavezni.'],
      [{ email: 'a@b.c', password: '' }, 422, 'Email i lozinka su obavezni.'],
      [{ email: 'no-at-sign', password: 'x' }, 422, 'Unesite ispravnu email adresu.'],
      [{ password: 'x' }, 422, 'The email field is required.'],
      [{ email: 5, password: [] }, 422, 'The password field must be string.'],
    ];
    for (const [body, status, message] of cases) {
      const response = await call(t.app, 'POST', '/api/login', { body });
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(response.json().message).toBe(message);
    }
  });

  it('answers 429 after repeated failures for one email and address, and only for that email', async () => {
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++) {
      const response = await call(t.app, 'POST', '/api/login', {
        body: { email: ADMIN.email, password: 'bad' },
      });
      expect(response.statusCode).toBe(401);
    }
    const blocked = await call(t.app, 'POST', '/api/login', { body: ADMIN });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({
      success: false,
      message: expect.stringMatching(/Too many failed sign-in attempts/),
    });

    await createUser(t.app, { email: 'other@test.local', role: 'viewer' });
    const other = await call(t.app, 'POST', '/api/login', {
      body: { email: 'other@test.local', password: 'user-password-1' },
    });
    expect(other.statusCode).toBe(200);

    clock.advanceMinutes(16);
    const later = await call(t.app, 'POST', '/api/login', { body: ADMIN });
    expect(later.statusCode).toBe(200);
  });
});

describe('POST /api/login limits across accounts and addresses', () => {
  /** A sign-in from the given client address, with the CSRF pair the panel sends. */
  const signIn = (email: string, password: string, ip: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/login',
      remoteAddress: ip,
      headers: { accept: 'application/json', cookie: 'XSRF-TOKEN=signin', 'x-xsrf-token': 'signin' },
      payload: { email, password },
    });

  it('answers 429 to an address that failed on many accounts, even with a right password', async () => {
    await createUser(t.app, { email: 'ana@test.local', role: 'viewer' });
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_ADDRESS; i++) {
      const email = i === 0 ? 'ana@test.local' : `sprayed${i}@test.local`;
      expect((await signIn(email, 'Summer2026!', '203.0.113.7')).statusCode).toBe(401);
    }
    const refused = await signIn(ADMIN.email, ADMIN.password, '203.0.113.7');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      success: false,
      message: `Too many failed sign-in attempts. Try again in ${LOGIN_FAILURE_WINDOW_MINUTES} minutes.`,
    });
    expect(refused.headers['retry-after']).toBe(String(LOGIN_FAILURE_WINDOW_MINUTES * 60));

    expect((await signIn(ADMIN.email, ADMIN.password, '203.0.113.8')).statusCode).toBe(200);
    clock.advanceMinutes(LOGIN_FAILURE_WINDOW_MINUTES);
    expect((await signIn(ADMIN.email, ADMIN.password, '203.0.113.7')).statusCode).toBe(200);
  });

  it('counts attempts sent at the same time, so a burst gets no more guesses than a sequence', async () => {
    const burst = await Promise.all(
      Array.from({ length: LOGIN_MAX_FAILURES * 3 }, () => signIn(ADMIN.email, 'guess', '192.0.2.9')),
    );
    const statuses = burst.map((response) => response.statusCode).sort();
    expect(statuses).toEqual([
      ...Array(LOGIN_MAX_FAILURES).fill(401),
      ...Array(LOGIN_MAX_FAILURES * 2).fill(429),
    ]);
  });

  it('makes an account that failed from several addresses wait, from any other address', async () => {
    const perAddress = LOGIN_ACCOUNT_FREE_FAILURES / 2;
    for (const ip of ['192.0.2.1', '192.0.2.2']) {
      for (let i = 0; i < perAddress; i++) {
        expect((await signIn(ADMIN.email, 'guess', ip)).statusCode).toBe(401);
      }
    }
    const delayed = await signIn(ADMIN.email, 'guess', '192.0.2.3');
    expect(delayed.statusCode).toBe(429);
    expect(delayed.json()).toMatchObject({
      success: false,
      message: 'Too many failed sign-in attempts for this account. Try again in 1 second.',
    });
    expect(delayed.headers['retry-after']).toBe('1');
    // Accounts the attacker did not try are not slowed down.
    await createUser(t.app, { email: 'ana@test.local', role: 'viewer' });
    expect((await signIn('ana@test.local', 'user-password-1', '192.0.2.3')).statusCode).toBe(200);
  });

  it('is a wait, not a lockout: the admin gets in from a known address and, after the window, from any', async () => {
    expect((await signIn(ADMIN.email, ADMIN.password, '198.51.100.50')).statusCode).toBe(200);
    // A stranger guesses from ever new addresses, as fast as the account's wait allows.
    let address = 0;
    for (let i = 0; i < LOGIN_ACCOUNT_FREE_FAILURES; i++) {
      expect((await signIn(ADMIN.email, 'guess', `192.0.2.${++address}`)).statusCode).toBe(401);
    }
    for (let minute = 1; minute < LOGIN_FAILURE_WINDOW_MINUTES; minute++) {
      clock.advanceMinutes(1);
      expect((await signIn(ADMIN.email, 'guess', `192.0.2.${++address}`)).statusCode).toBe(401);
      expect((await signIn(ADMIN.email, 'guess', `192.0.2.${++address}`)).statusCode).toBe(429);
    }
    const elsewhere = await signIn(ADMIN.email, ADMIN.password, '198.51.100.99');
    expect(elsewhere.statusCode).toBe(429);
    expect(elsewhere.json().message).toMatch(
      /^Too many failed sign-in attempts for this account. Try again in \d+ seconds?\.$/,
    );

    expect((await signIn(ADMIN.email, ADMIN.password, '198.51.100.50')).statusCode).toBe(200);
    clock.advanceMinutes(LOGIN_FAILURE_WINDOW_MINUTES);
    expect((await signIn(ADMIN.email, ADMIN.password, '198.51.100.99')).statusCode).toBe(200);
  });
});

describe('GET /api/user', () => {
  it('answers the signed-in user without the token', async () => {
    const token = await login(t.app, ADMIN.email, ADMIN.password);
    const response = await call(t.app, 'GET', '/api/user', { token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      email: ADMIN.email,
      role: 'admin',
      permissions: { isAdmin: true },
      // The venues' zone (TIME_ZONE), which the panel shows every time in.
      time_zone: 'Europe/Belgrade',
    });
    expect(response.json()).not.toHaveProperty('token');
  });

  it('answers 401 {login: true, message} without a token or with a bad one', async () => {
    for (const token of [undefined, 'not-a-real-token']) {
      const response = await call(t.app, 'GET', '/api/user', { token });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ login: true, message: expect.any(String) });
    }
    const malformed = await t.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { authorization: 'Basic abc' },
    });
    expect(malformed.statusCode).toBe(401);
  });
});

describe('session expiry', () => {
  it('expires a token after session_timeout minutes without use, and use keeps it alive', async () => {
    const token = await login(t.app, ADMIN.email, ADMIN.password);
    clock.advanceMinutes(29);
    expect((await call(t.app, 'GET', '/api/user', { token })).statusCode).toBe(200);
    clock.advanceMinutes(29);
    expect((await call(t.app, 'GET', '/api/user', { token })).statusCode).toBe(200);
    clock.advanceMinutes(31);
    const expired = await call(t.app, 'GET', '/api/user', { token });
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toMatchObject({
      login: true,
      message: 'Your session has expired. Please sign in again.',
    });
    // and it stays gone
    clock.advanceMinutes(-31);
    expect((await call(t.app, 'GET', '/api/user', { token })).statusCode).toBe(401);
  });

  it('expires session_timeout after the last use to the second, not after the last stored write', async () => {
    await t.app.settings.save({ session_timeout: 1 });
    const token = await login(t.app, ADMIN.email, ADMIN.password);
    // A client calling every 20 s stays signed in, however long it goes on.
    for (let i = 0; i < 6; i++) {
      clock.advanceSeconds(20);
      expect((await call(t.app, 'GET', '/api/user', { token })).statusCode, `call ${i}`).toBe(200);
    }
    clock.advanceSeconds(60);
    expect((await call(t.app, 'GET', '/api/user', { token })).statusCode).toBe(200);
    clock.advanceSeconds(61);
    expect((await call(t.app, 'GET', '/api/user', { token })).statusCode).toBe(401);
  });

  it('does not write to the database on every call, and the batch write keeps the latest use', async () => {
    const token = await login(t.app, ADMIN.email, ADMIN.password);
    const stored = async () =>
      (await t.app.db.selectFrom('sessions').select('last_used_at').executeTakeFirstOrThrow()).last_used_at;
    const signedInAt = await stored();
    for (let i = 0; i < 3; i++) {
      clock.advanceSeconds(90);
      expect((await call(t.app, 'GET', '/api/user', { token })).statusCode).toBe(200);
    }
    expect(await stored()).toBe(signedInAt);
    await t.app.sessionUses.flush();
    expect(await stored()).toBe(clock().toISOString());
    // Another process reading only the database counts from that use.
    t.app.sessionUses.forget(
      (await t.app.db.selectFrom('sessions').select('id').executeTakeFirstOrThrow()).id,
    );
    clock.advanceMinutes(29);
    expect((await call(t.app, 'GET', '/api/user', { token })).statusCode).toBe(200);
  });

  it('follows the session_timeout setting', async () => {
    await t.app.settings.save({ session_timeout: 5 });
    const token = await login(t.app, ADMIN.email, ADMIN.password);
    clock.advanceMinutes(6);
    expect((await call(t.app, 'GET', '/api/user', { token })).statusCode).toBe(401);
  });
});

describe('POST /api/logout', () => {
  it('revokes the token', async () => {
    const token = await login(t.app, ADMIN.email, ADMIN.password);
    const response = await call(t.app, 'POST', '/api/logout', { token });
    expect(response.statusCode).toBe(200);
    expect(response.json().success).toBe(true);
    expect((await call(t.app, 'GET', '/api/user', { token })).statusCode).toBe(401);
  });

  it('needs a token', async () => {
    expect((await call(t.app, 'POST', '/api/logout')).statusCode).toBe(401);
  });
});
