import { render, screen, waitFor, within } from '@testing-library/react';
import { AdminContext, Authenticated, memoryStore } from 'react-admin';
import { createMemoryRouter, Route, RouterProvider, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Dashboard } from '../../src/client/dashboard/Dashboard';
import { i18nProvider } from '../../src/client/i18n';
import { LoginPage } from '../../src/client/login/LoginPage';
import { createAuthProvider } from '../../src/client/providers/authProvider';
import { createDataProvider } from '../../src/client/providers/dataProvider';
import { httpClient } from '../../src/client/providers/httpClient';
import type { ApiUser, DashboardData } from '../../src/shared/api-types';
import {
  BAND_ADMIN,
  DASHBOARD,
  SYSTEM_ADMIN,
  fakeFetch,
  json,
  pending,
  signIn,
  storedUser,
  type Reply,
} from './helpers';

function Location() {
  const { pathname } = useLocation();
  return <output data-testid="dashboard-location">{pathname}</output>;
}

// The panel's i18nProvider is one object: a test in Serbian leaves it there for the next.
afterEach(async () => {
  await i18nProvider.changeLocale('en');
});

const currentLocation = () => screen.getByTestId('dashboard-location').textContent;

/**
 * The dashboard at /admin/ as the panel shows it (signed in first: react-admin's checkAuth, which
 * reads GET /api/user), with the login page beside it, in react-admin's AdminContext over the real
 * providers: the light harness of helpers.tsx with the dashboard in its route table. A fresh
 * AdminContext per test, so no test sees the identity another one cached.
 */
function renderDashboard(locale?: 'en' | 'sr') {
  const authProvider = createAuthProvider(httpClient);
  const dataProvider = createDataProvider(httpClient);
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <AdminContext
            authProvider={authProvider}
            dataProvider={dataProvider}
            i18nProvider={i18nProvider}
            store={memoryStore(locale ? { locale } : {})}
            basename="/admin"
          >
            <Routes>
              <Route
                path="/admin/"
                element={
                  <Authenticated>
                    <Dashboard />
                  </Authenticated>
                }
              />
              <Route path="/admin/login" element={<LoginPage authProvider={authProvider} />} />
            </Routes>
            <Location />
          </AdminContext>
        ),
      },
    ],
    { initialEntries: ['/admin/'] },
  );
  return render(<RouterProvider router={router} />);
}

const DASHBOARD_CALL = 'GET /api/admin/dashboard';

/** A signed-in user on /admin/, against a server answering GET /api/user and the dashboard. */
function openDashboard(user: ApiUser, dashboard: Reply = json(200, { data: DASHBOARD })) {
  signIn(user);
  const server = fakeFetch({
    'GET /api/user': json(200, { ...user, token: undefined }),
    [DASHBOARD_CALL]: dashboard,
  });
  const view = renderDashboard();
  return { ...view, server };
}

const withData = (overrides: Partial<DashboardData>) => json(200, { data: { ...DASHBOARD, ...overrides } });

/** The count tile named `label`, found once the dashboard has loaded. */
const tile = (label: string, count: number) => screen.findByLabelText(`${label}: ${count}`);

