import { type CDPSession, expect, type Locator, type Page, test } from '@playwright/test';
import { apiAs } from './api';
import { demo, expectAccessible, signIn } from './support';

// Issue 26, point 2: the panel on a phone (an iPhone 12-14's screen, used with a finger).
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const bandAdmin = demo('band_admin');
const viewer = demo('viewer');

/** The lists, each with the API's own list (its default filter) whose first item the screen shows
 *  first. */
const LISTS = [
  { path: '/admin/songs', api: '/api/admin/songs?o=2&pg=0' },
  { path: '/admin/performers', api: '/api/admin/performers?os=2&pg=0' },
  { path: '/admin/playlists', api: '/api/admin/playlists?os=2&pg=0' },
  { path: '/admin/gigs', api: '/api/admin/gigs?pg=0' },
];

const rowTitle = (row: Locator) => row.locator('.MuiListItemText-primary');

/** A finger on the screen, by Chromium's own touch events (Playwright only taps). */
async function finger(page: Page) {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  const at = (x: number, y: number) => [{ x, y, id: 1 }];
  return {
    down: (x: number, y: number) =>
      cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(x, y) }),
    move: (x: number, y: number) =>
      cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(x, y) }),
    up: () => cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] }),
  };
}

/** The middle of an element, scrolled into the window first. */
const centre = async (element: Locator) => {
  await element.scrollIntoViewIfNeeded();
  const box = (await element.boundingBox())!;
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
};

