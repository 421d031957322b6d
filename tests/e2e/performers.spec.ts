import { expect, test } from '@playwright/test';
import { apiAs } from './api';
import { demo, expectAccessible, screenshot, signIn } from './support';

test('deleting a performer keeps its songs and says how many changed', async ({ page }) => {
  const bandAdmin = demo('band_admin');
  const api = await apiAs(bandAdmin.email, bandAdmin.password);
  const { id } = await api.post('/api/admin/addperformer', { title: 'Privremeni Izvođač' });
  await api.post('/api/admin/addsong', { title: 'Prva privremena', performer: String(id) });
  await api.post('/api/admin/addsong', { title: 'Druga privremena', performer: String(id) });

  await signIn(page, bandAdmin.email, bandAdmin.password);
  await page.getByRole('menuitem', { name: 'Performers' }).click();
  await expect(page.getByRole('heading', { name: 'Performers', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'My Performers' })).toHaveAttribute('aria-pressed', 'true');
  await page.getByPlaceholder('Search by name').fill('privremeni izvodjac');
  const list = page.getByTestId('scroll-list');
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list.getByRole('link', { name: 'Privremeni Izvođač', exact: true })).toHaveAttribute(
    'href',
    `/admin/performer/${id}`,
  );
  await screenshot(page, 'performers-list');
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Delete Privremeni Izvođač' }).click();
  await page.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('Izmenjeno pesama: 2');
  await expect(dialog).toContainText('Privremeni Izvođač');
  await screenshot(page, 'performer-deleted');
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText('Nema podataka')).toBeVisible();

  const songs = await api.get('/api/admin/songs?q=privremena');
  expect(
    songs.data.map((s: { naziv: string; idizvodjaca: number | null }) => [s.naziv, s.idizvodjaca]),
  ).toEqual([
    ['Druga privremena', null],
    ['Prva privremena', null],
  ]);
  await api.dispose();
});
