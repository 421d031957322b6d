import fs from 'node:fs/promises';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { expect, test } from '@playwright/test';
import { E2E_DATA_DIR } from '../../playwright.config';
import { wallClock } from '../../src/server/lib/clock';
import { apiAs, bandWithGig } from './api';
import { expectAccessible, screenshot, signIn } from './support';

/**
 * Issue 29, point 3: after a season of gigs the band sees what its audiences asked for. A band with
 * 20 gigs over the last weeks, their requests written straight into the database (the audience's
 * limits would take an hour of guests to make them): the Insights screen shows the top songs and the
 * charts, and a figure's CSV downloads.
 */
const SONGS = ['Đurđevdan', 'Jugo 45', 'Lepa Brena', 'Kafana na Balkanu', 'Mesečina', 'Ajde Jano'];
/** Requests per gig for each song: Đurđevdan most, Ajde Jano never. */
const ASKED = [5, 3, 2, 1, 1, 0];

test('the Insights screen of a band with 20 gigs shows its top songs and charts, and downloads a CSV', async ({
  page,
}, testInfo) => {
  const band = await bandWithGig({
    naziv: 'Sezona',
    slug: 'sezona-uvidi',
    songs: SONGS,
    gig: { naziv: 'Sezona nastup 1', active: false, allowMessages: false, startsInMinutes: -24 * 60 },
  });
  const api = await apiAs(band.email, band.password);
  const gigIds = [band.gigId];
  const { playlista } = (await api.get(`/api/admin/gig/${band.gigId}`)) as { playlista: number };
  for (let i = 2; i <= 20; i++) {
    const { id } = await api.post('/api/admin/addgig', {
      title: `Sezona nastup ${i}`,
      lokacija: 'Beograd',
      status: '0',
      razmakpesme: '1',
      razmakvreme: '2',
      starttime: wallClock(new Date(Date.now() - i * 2 * 86_400_000)),
      playlista: String(playlista),
    });
    gigIds.push(id as number);
  }
  await api.dispose();

  const db = new SQLite(path.join(E2E_DATA_DIR, 'encore.sqlite'));
  try {
    const songIds = SONGS.map(
      (naziv) =>
        (
          db
            .prepare(
              'select songs.id from songs join bands on bands.id = songs.band_id where bands.slug = ? and songs.naziv = ?',
            )
            .get('sezona-uvidi', naziv) as { id: number }
        ).id,
    );
    const insert = db.prepare(
      `insert into song_requests (gig_id, song_id, device_id, ip, status, position, created_at, updated_at)
       values (?, ?, ?, '203.0.113.9', ?, ?, ?, ?)`,
    );
    let n = 0;
    db.transaction(() => {
      gigIds.forEach((gigId, g) => {
        const night = Date.now() - (g + 1) * 2 * 86_400_000;
        songIds.forEach((songId, s) => {
          for (let k = 0; k < ASKED[s]; k++) {
            n += 1;
            const at = new Date(night + (k * 20 + s) * 60_000).toISOString();
            insert.run(gigId, songId, `device-${n}`, k % 3 === 2 ? 'declined' : 'played', n, at, at);
          }
        });
      });
      db.prepare(
        "insert into search_misses (gig_id, band_id, day, text, count) select ?, band_id, ?, 'stairway to heaven', 7 from gigs where id = ?",
      ).run(band.gigId, new Date().toISOString().slice(0, 10), band.gigId);
    })();
  } finally {
    db.close();
  }

  await signIn(page, band.email, band.password);
  await page.getByRole('menuitem', { name: 'Insights' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Insights' })).toBeVisible();

  const songs = page.getByRole('region', { name: 'Most requested songs' });
  const top = songs.getByRole('list', { name: 'Most requested songs' }).getByRole('listitem');
  await expect(top.first()).toHaveAccessibleName('Đurđevdan · Sezona uživo: 100');
  await expect(top.nth(1)).toHaveAccessibleName('Jugo 45 · Sezona uživo: 60');
  // The charts: a bar per gig, the night's hours, how requests ended.
  const perGig = page.getByRole('region', { name: 'Requests per gig' }).getByRole('listitem');
  await expect(perGig).toHaveCount(20);
  await expect(perGig.first()).toHaveAccessibleName(/^Sezona nastup 20, .+: 12$/);
  await expect(
    page.getByRole('region', { name: 'Requests per hour of the night' }).getByRole('listitem').first(),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: 'How requests ended' })).toContainText(
    '240 requests at 20 gigs.',
  );
  await expect(page.getByRole('region', { name: 'Searched for and not found' })).toContainText(
    'stairway to heaven',
  );
  await expect(page.getByRole('region', { name: 'Never requested' })).toContainText('Ajde Jano');
  await screenshot(page, 'insights', testInfo);
  await expectAccessible(page);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CSV: Most requested songs' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe('encore-insights-songs.csv');
  const lines = (await fs.readFile((await file.path())!, 'utf8')).replace(/^\uFEFF/, '').split('\r\n');
  expect(lines.slice(0, 3)).toEqual([
    'Song,Performer,Requests',
    'Đurđevdan,Sezona uživo,100',
    'Jugo 45,Sezona uživo,60',
  ]);
});
