import { HttpError } from 'react-admin';
import { describe, expect, it, vi } from 'vitest';
import { CONNECTION_ERROR, createAuthProvider, signOutReason } from '../../src/client/providers/authProvider';
import { createDataProvider } from '../../src/client/providers/dataProvider';
import type { HttpClient, HttpInit } from '../../src/client/providers/httpClient';
import { BAND_ADMIN, DASHBOARD, VIEWER, signIn, storedUser } from './helpers';

/** An httpClient that records each call and answers with `answer(url, init)`. */
function fakeHttp(answer: (url: string, init?: HttpInit) => unknown = () => null) {
  const calls: { url: string; method: string; body: unknown }[] = [];
  const http = vi.fn(async (url: string, init?: HttpInit) => {
    calls.push({ url, method: init?.method ?? 'GET', body: init?.body });
    return { status: 200, json: await answer(url, init) };
  });
  return { http: http as unknown as HttpClient, calls };
}

const failWith =
  (status: number, body: unknown = { message: 'Failed' }) =>
  () => {
    throw new HttpError((body as { message?: string })?.message ?? '', status, body);
  };

describe('dataProvider', () => {
  it('getDashboard reads GET /api/admin/dashboard and returns its data', async () => {
    const { http, calls } = fakeHttp(() => ({ data: DASHBOARD }));
    await expect(createDataProvider(http).getDashboard()).resolves.toEqual(DASHBOARD);
    expect(calls).toEqual([{ url: '/api/admin/dashboard', method: 'GET', body: undefined }]);
  });
});

