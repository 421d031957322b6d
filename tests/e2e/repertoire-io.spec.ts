import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { apiAs } from './api';
import { demo, expectAccessible, screenshot, signIn } from './support';

const bandAdmin = demo('band_admin');

// A band's spreadsheet as Excel saves "CSV UTF-8": BOM, semicolons, Serbian diacritics, three bad rows.
function repertoireCsv() {
  const lines = ['Naziv;Izvođač;Javno;Resource link'];
  for (let i = 1; i <= 297; i++)
    lines.push(`Pesma iz Šumadije ${i};Čiča Đorđe ${i % 12};${i % 2 ? 'da' : 'ne'};`);
  lines.push(';Bez naslova;;', '=HYPERLINK("http://evil.example");Napadač;;', 'Ćevapi;Kafana;možda;');
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'encore-e2e-csv-')), 'repertoar.csv');
  fs.writeFileSync(file, '\uFEFF' + lines.join('\r\n'));
  return file;
}

test('a band admin imports a 300-row CSV, reads the preview, confirms, finds the songs and exports them', async ({
  page,
}) => {
  await signIn(page, bandAdmin.email, bandAdmin.password);
  await expect(page).toHaveURL(/\/admin\/songs$/);
  await page.getByRole('link', { name: 'Import' }).click();
  await expect(page.getByRole('heading', { name: 'Import songs', level: 1 })).toBeVisible();
  await page.getByLabel('CSV file').setInputFiles(repertoireCsv());
  await page.getByRole('button', { name: 'Preview' }).click();

  await expect(page.getByRole('heading', { name: '297 songs to add' })).toBeVisible();
  await expect(page.getByText(/^New performers: Čiča Đorđe 1, /)).toBeVisible();
  await expect(page.getByRole('heading', { name: '3 rows with problems (skipped)' })).toBeVisible();
  const problems = page.getByRole('list', { name: 'Rows with problems' });
  await expect(problems.getByRole('listitem')).toHaveText([
    'Line 299: the title is missing',
    'Line 300: a cell is a spreadsheet formula',
    'Line 301: visible must be yes or no',
  ]);
  await screenshot(page, 'songs-import-preview');
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Import 297 songs' }).click();
  await expect(page.getByText('Imported 297 songs')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/songs$/);
  await page.getByPlaceholder('Search by song name or performer').fill('sumadije 150');
  await expect(page.getByTestId('scroll-list').getByRole('listitem')).toHaveCount(1);
  await expect(page.getByTestId('scroll-list').getByText('Pesma iz Šumadije 150')).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('encore-songs.csv');
  const text = fs.readFileSync((await file.path())!, 'utf8');
  expect(text.charCodeAt(0)).toBe(0xfeff);
  expect(text.split('\r\n')).toEqual([
    '\uFEFFTitle,Performer,Public,Resource link,Key,Tempo (BPM),Duration,Chord chart (ChordPro)',
    'Pesma iz Šumadije 150,Čiča Đorđe 6,no,,,,,',
  ]);
});

test('in Serbian Cyrillic the export has Cyrillic headers and yes/no, and imports back', async ({ page }) => {
  const api = await apiAs(bandAdmin.email, bandAdmin.password);
  const performer = await api.post('/api/admin/addperformer', { title: 'Ćirilični Izvođač' });
  await api.post('/api/admin/addsong', { title: 'Ćirilična pesma', performer: String(performer.id) });

  await signIn(page, bandAdmin.email, bandAdmin.password);
  await expect(page).toHaveURL(/\/admin\/songs$/);
  await page.getByRole('button', { name: 'English' }).click();
  await page.getByRole('menuitem', { name: 'Српски' }).click();
  await page.getByPlaceholder('Претрага по називу песме или извођачу').fill('cirilicna pesma');
  await expect(page.getByTestId('scroll-list').getByRole('listitem')).toHaveCount(1);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Извоз' }).click();
  const file = (await (await download).path())!;
  expect(fs.readFileSync(file, 'utf8').split('\r\n')).toEqual([
    '\uFEFFНаслов,Извођач,Јавно,Линк ка материјалу,Тоналитет,Темпо (BPM),Трајање,Акордски запис (ChordPro)',
    'Ćirilična pesma,Ćirilični Izvođač,не,,,,,',
  ]);

  // The file reads back: the same song, found as already in the band's songs.
  await page.getByRole('link', { name: 'Увоз' }).click();
  await page.getByLabel('CSV датотека').setInputFiles(file);
  await page.getByRole('button', { name: 'Преглед' }).click();
  await expect(page.getByRole('heading', { name: /^Већ постоји у вашим песмама/ })).toBeVisible();
  await api.dispose();
});