describe('Dashboard', () => {
  it("shows 'Loading dashboard...' until the dashboard answers", async () => {
    const answer = pending();
    openDashboard(BAND_ADMIN, answer.reply);
    expect(await screen.findByText('Loading dashboard...')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    answer.release(new Response(JSON.stringify({ data: DASHBOARD })));
    expect(await tile('Songs', 128)).toBeInTheDocument();
    expect(screen.queryByText('Loading dashboard...')).not.toBeInTheDocument();
  });

  it("welcomes the user by name with the band's naziv", async () => {
    openDashboard(BAND_ADMIN);
    const welcome = await screen.findByText(/^Welcome, Ana Petrović!/);
    expect(welcome).toHaveTextContent('Zvezde Beograda');
    expect(welcome).not.toHaveTextContent('Nema benda');
  });

  it("says 'Nema benda' for a user without a band", async () => {
    openDashboard(SYSTEM_ADMIN);
    const welcome = await screen.findByText(/^Welcome, Marko Admin!/);
    expect(welcome).toHaveTextContent('Nema benda');
  });

  it('shows the fresh user fields from GET /api/user, keeping the stored token', async () => {
    signIn(BAND_ADMIN);
    const fresh = {
      ...BAND_ADMIN,
      name: 'Ana Novak',
      banddata: { naziv: 'Nove Zvezde', picture: null },
      token: undefined,
    };
    fakeFetch({ 'GET /api/user': json(200, fresh), [DASHBOARD_CALL]: json(200, { data: DASHBOARD }) });
    renderDashboard();
    const welcome = await screen.findByText(/^Welcome, Ana Novak!/);
    expect(welcome).toHaveTextContent('Nove Zvezde');
    expect(storedUser()).toMatchObject({ name: 'Ana Novak', token: 'token-ana' });
  });

  it('shows the six counts, the list tiles linking to their list pages', async () => {
    openDashboard(BAND_ADMIN);
    const counts: [string, number, string][] = [
      ['Songs', 128, '/admin/songs'],
      ['Performers', 37, '/admin/performers'],
      ['Playlists', 9, '/admin/playlists'],
      ['Gigs', 4, '/admin/gigs'],
    ];
    for (const [label, count, href] of counts) {
      const link = await screen.findByRole('link', { name: `${label}: ${count}` });
      expect(link).toHaveAttribute('href', href);
      expect(link).toHaveTextContent(String(count));
      expect(link).toHaveTextContent(label);
    }
    expect(await tile('Bands', 3)).toHaveTextContent('3Bands');
    expect(await tile('Users', 11)).toHaveTextContent('11Users');
  });

  it('makes the Bands and Users tiles links for role admin', async () => {
    openDashboard(SYSTEM_ADMIN);
    expect(await screen.findByRole('link', { name: 'Bands: 3' })).toHaveAttribute('href', '/admin/bands');
    expect(screen.getByRole('link', { name: 'Users: 11' })).toHaveAttribute('href', '/admin/users');
  });

  it('does not make the Bands and Users tiles links for a band_admin', async () => {
    openDashboard(BAND_ADMIN);
    const bands = await tile('Bands', 3);
    const users = await tile('Users', 11);
    expect(bands.closest('a')).toBeNull();
    expect(users.closest('a')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Bands: 3' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Users: 11' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Songs: 128' })).toBeInTheDocument();
  });

  it('lists the recently added songs with their performers', async () => {
    openDashboard(BAND_ADMIN);
    const box = (await screen.findByRole('heading', { name: 'Recently added songs' })).parentElement!;
    const items = within(box).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Đurđevdan');
    expect(items[0]).toHaveTextContent('Bijelo Dugme');
    expect(items[1]).toHaveTextContent('Lutka sa naslovne strane');
    expect(items[1]).toHaveTextContent('Riblja Čorba');
    expect(within(box).queryByText('Nema podataka')).not.toBeInTheDocument();
  });

  it("says 'Nema podataka' when there are no recent songs", async () => {
    openDashboard(BAND_ADMIN, withData({ recent_songs: [] }));
    const box = (await screen.findByRole('heading', { name: 'Recently added songs' })).parentElement!;
    expect(within(box).getByText('Nema podataka')).toBeInTheDocument();
    expect(within(box).queryAllByRole('listitem')).toHaveLength(0);
  });

  it('counts the users by role under the role labels', async () => {
    openDashboard(SYSTEM_ADMIN, withData({ users_by_role: { admin: 2, band_admin: 5, viewer: 14 } }));
    const box = (await screen.findByRole('heading', { name: 'Users by role' })).parentElement!;
    expect(within(box).getByText('System Admin: 2')).toBeInTheDocument();
    expect(within(box).getByText('Band Admin: 5')).toBeInTheDocument();
    expect(within(box).getByText('Viewer: 14')).toBeInTheDocument();
  });

  it('speaks Serbian when chosen', async () => {
    signIn(SYSTEM_ADMIN);
    fakeFetch({ 'GET /api/user': json(200, SYSTEM_ADMIN), [DASHBOARD_CALL]: json(200, { data: DASHBOARD }) });
    renderDashboard('sr');
    expect(await screen.findByText('Dobro došli, Marko Admin! Bend: Nema benda')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Pesme: 128' })).toHaveAttribute('href', '/admin/songs');
    expect(screen.getByRole('heading', { level: 1, name: 'Kontrolna tabla' })).toBeInTheDocument();
    const box = screen.getByRole('heading', { name: 'Korisnici po ulozi' }).parentElement!;
    expect(within(box).getByText('Administrator sistema: 1')).toBeInTheDocument();
    expect(within(box).getByText('Posmatrač: 6')).toBeInTheDocument();
  });

  it("sends 'Authorization: Bearer <token>', the JSON accept header and cookies on every API call", async () => {
    const { server } = openDashboard(BAND_ADMIN);
    await tile('Songs', 128);
    const api = server.calls.filter((call) => call.url.startsWith('/api/'));
    expect(api.map((call) => `${call.method} ${call.url}`)).toEqual(
      expect.arrayContaining(['GET /api/user', DASHBOARD_CALL]),
    );
    for (const call of api) {
      expect(call.headers.get('Authorization')).toBe('Bearer token-ana');
      expect(call.headers.get('Accept')).toBe('application/json');
      expect(call.credentials).toBe('include');
    }
  });

  it.each([401, 403])(
    'signs out on a %i from the dashboard call: the stored user is cleared and the login page shown',
    async (status) => {
      vi.spyOn(console, 'error').mockImplementation(() => undefined); // react-admin logs the failed call
      const { server } = openDashboard(BAND_ADMIN, json(status, { message: 'Unauthenticated.' }));
      expect(await screen.findByRole('button', { name: 'Login to Admin Panel' })).toBeInTheDocument();
      expect(storedUser()).toBeNull();
      expect(currentLocation()).toBe('/admin/login');
      // Signed out once: the dashboard is not fetched again while the login page is on its way.
      expect(server.callsTo(DASHBOARD_CALL)).toHaveLength(1);
    },
  );

  it('signs out before showing anything when GET /api/user answers 401 (expired token)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    signIn(BAND_ADMIN);
    const server = fakeFetch({
      'GET /api/user': json(401, { message: 'Unauthenticated.' }),
      [DASHBOARD_CALL]: json(200, { data: DASHBOARD }),
    });
    renderDashboard();
    expect(await screen.findByRole('button', { name: 'Login to Admin Panel' })).toBeInTheDocument();
    await waitFor(() => expect(storedUser()).toBeNull());
    expect(server.callsTo(DASHBOARD_CALL)).toHaveLength(0);
    expect(screen.queryByText(/^Welcome/)).not.toBeInTheDocument();
  });
});