describe('authProvider.login', () => {
  it('POSTs {email, password} to /api/login and stores the user with its token', async () => {
    const { http, calls } = fakeHttp(() => ({ success: true, message: 'ok', data: BAND_ADMIN }));
    await expect(
      createAuthProvider(http).login({ email: 'ana@zvezde.rs', password: 'secret' }),
    ).resolves.toBeUndefined();
    expect(calls).toEqual([
      { url: '/api/login', method: 'POST', body: { email: 'ana@zvezde.rs', password: 'secret' } },
    ]);
    expect(storedUser()).toEqual(BAND_ADMIN);
  });

  it('redirects a viewer to /viewer', async () => {
    const { http } = fakeHttp(() => ({ success: true, message: 'ok', data: VIEWER }));
    await expect(
      createAuthProvider(http).login({ email: 'vera@zvezde.rs', password: 'secret' }),
    ).resolves.toEqual({
      redirectTo: '/viewer',
    });
  });

  it("rejects with the server's message when success is false", async () => {
    const { http } = fakeHttp(() => ({ success: false, message: 'Nalog nije aktivan.' }));
    await expect(createAuthProvider(http).login({ email: 'a@b.rs', password: 'secret' })).rejects.toThrow(
      'Nalog nije aktivan.',
    );
    expect(storedUser()).toBeNull();
  });

  it('rejects with the message of an error answer (HTTP 401)', async () => {
    const { http } = fakeHttp(failWith(401, { success: false, message: 'Invalid email or password.' }));
    await expect(createAuthProvider(http).login({ email: 'a@b.rs', password: 'x' })).rejects.toThrow(
      'Invalid email or password.',
    );
  });

  it(`rejects with the message key '${CONNECTION_ERROR}' on a network failure or an answer without a message`, async () => {
    const network = fakeHttp(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(createAuthProvider(network.http).login({ email: 'a@b.rs', password: 'x' })).rejects.toThrow(
      'login.connection_error',
    );
    const silent = fakeHttp(() => ({ success: false }));
    await expect(createAuthProvider(silent.http).login({ email: 'a@b.rs', password: 'x' })).rejects.toThrow(
      'login.connection_error',
    );
  });
});

describe('authProvider.checkError', () => {
  it.each([401, 403])('rejects and clears the stored user on %i', async (status) => {
    signIn(BAND_ADMIN);
    const { http } = fakeHttp();
    await expect(createAuthProvider(http).checkError(new HttpError('No', status, {}))).rejects.toThrow();
    expect(storedUser()).toBeNull();
  });

  it('keeps the first reason: a 401 after a 403 (the token already gone) still says not allowed', async () => {
    signIn(BAND_ADMIN);
    const { http } = fakeHttp();
    const auth = createAuthProvider(http);
    await expect(auth.checkError(new HttpError('No', 403, {}))).rejects.toThrow();
    await expect(auth.checkError(new HttpError('No', 401, {}))).rejects.toThrow();
    expect(signOutReason()).toBe('login.not_allowed');
  });

  it.each([500, 404, 422])('resolves and keeps the stored user on %i', async (status) => {
    signIn(BAND_ADMIN);
    const { http } = fakeHttp();
    await expect(
      createAuthProvider(http).checkError(new HttpError('No', status, {})),
    ).resolves.toBeUndefined();
    expect(storedUser()).toEqual(BAND_ADMIN);
  });
});

describe('authProvider.checkAuth', () => {
  it('rejects without a stored user, asking nothing of the server', async () => {
    const { http, calls } = fakeHttp();
    await expect(createAuthProvider(http).checkAuth({})).rejects.toThrow();
    expect(calls).toHaveLength(0);
  });

  it('refreshes the stored user once from GET /api/user, keeping its token', async () => {
    signIn(BAND_ADMIN);
    const { http, calls } = fakeHttp(() => ({ ...BAND_ADMIN, name: 'Ana Novak', token: undefined }));
    const auth = createAuthProvider(http);
    await expect(auth.checkAuth({})).resolves.toBeUndefined();
    await auth.checkAuth({});
    expect(calls).toEqual([{ url: '/api/user', method: 'GET', body: undefined }]);
    expect(storedUser()).toEqual({ ...BAND_ADMIN, name: 'Ana Novak' });
  });

  it('rejects when GET /api/user answers 401', async () => {
    signIn(BAND_ADMIN);
    const { http } = fakeHttp(failWith(401));
    await expect(createAuthProvider(http).checkAuth({})).rejects.toMatchObject({ status: 401 });
  });

  it('stays signed in when GET /api/user fails otherwise (only logged)', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    signIn(BAND_ADMIN);
    const { http } = fakeHttp(failWith(500));
    await expect(createAuthProvider(http).checkAuth({})).resolves.toBeUndefined();
    expect(storedUser()).toEqual(BAND_ADMIN);
    expect(logged).toHaveBeenCalled();
  });
});

describe('authProvider.logout', () => {
  it('POSTs /api/logout, clears the stored user and sends the user to /admin/login', async () => {
    signIn(BAND_ADMIN);
    const { http, calls } = fakeHttp(() => ({ success: true }));
    await expect(createAuthProvider(http).logout({})).resolves.toBe('/admin/login');
    expect(calls).toEqual([{ url: '/api/logout', method: 'POST', body: undefined }]);
    expect(storedUser()).toBeNull();
  });

  it('clears the stored user even when the server call fails', async () => {
    signIn(BAND_ADMIN);
    const { http } = fakeHttp(failWith(500));
    await createAuthProvider(http).logout({});
    expect(storedUser()).toBeNull();
  });
});

describe('authProvider identity and permissions', () => {
  it('reads them from the stored user', async () => {
    signIn(VIEWER);
    const auth = createAuthProvider(fakeHttp().http);
    await expect(auth.getPermissions!({})).resolves.toEqual({
      role: 'viewer',
      isAdmin: false,
      isViewer: true,
      canWrite: false,
      band: 1,
    });
    await expect(auth.getIdentity!()).resolves.toMatchObject({
      id: 3,
      fullName: 'Vera Gledalac',
      band: { id: 1, naziv: 'Zvezde Beograda', picture: null },
    });
  });
});