test('a band admin selects five songs, makes them public and adds them to a playlist', async ({ page }) => {
  const api = await apiAs(bandAdmin.email, bandAdmin.password);
  const performer = await api.post('/api/admin/addperformer', { title: 'Skupni Izvođač' });
  for (let i = 1; i <= 5; i++) {
    await api.post('/api/admin/addsong', { title: `Skupna pesma ${i}`, performer: String(performer.id) });
  }
  const { id: playlist } = await api.post('/api/admin/addplaylist', { title: 'Skupna lista' });

  await signIn(page, bandAdmin.email, bandAdmin.password);
  await page.getByPlaceholder('Search by song name or performer').fill('skupna pesma');
  const list = page.getByTestId('scroll-list');
  await expect(list.getByRole('listitem')).toHaveCount(5);
  for (let i = 1; i <= 5; i++) await page.getByRole('checkbox', { name: `Select Skupna pesma ${i}` }).check();
  const toolbar = page.getByRole('toolbar', { name: 'Bulk actions' });
  await expect(toolbar.getByText('5 selected')).toBeVisible();
  await screenshot(page, 'songs-bulk-selected');
  await expectAccessible(page);
  await toolbar.getByRole('button', { name: 'Make public' }).click();
  await expect(page.getByText('Made public')).toBeVisible();
  await expect(toolbar).toBeHidden();

  // Another band now finds them.
  const other = await apiAs('other@encore.demo', 'encore-other');
  const seen = await other.get('/api/admin/songs?o=3&pg=0&q=skupna');
  expect(seen.data.map((song: { naziv: string }) => song.naziv).sort()).toEqual(
    [1, 2, 3, 4, 5].map((i) => `Skupna pesma ${i}`),
  );

  for (const i of [2, 4]) await page.getByRole('checkbox', { name: `Select Skupna pesma ${i}` }).check();
  await toolbar.getByRole('button', { name: 'Add to playlist' }).click();
  await page.getByRole('dialog').getByLabel('Playlist').click();
  await page.getByRole('option', { name: 'Skupna lista' }).click();
  await page.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(page.getByText('Songs added to the playlist')).toBeVisible();
  const read = await api.get(`/api/admin/playlist/${playlist}`);
  expect(read.songs.map((song: { naziv: string }) => song.naziv)).toEqual([
    'Skupna pesma 2',
    'Skupna pesma 4',
  ]);
  await api.dispose();
  await other.dispose();
});

test('a band admin pastes a 12-line setlist into a playlist and creates the missing song in one go', async ({
  page,
}) => {
  const api = await apiAs(bandAdmin.email, bandAdmin.password);
  const performer = await api.post('/api/admin/addperformer', { title: 'Đorđe Setlista' });
  const titles = Array.from({ length: 10 }, (_, i) => `Večernja pesma ${i + 1}`);
  for (const title of titles)
    await api.post('/api/admin/addsong', { title, performer: String(performer.id) });
  const { id: playlist } = await api.post('/api/admin/addplaylist', { title: 'Petak setlista' });
  const setlist = [
    ...titles.map((title, i) => `${i + 1}. ${i % 2 ? title.replace('č', 'c') : title} - Djordje Setlista`),
    '11. Nova pesma za kraj - Đorđe Setlista',
    '12. Pesma bez izvođača',
  ].join('\n');

  await signIn(page, bandAdmin.email, bandAdmin.password);
  await expect(page).toHaveURL(/\/admin\/songs$/);
  await page.goto(`/admin/playlist/${playlist}`);
  await page.getByRole('button', { name: 'Paste setlist' }).click();
  const dialog = page.getByRole('dialog', { name: 'Paste setlist' });
  await dialog.getByLabel('Setlist').fill(setlist);
  await dialog.getByRole('button', { name: 'Find songs' }).click();
  await expect(dialog.getByRole('heading', { name: '10 found' })).toBeVisible();
  await expect(dialog.getByRole('heading', { name: '2 not found' })).toBeVisible();
  await screenshot(page, 'playlist-paste-setlist');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Create 1 missing song' }).click();
  await expect(dialog.getByRole('heading', { name: '11 found' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Add 11 songs' }).click();
  await page.getByRole('button', { name: 'Update Playlist' }).click();
  await expect(page.getByText('Playlist has been updated')).toBeVisible();
  const saved = await api.get(`/api/admin/playlist/${playlist}`);
  expect(saved.songs.map((song: { naziv: string }) => song.naziv)).toEqual([...titles, 'Nova pesma za kraj']);
  await api.dispose();
});