test('every list shows its items’ titles across the row, and the screens pass axe', async ({ page }) => {
  test.slow(); // four lists, a form, the editor and the dashboard, each scanned
  const api = await apiAs(bandAdmin.email, bandAdmin.password);
  await signIn(page, bandAdmin.email, bandAdmin.password);
  await expect(page).toHaveURL(/\/admin\/songs$/);
  for (const list of LISTS) {
    const { data } = (await api.get(list.api)) as { data: { naziv: string }[] };
    await page.goto(list.path);
    const title = rowTitle(page.getByTestId('scroll-list').getByRole('listitem').first());
    await expect(title).toHaveText(data[0].naziv);
    await expect(title).toBeVisible();
    // Before issue 26 the title was 0-4 px wide: the row's icons and their margins took the row.
    expect((await title.boundingBox())!.width, list.path).toBeGreaterThanOrEqual(150);
    // The subtitle (a gig's place and start) wraps rather than being cut.
    const subtitles = page.getByTestId('scroll-list').locator('.MuiListItemText-secondary');
    for (const subtitle of await subtitles.all())
      expect(await subtitle.evaluate((s) => s.scrollWidth <= s.clientWidth), list.path).toBe(true);
    await expectAccessible(page, { everyImpact: true });
  }
  const { data: songs } = (await api.get('/api/admin/songs?o=2&pg=0')) as { data: { id: number }[] };
  const { data: playlists } = (await api.get('/api/admin/playlists?os=2&pg=0')) as { data: { id: number }[] };
  await api.dispose();
  for (const [path, heading] of [
    [`/admin/song/${songs[0].id}`, /^Edit: /],
    [`/admin/playlist/${playlists[0].id}`, /^Edit playlist /],
    ['/admin/', 'Dashboard'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expectAccessible(page, { everyImpact: true });
  }
});

test('a title too long for the row shows whole on keyboard focus and on a long press', async ({ page }) => {
  const long = 'Ovo je jedna vrlo duga pesma čiji naslov ne staje u red na telefonu';
  const api = await apiAs(bandAdmin.email, bandAdmin.password);
  const performers = await api.get('/api/admin/performers?os=2&pg=0');
  await api.post('/api/admin/addsong', { title: long, performer: String(performers.data[0].id) });
  await api.dispose();

  await signIn(page, bandAdmin.email, bandAdmin.password);
  await page.getByPlaceholder('Search by song name or performer').fill('vrlo duga pesma');
  const row = page.getByTestId('scroll-list').getByRole('listitem');
  await expect(row).toHaveCount(1);
  const title = rowTitle(row);
  // It is cut with an ellipsis...
  expect(await title.evaluate((t) => t.scrollWidth > t.clientWidth)).toBe(true);
  const tooltip = page.getByRole('tooltip');
  await expect(tooltip).toHaveCount(0);
  // ...and shown whole when the keyboard reaches the row (from the list, the next stop).
  await page.getByTestId('scroll-list').focus();
  await page.keyboard.press('Tab');
  await expect(row.getByRole('checkbox')).toBeFocused();
  await expect(tooltip).toHaveText(long);
  await page.keyboard.press('Tab');
  await expect(row.getByRole('link', { name: long })).toBeFocused();
  await expect(tooltip).toHaveText(long);
  await page.keyboard.press('Escape');
  await expect(tooltip).toHaveCount(0);

  // A long press on the title shows it too.
  const touch = await finger(page);
  const { x, y } = await centre(title);
  await touch.down(x, y);
  await expect(tooltip).toHaveText(long);
  await touch.up();
});

test('on a phone the editor searches, adds with +, reorders with the arrows, and saves', async ({ page }) => {
  const api = await apiAs(bandAdmin.email, bandAdmin.password);
  const { id } = await api.post('/api/admin/addplaylist', { title: 'Na telefonu' });

  await signIn(page, bandAdmin.email, bandAdmin.password);
  await expect(page).toHaveURL(/\/admin\/songs$/);
  await page.goto(`/admin/playlist/${id}`);
  const playlist = page.getByTestId('playlist-songs');
  const available = page.getByTestId('available-songs');
  const titles = async () =>
    (await playlist.locator('.song-card-title').allInnerTexts()).map((t) => t.trim());
  await expect(playlist).toContainText('Add songs with + in the list below.');

  const search = page.getByPlaceholder('Enter song name');
  for (const [q, song] of [
    ['slovenska', 'Slovenska'],
    ['caletova', 'Ćaletova pesma'],
    ['zazmuri', 'Zažmuri'],
  ]) {
    await search.fill(q);
    await expect(available.locator('.song-card')).toHaveCount(1);
    await available.getByRole('button', { name: `Add ${song}` }).tap();
  }
  // Each goes to the top, as a dragged one does; a song in the playlist cannot be added again.
  await expect.poll(titles).toEqual(['Zažmuri', 'Ćaletova pesma', 'Slovenska']);
  await expect(available.getByRole('button', { name: 'Add Zažmuri' })).toBeDisabled();
  // Every card's title keeps a readable width beside the arrows and the x.
  for (const title of await playlist.locator('.song-card-title').all())
    expect((await title.boundingBox())!.width).toBeGreaterThanOrEqual(150);

  // The first song cannot go up nor the last down; Zažmuri goes down twice.
  await expect(playlist.getByRole('button', { name: 'Move Zažmuri up' })).toBeDisabled();
  await expect(playlist.getByRole('button', { name: 'Move Slovenska down' })).toBeDisabled();
  await playlist.getByRole('button', { name: 'Move Zažmuri down' }).tap();
  await expect.poll(titles).toEqual(['Ćaletova pesma', 'Zažmuri', 'Slovenska']);
  await playlist.getByRole('button', { name: 'Move Zažmuri down' }).tap();
  await expect.poll(titles).toEqual(['Ćaletova pesma', 'Slovenska', 'Zažmuri']);
  await playlist.getByRole('button', { name: 'Move Slovenska up' }).tap();
  await expect.poll(titles).toEqual(['Slovenska', 'Ćaletova pesma', 'Zažmuri']);
  // x removes (and the save below has what is left: an x once emptied the saved playlist).
  await search.fill('plavi safir');
  await expect(available.locator('.song-card')).toHaveCount(1);
  await available.getByRole('button', { name: 'Add Plavi safir' }).tap();
  await expect.poll(titles).toEqual(['Plavi safir', 'Slovenska', 'Ćaletova pesma', 'Zažmuri']);
  await playlist.getByRole('button', { name: 'Remove Plavi safir' }).tap();
  await expect.poll(titles).toEqual(['Slovenska', 'Ćaletova pesma', 'Zažmuri']);
  // No card is lifted by a finger here (pangea's touch drag fails in its virtual mode): a long press
  // is left to the title.
  await expect(playlist.locator('[data-rfd-drag-handle-draggable-id]')).toHaveCount(0);

  await page.getByRole('button', { name: 'Update Playlist' }).tap();
  await expect(page.getByText('Playlist has been updated')).toBeVisible();
  const saved = (await api.get(`/api/admin/playlist/${id}`)) as { songs: { naziv: string }[] };
  await api.dispose();
  expect(saved.songs.map((song) => song.naziv)).toEqual(['Slovenska', 'Ćaletova pesma', 'Zažmuri']);
});

test('in the editor on a phone a cut title shows whole on a long press', async ({ page }) => {
  const long = 'Pesma sa naslovom predugim za karticu u uređivaču plejliste';
  const api = await apiAs(bandAdmin.email, bandAdmin.password);
  const performers = await api.get('/api/admin/performers?os=2&pg=0');
  await api.post('/api/admin/addsong', { title: long, performer: String(performers.data[0].id) });
  const { id } = await api.post('/api/admin/addplaylist', { title: 'Dugi naslovi' });
  await api.dispose();

  await signIn(page, bandAdmin.email, bandAdmin.password);
  await expect(page).toHaveURL(/\/admin\/songs$/);
  await page.goto(`/admin/playlist/${id}`);
  const available = page.getByTestId('available-songs');
  await page.getByPlaceholder('Enter song name').fill('predugim');
  await expect(available.locator('.song-card')).toHaveCount(1);
  const title = available.locator('.song-card-title');
  await expect(title).toHaveText(long);
  expect(await title.evaluate((t) => t.scrollWidth > t.clientWidth)).toBe(true);
  const tooltip = page.getByRole('tooltip');
  const touch = await finger(page);
  const { x, y } = await centre(title);
  await touch.down(x, y);
  await expect(tooltip).toHaveText(long);
  await touch.up();
  // Keyboard focus on the card's + shows it too.
  await page.keyboard.press('Escape');
  await expect(tooltip).toHaveCount(0);
  await available.getByRole('button', { name: `Add ${long}` }).focus();
  await expect(tooltip).toHaveText(long);
});

test('a viewer’s rows on a phone link their titles to the read-only screens, so the keyboard reaches each', async ({
  page,
}) => {
  const api = await apiAs(viewer.email, viewer.password);
  const { data } = (await api.get('/api/admin/songs?o=2&pg=0')) as { data: { id: number; naziv: string }[] };
  await api.dispose();
  await signIn(page, viewer.email, viewer.password);
  await expect(page).toHaveURL(/\/viewer/);
  await page.goto('/admin/songs');
  const row = page.getByTestId('scroll-list').getByRole('listitem').first();
  // No checkbox, edit or delete for a viewer: the title is the row's one control.
  await expect(row.getByRole('checkbox')).toHaveCount(0);
  await expect(row.getByRole('button')).toHaveCount(0);
  const link = row.getByRole('link', { name: data[0].naziv });
  await expect(link).toHaveAttribute('href', `/admin/song/${data[0].id}`);
  await link.tap();
  await expect(page.getByText('You can view this item. Only band admins can change it.')).toBeVisible();
});
