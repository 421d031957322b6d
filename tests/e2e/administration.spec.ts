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

test('the hub links the browsable API docs, which load only from this server and pass its CSP', async ({
  page,
}) => {
  const admin = demo('admin');
  const elsewhere: string[] = [];
  const blocked: string[] = [];
  page.on('request', (request) => {
    if (!request.url().startsWith('http://127.0.0.1:') && !request.url().startsWith('data:'))
      elsewhere.push(request.url());
  });
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) blocked.push(message.text());
  });
  await signIn(page, admin.email, admin.password);
  await page.getByRole('menuitem', { name: 'Administration' }).click();
  await page.getByRole('link', { name: 'API documentation' }).click();
  await expect(page).toHaveURL(/\/api\/docs$/);
  // Swagger UI drew the document it fetched from /api/docs/json: its title and the operations.
  await expect(page.getByRole('heading', { name: /Encore API/ })).toBeVisible();
  await expect(page.locator('.opblock-summary-path', { hasText: /^\/api\/login$/ }).first()).toBeVisible();
  await screenshot(page, 'api-docs');
  expect(elsewhere).toEqual([]);
  expect(blocked).toEqual([]);
});
