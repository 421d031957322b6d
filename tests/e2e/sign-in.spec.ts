import { expect, test } from '@playwright/test';
import { apiAs } from './api';
import { ageSessions, demo, expectAccessible, screenshot, signIn } from './support';

test('the login page is accessible', async ({ page }) => {
  await page.goto('/admin/login');
  await expect(page.getByRole('heading', { name: 'Encore Admin' })).toBeVisible();
  await screenshot(page, 'login');
  await expectAccessible(page);
});

test('a system admin signs in and sees the dashboard and the admin menu', async ({ page }) => {
  const admin = demo('admin');
  await page.goto('/admin/');
  await expect(page).toHaveURL(/\/admin\/login$/);
  await signIn(page, admin.email, admin.password);
  // They came from the dashboard, so they go back to it.
  await expect(page).toHaveURL(/\/admin\/$/);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByText(`Welcome, ${admin.name}! Band: Nema benda`)).toBeVisible();
  await expect(page.getByRole('link', { name: /^Users: \d+$/ })).toBeVisible();
  // Other tests add bands of their own: the tile counts what the API lists.
  const api = await apiAs(admin.email, admin.password);
  const bands = (await api.get('/api/admin/bands')).data.length;
  await api.dispose();
  await expect(page.getByRole('link', { name: `Bands: ${bands}`, exact: true })).toBeVisible();
  for (const item of [
    'Administration',
    'Manage Users',
    'Manage Bands',
    'System Settings',
    'System Logs',
    'System Status',
  ]) {
    await expect(page.getByRole('menuitem', { name: item })).toBeVisible();
  }
  await expect(page.getByText(`Logged in as: ${admin.name}`)).toBeVisible();
  await screenshot(page, 'dashboard-admin');
  await expectAccessible(page);
});

test('a band admin lands on songs by default and has no admin menu', async ({ page }) => {
  const bandAdmin = demo('band_admin');
  await signIn(page, bandAdmin.email, bandAdmin.password);
  await expect(page).toHaveURL(/\/admin\/songs$/);
  await page.getByRole('menuitem', { name: 'Home' }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  await expect(page.getByText('Welcome, Marko Band! Band: The Encores')).toBeVisible();
  await expect(page.getByTestId('header-band')).toHaveText('The Encores');
  await expect(page.getByText('Band: The Encores', { exact: true })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Songs' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Administration' })).toHaveCount(0);
  await expect(page.getByRole('menuitem', { name: 'Manage Users' })).toHaveCount(0);
  // Bands and users tiles are not links for a band admin.
  await expect(page.getByRole('link', { name: /^Users: / })).toHaveCount(0);
  await expect(page.getByLabel(/^Users: \d+$/)).toBeVisible();
  await screenshot(page, 'dashboard-band-admin');
});

test('a viewer lands on /viewer', async ({ page }) => {
  const viewer = demo('viewer');
  await signIn(page, viewer.email, viewer.password);
  await expect(page).toHaveURL(/\/viewer$/);
  await expect(page.getByText(`Signed in as ${viewer.name}`)).toBeVisible();
  await screenshot(page, 'viewer');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
});

test("a wrong password shows the server's message, cleared on edit", async ({ page }) => {
  await signIn(page, demo('band_admin').email, 'not-the-password');
  const alert = page.getByRole('alert');
  await expect(alert).toHaveText('Invalid email or password.');
  await screenshot(page, 'login-error');
  await page.getByLabel('Password').fill('something else');
  await expect(alert).toHaveCount(0);
});

test('logout returns to /admin/login and the panel is closed again', async ({ page }) => {
  const admin = demo('admin');
  await signIn(page, admin.email, admin.password);
  await expect(page.getByRole('menuitem', { name: 'Logout' })).toBeVisible();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/admin\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
  await page.goto('/admin/');
  await expect(page).toHaveURL(/\/admin\/login$/);
});

test('an expired token sends the user back to login', async ({ page }) => {
  const bandAdmin = demo('band_admin');
  await signIn(page, bandAdmin.email, bandAdmin.password);
  await expect(page).toHaveURL(/\/admin\/songs$/);
  // Every use of the session so far has been written (the e2e server writes them within 50 ms).
  await page.waitForLoadState('networkidle');
  ageSessions(bandAdmin.email, 31);
  await page.goto('/admin/');
  await expect(page).toHaveURL(/\/admin\/login$/);
  await expect(page.getByRole('button', { name: 'Login to Admin Panel' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('user'))).toBeNull();
});

test('a first visit from a Serbian browser is in Serbian, before and after sign-in and on reload', async ({
  browser,
}) => {
  const context = await browser.newContext({ locale: 'sr-RS' });
  const page = await context.newPage();
  const bandAdmin = demo('band_admin');
  await page.goto('/admin/login');
  await expect(page.getByRole('heading', { name: 'Encore administracija' })).toBeVisible();
  await page.getByLabel('Email').fill(bandAdmin.email);
  await page.getByLabel('Lozinka').fill(bandAdmin.password);
  await page.getByRole('button', { name: 'Prijavi se' }).click();
  await expect(page.getByRole('menuitem', { name: 'Početna' })).toBeVisible();
  // Opened again with the session: still Serbian, though no language was ever chosen.
  await page.reload();
  await expect(page.getByRole('menuitem', { name: 'Početna' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'sr-Latn');
  // The menu still switches, and the choice is kept.
  await page.getByRole('button', { name: 'Srpski' }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();
  await expect(page.getByRole('menuitem', { name: 'Home' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('menuitem', { name: 'Home' })).toBeVisible();
  await context.close();
});
