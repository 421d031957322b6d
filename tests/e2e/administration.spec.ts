import { expect, test } from '@playwright/test';
import { demo, expectAccessible, screenshot, signIn } from './support';

test('a system admin opens the administration hub; a band admin is refused', async ({ page, browser }) => {
  const admin = demo('admin');
  await signIn(page, admin.email, admin.password);
  await page.getByRole('menuitem', { name: 'Administration' }).click();
  await expect(page.getByRole('heading', { name: 'System Administration', level: 1 })).toBeVisible();
  await expect(page.getByText('Version: 1.0.0')).toBeVisible();
  await screenshot(page, 'administration');
  await expectAccessible(page);

  const other = await browser.newPage();
  const bandAdmin = demo('band_admin');
  await signIn(other, bandAdmin.email, bandAdmin.password);
  await expect(other).toHaveURL(/\/admin\/songs$/);
  await other.goto('/admin/administration');
  await expect(other.getByText(/You are not allowed to see this page/)).toBeVisible();
  await other.close();
});
