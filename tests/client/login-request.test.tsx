import { screen, waitFor } from '@testing-library/react';
import { expect, it } from 'vitest';
import { BAND_ADMIN, fakeFetch, json, renderApp } from './helpers';

// Alone in its file: the CSRF cookie is fetched once per page load (module state), so this must be
// the first call of the test module.
it('fetches /sanctum/csrf-cookie, waits 100 ms, then POSTs the credentials as JSON with the CSRF token', async () => {
  document.cookie = 'XSRF-TOKEN=csrf%3Dtoken%2B1; path=/';
  const server = fakeFetch({
    'POST /api/login': json(200, { success: true, message: 'ok', data: BAND_ADMIN }),
  });
  const { user } = renderApp('/admin/login');
  await user.type(await screen.findByLabelText('Email'), 'ana@zvezde.rs');
  await user.type(screen.getByLabelText('Password'), 'tajna-lozinka');
  await user.click(screen.getByRole('button', { name: 'Login to Admin Panel' }));
  await waitFor(() => expect(server.callsTo('POST /api/login')).toHaveLength(1));

  expect(server.calls.map((call) => `${call.method} ${call.url}`).slice(0, 2)).toEqual([
    'GET /sanctum/csrf-cookie',
    'POST /api/login',
  ]);
  const [csrf, login] = server.calls;
  expect(csrf.credentials).toBe('include');
  expect(login.at - csrf.at).toBeGreaterThanOrEqual(99);
  expect(login.body).toEqual({ email: 'ana@zvezde.rs', password: 'tajna-lozinka' });
  expect(login.headers.get('Content-Type')).toBe('application/json');
  expect(login.headers.get('Accept')).toBe('application/json');
  expect(login.headers.get('X-XSRF-TOKEN')).toBe('csrf=token+1');
  expect(login.headers.has('Authorization')).toBe(false);
  expect(login.credentials).toBe('include');
});
