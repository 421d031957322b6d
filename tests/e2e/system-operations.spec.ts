import { expect, test } from '@playwright/test';
import { apiAs } from './api';
import { demo, expectAccessible, screenshot, signIn } from './support';

const admin = demo('admin');

async function signInAsAdmin(page: import('@playwright/test').Page) {
  await signIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/admin\/songs$/);
}

test('an admin checks the system status and restarts the live server', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/admin/status');
  const websocket = page.getByRole('region', { name: 'WebSocket', exact: true });
  await expect(websocket).toHaveAttribute('data-status', 'healthy');
  await expect(page.getByRole('region', { name: 'Database' })).toHaveAttribute('data-status', 'healthy');
  await expect(page.getByRole('region', { name: 'Redis' })).toContainText('Not configured');
  await screenshot(page, 'system-status');
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Restart WebSocket' }).click();
  await expect(page.getByText('WebSocket server restart initiated successfully')).toBeVisible();
  // The page checks again three seconds after the restart and finds the live server back.
  const restarts = page.locator('dt', { hasText: /^Restarts$/ }).locator('xpath=following-sibling::dd');
  await expect(restarts).toHaveText('1', { timeout: 8000 });
  await expect(websocket).toHaveAttribute('data-status', 'healthy');

  await page.getByRole('button', { name: 'Refresh Status' }).click();
  await expect(page.getByText('System check completed successfully!')).toBeVisible();
  await page.getByRole('link', { name: 'View Logs' }).click();
  await expect(page).toHaveURL(/\/admin\/logs$/);
});

test('an admin filters and clears the logs', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/admin/logs');
  const entries = page.getByRole('list', { name: 'Log entries' }).getByRole('listitem');
  await expect(entries.filter({ hasText: 'user signed in' }).first()).toBeVisible();
  await screenshot(page, 'system-logs');
  await expectAccessible(page);

  await page.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Errors Only' }).click();
  await expect(page.getByText('No logs found.')).toBeVisible();
  await page.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Info Only' }).click();
  await expect(entries.filter({ hasText: 'user signed in' }).first()).toBeVisible();

  await page.getByRole('button', { name: 'Clear Logs' }).click();
  await page.getByRole('dialog', { name: 'Clear Logs' }).getByRole('button', { name: 'Clear Logs' }).click();
  await expect(page.getByText('System logs cleared successfully!')).toBeVisible();
  await expect(entries).toHaveCount(1);
  await expect(entries.first()).toContainText('logs cleared');
});

test('maintenance mode shuts out a band admin while the admin keeps working', async ({ page, browser }) => {
  const bandAdmin = demo('band_admin');
  try {
    await signInAsAdmin(page);
    await page.goto('/admin/settings');
    await expect(page.getByRole('heading', { name: 'System Settings', level: 1 })).toBeVisible();
    await screenshot(page, 'system-settings');
    await expectAccessible(page);
    await page.getByLabel('Maintenance Mode').check();
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expect(page.getByText('System settings saved successfully!')).toBeVisible();

    const band = await browser.newContext();
    const bandPage = await band.newPage();
    await signIn(bandPage, bandAdmin.email, bandAdmin.password);
    await expect(bandPage.getByText(/down for maintenance/)).toBeVisible();
    await expect(bandPage).toHaveURL(/\/admin\/login/);
    await screenshot(bandPage, 'maintenance-refused');

    // The admin is not affected.
    await page.getByRole('menuitem', { name: 'Songs' }).click();
    await expect(page.getByRole('heading', { name: 'Songs', level: 1 })).toBeVisible();
    await expect(page.getByTestId('scroll-list').getByRole('listitem').first()).toBeVisible();

    await page.goto('/admin/settings');
    await page.getByLabel('Maintenance Mode').uncheck();
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expect(page.getByText('System settings saved successfully!')).toBeVisible();
    await signIn(bandPage, bandAdmin.email, bandAdmin.password);
    await expect(bandPage).toHaveURL(/\/admin\/songs$/);
    await band.close();
  } finally {
    // Whatever happened above, the other tests need the system open.
    const api = await apiAs(admin.email, admin.password);
    await api.postJson('/api/admin/system-settings', { settings: { maintenance_mode: false } });
    await api.dispose();
  }
});
