import { devices, expect, type Page, test } from '@playwright/test';
import { apiAs, bandWithGig } from './api';
import { expectAccessible, screenshot, signIn } from './support';

/**
 * Issue 27, point 5, as a band and a guest would: the band's tablet keeps the gig (the page, the
 * queue, every chart) once opened; without the network it still opens a song it never opened before,
 * with its chart, and keeps a "Played" until the network is back, when the server takes it. A guest's
 * phone without the network keeps a request and sends it when it can, saying so.
 */
const chart = (word: string) => `{title: ${word}}
{key: Am}
[Am]${word} bez [F]mreže, [C]svira se [G]dalje`;

/** The service worker that controls the page (Workbox's, generated at build time), once it does. */
const controller = (page: Page) =>
  expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller?.scriptURL ?? null));

test('without the Wi-Fi the band tablet opens the next song with its chart and keeps Played until it is back', async ({
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const band = await bandWithGig({
    naziv: 'Bend bez mreže',
    slug: 'bend-bez-mreze',
    songs: [
      { naziv: 'Prva kiša', chart: chart('Prva') },
      { naziv: 'Druga obala', chart: chart('Druga') },
      // In the set, not asked for (yet): its chart is kept too.
      { naziv: 'Treća luka', chart: chart('Treća') },
    ],
    gig: { naziv: 'Veče bez mreže', active: true, allowMessages: false, startsInMinutes: 0 },
  });
  const api = await apiAs(band.email, band.password);
  const waiting = async () =>
    ((await api.get(`/api/admin/live/${band.token}`)) as { queue: { naziv: string }[] }).queue.map(
      (entry) => entry.naziv,
    );

  // Two guests ask for both songs.
  for (const [search, song] of [
    ['prva', 'Prva kiša'],
    ['druga', 'Druga obala'],
  ]) {
    const guestContext = await browser.newContext();
    const guest = await guestContext.newPage();
    await guest.goto(`/g/${band.token}`);
    await guest.getByLabel('Find a song').fill(search);
    await guest.getByRole('button', { name: new RegExp(song) }).click();
    await expect(guest.getByText(`You asked for “${song}”.`)).toBeVisible();
    await guestContext.close();
  }

  // The tablet opens the band page: the service worker keeps it, the queue and both charts.
  const tabletContext = await browser.newContext({ viewport: { width: 1024, height: 768 } });
  const tablet = await tabletContext.newPage();
  await signIn(tablet, band.email, band.password);
  await expect(tablet).toHaveURL(/\/admin\/songs$/);
  await tablet.goto(`/band/${band.token}`);
  await expect(tablet.getByTestId('kept-offline')).toHaveText('Kept on this tablet for offline use: 3 songs');
  // Each song's chart (the set's three), the queue and the set, in the band's cache.
  const kept = await tablet.evaluate(async () =>
    (await (await caches.open('encore-band')).keys()).map((request) => new URL(request.url).pathname),
  );
  expect(kept.filter((path) => path.endsWith('/chart'))).toHaveLength(3);
  expect(kept).toEqual(
    expect.arrayContaining([`/api/admin/live/${band.token}`, `/api/admin/live/${band.token}/setlist`]),
  );
  await controller(tablet).toMatch(/\/sw\.js$/);
  expect(
    await tablet.evaluate(() => document.querySelector('link[rel=manifest]')?.getAttribute('href')),
  ).toBe('/band.webmanifest');

  // The Wi-Fi drops, and the tablet even reloads the page: it is all still there.
  await tabletContext.setOffline(true);
  await expect(tablet.getByRole('alert').filter({ hasText: /^Offline\./ })).toBeVisible();
  await tablet.reload();
  await expect(tablet.getByRole('alert').filter({ hasText: /^Offline\./ })).toBeVisible();
  const queue = tablet.getByRole('list', { name: 'Requested songs' });
  await expect(queue.getByRole('listitem')).toHaveCount(2);

  // The set walks on: Next opens its first song, and Next in the stage view the following ones,
  // never opened on this tablet, each with its chart.
  const set = tablet.getByRole('region', { name: 'Tonight’s set' });
  await set.getByRole('button', { name: 'Next' }).click();
  let stage = tablet.getByRole('dialog', { name: 'Prva kiša' });
  await expect(stage.getByRole('region', { name: 'Chord chart' })).toContainText('Prva bez');
  await stage.getByRole('button', { name: 'Next' }).click();
  stage = tablet.getByRole('dialog', { name: 'Druga obala' });
  const lines = stage.getByRole('region', { name: 'Chord chart' });
  await expect(lines.locator('[data-chord]')).toHaveText(['Am', 'F', 'C', 'G']);
  await expect(lines).toContainText('svira se');
  await screenshot(tablet, 'offline-stage-chart', testInfo);
  await expectAccessible(tablet);
  await stage.getByRole('button', { name: 'Next' }).click();
  stage = tablet.getByRole('dialog', { name: 'Treća luka' });
  await expect(stage.getByRole('region', { name: 'Chord chart' })).toContainText('Treća bez');
  await stage.getByRole('button', { name: 'Back' }).click();
  await expect(stage).toBeHidden();

  // Druga obala, asked for, is opened from the queue.
  await queue.getByRole('button', { name: 'Open Druga obala', exact: true }).click();
  stage = tablet.getByRole('dialog', { name: 'Druga obala' });
  await expect(stage.getByRole('region', { name: 'Chord chart' })).toContainText('svira se');

  // Played, without the network: kept on the tablet, the song off the queue here, not yet on the server.
  await stage.getByRole('button', { name: 'Played Druga obala' }).click();
  await expect(stage).toBeHidden();
  await expect(tablet.getByText('Played: Druga obala')).toBeVisible();
  await expect(queue.getByRole('listitem')).toHaveCount(1);
  await screenshot(tablet, 'offline-played-waiting', testInfo);
  await expectAccessible(tablet);
  expect(await waiting()).toEqual(['Prva kiša', 'Druga obala']);

  // The network is back: the page says so, and the server has it played.
  await tabletContext.setOffline(false);
  await expect(tablet.getByRole('alert').filter({ hasText: 'Back online.' })).toBeVisible();
  await expect.poll(waiting).toEqual(['Prva kiša']);
  await expect(tablet.getByText('Played: Druga obala')).toBeHidden();
  await expect(queue.getByRole('listitem')).toHaveCount(1);
  await screenshot(tablet, 'offline-back-online', testInfo);
  await tabletContext.close();
  await api.dispose();
});

test('a guest’s phone without the network keeps a request and sends it when the network is back', async ({
  browser,
}, testInfo) => {
  test.setTimeout(90_000);
  const band = await bandWithGig({
    naziv: 'Bend za telefone',
    slug: 'bend-za-telefone',
    songs: ['Kiša pada', 'Ruža vetrova'],
    gig: { naziv: 'Veče u bašti', active: true, allowMessages: false, startsInMinutes: 0 },
  });
  const api = await apiAs(band.email, band.password);
  const waiting = async () =>
    ((await api.get(`/api/admin/live/${band.token}`)) as { queue: { naziv: string }[] }).queue.map(
      (entry) => entry.naziv,
    );

  const phoneContext = await browser.newContext({ ...devices['Pixel 7'] });
  const phone = await phoneContext.newPage();
  await phone.goto(`/g/${band.token}`);
  await expect(phone.getByRole('heading', { name: 'Veče u bašti', level: 1 })).toBeVisible();
  await controller(phone).toMatch(/\/sw\.js$/);
  expect(await phone.evaluate(() => document.querySelector('link[rel=manifest]')?.getAttribute('href'))).toBe(
    '/audience.webmanifest',
  );

  // No network: the page says so, and a request waits on the phone, the page saying that too.
  await phoneContext.setOffline(true);
  await expect(phone.getByText(/^You are offline\./)).toBeVisible();
  await phone.getByLabel('Find a song').fill('ruza');
  await phone.getByRole('button', { name: /Ruža vetrova/ }).click();
  await expect(
    phone.getByText(
      'No connection: your request for “Ruža vetrova” is kept on this phone and sent when the connection is back.',
    ),
  ).toBeVisible();
  const mine = phone.getByRole('region', { name: 'Your requests' });
  await expect(mine.getByRole('listitem')).toHaveText(['Ruža vetrovaNot sent yet']);
  await screenshot(phone, 'offline-guest-kept', testInfo);
  await expectAccessible(phone);
  expect(await waiting()).toEqual([]);

  // Back online: sent, the band has it, and the page says so.
  await phoneContext.setOffline(false);
  await expect(phone.getByText('You asked for “Ruža vetrova”.')).toBeVisible();
  // Waiting, with its place and wait (issue 29): the only song in the queue.
  await expect(mine.getByRole('listitem')).toHaveText(['Ruža vetrovaWaiting1st in line · up next']);
  expect(await waiting()).toEqual(['Ruža vetrova']);
  await screenshot(phone, 'offline-guest-sent', testInfo);
  await expectAccessible(phone);
  await phoneContext.close();
  await api.dispose();
});
