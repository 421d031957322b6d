import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
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
    '\uFEFFTitle,Performer,Public,Resource link',
    'Pesma iz Šumadije 150,Čiča Đorđe 6,no,',
  ]);
});
