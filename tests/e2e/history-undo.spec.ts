import { expect, type Page, test } from '@playwright/test';
import { apiAs } from './api';
import { demo, expectAccessible, screenshot, signIn } from './support';

/**
 * Issue 28, points 3 and 4, as a band admin and a system admin would: a song's History tab shows
 * who changed what and brings an earlier version back; a song deleted by mistake comes back with
 * the toast's Undo; another, deleted earlier, comes back from the system admins' Activity Log.
 */

const rows = (page: Page) => page.getByTestId('scroll-list').getByRole('listitem');

test('a song’s history restores an earlier version; deleted songs come back with Undo and from the activity log', async ({
  page,
}) => {
  // Two signed-in browsers, a restore, an undo and two accessibility scans.
  test.setTimeout(90_000);
  // A band of its own (runs of the suite share the demo data).
  const tag = Date.now().toString(36);
  const admin = demo('admin');
  const root = await apiAs(admin.email, admin.password);
  const bandName = `Istorija ${tag}`;
  const band = await root.post('/api/admin/addband', { naziv: bandName, slug: `istorija-${tag}` });
  const ana = { name: 'Ana Istorija', email: `ana-h-${tag}@encore.test`, password: `ana-${tag}-password` };
  await root.postJson('/api/admin/adduser', { ...ana, role: 'band_admin', band_id: band.data.id });
  const api = await apiAs(ana.email, ana.password);
  const performer = await api.post('/api/admin/addperformer', { title: `Sastav ${tag}` });
  const song = (title: string) => api.post('/api/admin/addsong', { title, performer: String(performer.id) });
  const edited = await song(`Prva ${tag}`);
  await song(`Greška ${tag}`);
  // Deleted days ago, say: its Undo is long gone.
  const old = await song(`Stara ${tag}`);
  await api.get(`/api/admin/song/${old.id}/delete`);
  // Ana renames the first song, then sets its key: two changes in its history.
  await api.post(`/api/admin/song/${edited.id}/update`, {
    title: `Prva verzija ${tag}`,
    performer: String(performer.id),
  });
  await api.post(`/api/admin/song/${edited.id}/update`, {
    title: `Druga verzija ${tag}`,
    performer: String(performer.id),
    tonalitet: 'Am',
  });
  await api.dispose();

  await signIn(page, ana.email, ana.password);
  await expect(page).toHaveURL(/\/admin\/songs$/);

  // The History tab: newest first, who and what, field by field.
  await page.goto(`/admin/song/${edited.id}`);
  await expect(page.getByRole('heading', { name: `Edit: Druga verzija ${tag}`, level: 1 })).toBeVisible();
  await page.getByRole('tab', { name: 'History' }).click();
  const entries = page.getByTestId('history-entry');
  await expect(entries).toHaveCount(3);
  await expect(entries.nth(0)).toContainText('Changed');
  await expect(entries.nth(0)).toContainText(ana.name);
  await expect(entries.nth(0)).toContainText(`Name: Prva verzija ${tag} → Druga verzija ${tag}`);
  await expect(entries.nth(0)).toContainText('Key: (empty) → Am');
  await expect(entries.nth(2)).toContainText('Created');
  await screenshot(page, 'history-tab');
  await expectAccessible(page);

  // Restore the first rename: the title comes back, the key goes, and the restore is a change too.
  await entries.nth(1).getByRole('button', { name: 'Restore this version' }).click();
  await expect(page.getByText('Version restored.')).toBeVisible();
  await expect(entries).toHaveCount(4);
  await expect(entries.nth(0)).toContainText('Restored');
  await page.getByRole('tab', { name: 'Details' }).click();
  await expect(page.getByLabel('Title')).toHaveValue(`Prva verzija ${tag}`);
  // The form holds the restored version: a save now is not refused as stale.
  await page.getByLabel('Title').fill(`Prva ${tag}`);
  await page.getByRole('button', { name: 'Update Song' }).click();
  await expect(page.getByText('Song has been updated')).toBeVisible();

  // A song deleted by mistake comes back with the toast's Undo.
  await page.getByRole('menuitem', { name: 'Songs' }).click();
  await page.getByPlaceholder('Search by song name or performer').fill(tag);
  await expect(rows(page)).toHaveCount(2);
  await page.getByRole('button', { name: `Delete Greška ${tag}` }).click();
  await expect(page.getByText('You can bring it back with Undo right after.')).toBeVisible();
  await page.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Song has been deleted')).toBeVisible();
  await expect(rows(page)).toHaveCount(1);
  await screenshot(page, 'undo-toast');
  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText('Brought back.')).toBeVisible();
  await expect(rows(page)).toHaveCount(2);
  await expect(rows(page).getByText(`Greška ${tag}`)).toBeVisible();

  // The system admin brings it back from the Activity Log, filtered by the band.
  const context = await page.context().browser()!.newContext();
  const adminPage = await context.newPage();
  await signIn(adminPage, admin.email, admin.password);
  await expect(adminPage).toHaveURL(/\/admin\/songs$/);
  await adminPage.goto('/admin/activity');
  await expect(adminPage.getByRole('heading', { name: 'Activity Log' })).toBeVisible();
  await adminPage.getByLabel('Band').click();
  await adminPage.getByRole('option', { name: bandName }).click();
  const restore = adminPage.getByRole('button', { name: `Restore: Stara ${tag}` });
  await expect(restore.first()).toBeVisible();
  // The song brought back with Undo: its create and its delete can be restored, not its newest
  // change (the Undo), which is the song as it is.
  await expect(adminPage.getByRole('button', { name: `Restore: Greška ${tag}` })).toHaveCount(2);
  await screenshot(adminPage, 'activity-log');
  await expectAccessible(adminPage);
  // The newest row of that song is its delete.
  await restore.first().click();
  await expect(adminPage.getByText('Version restored.')).toBeVisible();
  await context.close();

  // Ana's list shows it again (the panel's live topic reloads it).
  await expect(rows(page)).toHaveCount(3);
  await expect(rows(page).getByText(`Stara ${tag}`)).toBeVisible();
});
