import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { apiAs, pdf, png } from './api';
import { demo, expectAccessible, screenshot, signIn } from './support';

const files = fs.mkdtempSync(path.join(os.tmpdir(), 'encore-e2e-files-'));
const picturePath = path.join(files, 'face.png');
const pdfPath = path.join(files, 'chords.pdf');
fs.writeFileSync(picturePath, png());
fs.writeFileSync(pdfPath, pdf());

const bandAdmin = demo('band_admin');
const otherBand = { email: 'other@encore.demo', password: 'encore-other' };

async function openSongs(page: Page, search?: string) {
  await page.getByRole('menuitem', { name: 'Songs' }).click();
  await expect(page.getByRole('heading', { name: 'Songs', level: 1 })).toBeVisible();
  if (search) await page.getByPlaceholder('Search by song name or performer').fill(search);
}

const rows = (page: Page) => page.getByTestId('scroll-list').getByRole('listitem');

test('a band admin adds a performer with a picture and a song with a PDF resource, then finds it', async ({
  page,
}) => {
  // Two uploads, four screens and two accessibility scans: more than 30 s on a loaded machine.
  test.setTimeout(60_000);
  await signIn(page, bandAdmin.email, bandAdmin.password);
  await expect(page).toHaveURL(/\/admin\/songs$/);
  await expect(rows(page).first()).toBeVisible();
  await screenshot(page, 'songs-list');
  await expectAccessible(page);

  await page.getByRole('menuitem', { name: 'Add performer' }).click();
  await expect(page.getByRole('heading', { name: 'Add performer', level: 1 })).toBeVisible();
  await page.getByLabel('Name').fill('Šćepan Đurić');
  await page.getByLabel('Picture', { exact: true }).setInputFiles(picturePath);
  await expect(page.getByRole('img', { name: 'Picture preview' })).toBeVisible();
  await page.getByLabel('Visible public').check();
  await screenshot(page, 'performer-add');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Add Performer' }).click();
  await expect(page.getByText('Performer has been added')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/performer\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Edit performer Šćepan Đurić', level: 1 })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Picture preview' })).toHaveAttribute(
    'src',
    /\/uploads\/.+\.png$/,
  );
  await screenshot(page, 'performer-edit');

  await page.getByRole('menuitem', { name: 'Add song' }).click();
  await expect(page.getByRole('heading', { name: 'Add song', level: 1 })).toBeVisible();
  await page.getByLabel('Title').fill('Čarobna noć');
  // Typed, as a band with many performers finds one: other tests of the run add performers, and
  // the list opens on the first ones only.
  await page.getByLabel('Performer').fill('Šćepan');
  await page.getByRole('option', { name: 'Šćepan Đurić' }).click();
  await expect(page.locator('li[role=option]')).toHaveCount(0);
  await screenshot(page, 'song-add');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Add Song' }).click();
  await expect(page.getByText('Song has been added')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/song\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Edit: Čarobna noć', level: 1 })).toBeVisible();

  await page.getByLabel('Resource file').setInputFiles(pdfPath);
  await page.getByRole('button', { name: 'Update Song' }).click();
  await expect(page.getByText('Song has been updated')).toBeVisible();
  await expect(page.getByTitle('Resource preview')).toHaveAttribute('src', /\/uploads\/.+\.pdf$/);
  await screenshot(page, 'song-edit');
  await expectAccessible(page);

  // The add screen was replaced in history by the edit screen.
  await page.goBack();
  await expect(page).not.toHaveURL(/addsong/);

  await openSongs(page, 'carobna noc');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('Čarobna noć');
  await page.getByPlaceholder('Search by song name or performer').fill('scepan djuric');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('Šćepan Đurić');
});

test("another band sees a song under 'Other Songs' only once it is public, and read-only", async ({
  page,
}) => {
  const api = await apiAs(bandAdmin.email, bandAdmin.password);
  const [performer] = await api.get('/api/admin/performers');
  const { id } = await api.post('/api/admin/addsong', {
    title: 'Tajna pesma',
    performer: String(performer.id),
  });

  await signIn(page, otherBand.email, otherBand.password);
  await openSongs(page);
  await page.getByRole('button', { name: 'Other Songs' }).click();
  await page.getByPlaceholder('Search by song name or performer').fill('tajna');
  await expect(page.getByText('Nema podataka')).toBeVisible();

  await api.post(`/api/admin/song/${id}/update`, {
    title: 'Tajna pesma',
    performer: String(performer.id),
    visible: '1',
  });
  await api.dispose();
  await page.reload();
  await page.getByRole('button', { name: 'Other Songs' }).click();
  await page.getByPlaceholder('Search by song name or performer').fill('tajna');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first().getByRole('img', { name: "Another band's (read-only)" })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delete Tajna pesma' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Edit Tajna pesma' })).toHaveCount(0);
  await screenshot(page, 'songs-other-band');

  // Not under 'My Songs'.
  await page.getByRole('button', { name: 'My Songs' }).click();
  await expect(page.getByText('Nema podataka')).toBeVisible();
});

test('a long list loads further pages as it is scrolled', async ({ page }) => {
  const api = await apiAs(bandAdmin.email, bandAdmin.password);
  const [performer] = await api.get('/api/admin/performers');
  for (let i = 1; i <= 45; i++) {
    await api.post('/api/admin/addsong', {
      title: `Skrol ${String(i).padStart(2, '0')}`,
      performer: String(performer.id),
    });
  }
  await api.dispose();

  await signIn(page, bandAdmin.email, bandAdmin.password);
  await openSongs(page, 'skrol');
  // The search applies once typing pauses; wait for it before counting.
  await expect(rows(page).first()).toContainText('Skrol 01');
  await expect(rows(page)).toHaveCount(20);
  const list = page.getByTestId('scroll-list');
  await list.evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await expect(rows(page)).toHaveCount(40);
  await list.evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await expect(rows(page)).toHaveCount(45);
  await expect(rows(page).last()).toContainText('Skrol 45');
});

test('deleting a song shows the toasts and refreshes the list', async ({ page }) => {
  const api = await apiAs(bandAdmin.email, bandAdmin.password);
  const [performer] = await api.get('/api/admin/performers');
  await api.post('/api/admin/addsong', { title: 'Obriši me', performer: String(performer.id) });
  await api.dispose();

  await signIn(page, bandAdmin.email, bandAdmin.password);
  await openSongs(page, 'obrisi');
  await expect(rows(page)).toHaveCount(1);
  await page.getByRole('button', { name: 'Delete Obriši me' }).click();
  await page.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Song has been deleted')).toBeVisible();
  await expect(page.getByText('Nema podataka')).toBeVisible();
});
