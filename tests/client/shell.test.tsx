import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ApiUser } from '../../src/shared/api-types';
import {
  BAND_ADMIN,
  DASHBOARD,
  SYSTEM_ADMIN,
  currentLocation,
  fakeFetch,
  json,
  renderApp,
  signIn,
  storedUser,
} from './helpers';

/** The signed-in shell on the dashboard, once the menu is there. */
async function openShell(user: ApiUser) {
  signIn(user);
  const server = fakeFetch({
    'GET /api/user': json(200, user),
    'GET /api/admin/dashboard': json(200, { data: DASHBOARD }),
    'POST /api/logout': json(200, { success: true, message: 'Logged out' }),
  });
  const view = renderApp('/admin/');
  await screen.findByRole('menuitem', { name: 'Home' });
  return { ...view, server };
}

const footer = () => document.querySelector('footer')!;

const MENU: [string, string][] = [
  ['Home', '/admin/'],
  ['Songs', '/admin/songs'],
  ['Add song', '/admin/addsong'],
  ['Performers', '/admin/performers'],
  ['Add performer', '/admin/addperformer'],
  ['Playlists', '/admin/playlists'],
  ['Add playlist', '/admin/addplaylist'],
  ['Gigs', '/admin/gigs'],
  ['Add gig', '/admin/addgig'],
  // Issue 29: every role's band insights.
  ['Insights', '/admin/insights'],
];

const ADMIN_MENU: [string, string][] = [
  ['Administration', '/admin/administration'],
  ['Manage Users', '/admin/users'],
  ['Manage Bands', '/admin/bands'],
  ['System Settings', '/admin/settings'],
  ['System Logs', '/admin/logs'],
  ['System Status', '/admin/status'],
];

describe('Shell', () => {
  it("shows the band's naziv and the user's name in the header", async () => {
    await openShell(BAND_ADMIN);
    const header = screen.getByRole('banner');
    expect(within(header).getByText('Zvezde Beograda')).toBeInTheDocument();
    expect(within(header).getByText('Ana Petrović')).toBeInTheDocument();
  });

  it("shows 'Encore Admin Panel', the band, the user and the year in the footer", async () => {
    await openShell(BAND_ADMIN);
    const bottom = within(footer());
    expect(bottom.getByText('Encore Admin Panel')).toBeInTheDocument();
    expect(bottom.getByText('Band: Zvezde Beograda')).toBeInTheDocument();
    expect(bottom.getByText('Logged in as: Ana Petrović')).toBeInTheDocument();
    expect(bottom.getByText(String(new Date().getFullYear()))).toBeInTheDocument();
  });

  it("shows 'Band: Unknown' in the footer for a user without a band", async () => {
    await openShell(SYSTEM_ADMIN);
    expect(within(footer()).getByText('Band: Unknown')).toBeInTheDocument();
    expect(within(footer()).getByText('Logged in as: Marko Admin')).toBeInTheDocument();
  });

  it('has the list and add links and Logout in the menu, without the Administration section for a band_admin', async () => {
    await openShell(BAND_ADMIN);
    const menu = within(screen.getByRole('menu'));
    const items = menu.getAllByRole('menuitem');
    expect(items.map((item) => item.textContent)).toEqual([...MENU.map(([label]) => label), 'Logout']);
    for (const [label, href] of MENU)
      expect(menu.getByRole('menuitem', { name: label })).toHaveAttribute('href', href);
    for (const [label] of ADMIN_MENU)
      expect(menu.queryByRole('menuitem', { name: label })).not.toBeInTheDocument();
  });

  it('adds the Administration section to the menu when permissions.isAdmin', async () => {
    await openShell(SYSTEM_ADMIN);
    const menu = within(screen.getByRole('menu'));
    expect(menu.getAllByRole('menuitem').map((item) => item.textContent)).toEqual([
      ...MENU.map(([label]) => label),
      ...ADMIN_MENU.map(([label]) => label),
      'Logout',
    ]);
    for (const [label, href] of ADMIN_MENU)
      expect(menu.getByRole('menuitem', { name: label })).toHaveAttribute('href', href);
  });

  it('logs out from the menu: POST /api/logout, the stored user cleared, back to the login page', async () => {
    const { server, user } = await openShell(BAND_ADMIN);
    await user.click(screen.getByRole('menuitem', { name: 'Logout' }));
    expect(await screen.findByRole('button', { name: 'Login to Admin Panel' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/admin/login');
    expect(storedUser()).toBeNull();
    const logout = server.callsTo('POST /api/logout');
    expect(logout).toHaveLength(1);
    expect(logout[0].headers.get('Authorization')).toBe('Bearer token-ana');
  });

  it('follows a menu link', async () => {
    const { user } = await openShell(BAND_ADMIN);
    await user.click(screen.getByRole('menuitem', { name: 'Add gig' }));
    await waitFor(() => expect(currentLocation()).toBe('/admin/addgig'));
  });
});
