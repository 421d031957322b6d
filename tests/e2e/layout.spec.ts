import { expect, type Page, test } from '@playwright/test';
import { apiAs } from './api';
import { demo, screenshot, signIn } from './support';

/** Issue 12 point 6: the panel fits the window, on a laptop and on a phone. */
const bandAdmin = demo('band_admin');

const overflow = (page: Page) =>
  page.evaluate(() => ({
    down: document.documentElement.scrollHeight - window.innerHeight,
    across: document.documentElement.scrollWidth - window.innerWidth,
  }));

test('a list screen fits a laptop window, footer included, with no second scrollbar', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await signIn(page, bandAdmin.email, bandAdmin.password);
  await expect(page).toHaveURL(/\/admin\/songs$/);
  for (const list of ['songs', 'performers', 'playlists', 'gigs']) {
    await page.goto(`/admin/${list}`);
    await expect(page.getByTestId('scroll-list')).toBeVisible();
    await expect.poll(() => overflow(page)).toEqual({ down: 0, across: 0 });
    await expect(page.locator('footer')).toBeInViewport();
  }
});

test('at 390 px wide the lists do not overflow sideways', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, bandAdmin.email, bandAdmin.password);
  await expect(page).toHaveURL(/\/admin\/songs$/);
  for (const list of ['songs', 'performers', 'playlists', 'gigs']) {
    await page.goto(`/admin/${list}`);
    await expect(page.getByTestId('scroll-list').getByRole('listitem').first()).toBeVisible();
    expect((await overflow(page)).across).toBe(0);
  }
  await screenshot(page, 'gigs-phone');
});

test('a 95-character playlist title does not widen the editor past the window', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  const title =
    'Veoma dugačak naziv plejliste za proslavu godišnjice mature generacije dve hiljade šeste godine';
  expect(title.length).toBeGreaterThanOrEqual(95);
  const api = await apiAs(bandAdmin.email, bandAdmin.password);
  const { id } = await api.post('/api/admin/addplaylist', { title });
  await api.dispose();
  await signIn(page, bandAdmin.email, bandAdmin.password);
  await expect(page).toHaveURL(/\/admin\/songs$/);
  await page.goto(`/admin/playlist/${id}`);
  await expect(page.getByTestId('available-songs')).toBeVisible();
  expect((await overflow(page)).across).toBe(0);
  // The drop panel lies wholly within the window's width, beside the playlist.
  const panel = (await page.getByTestId('available-songs').boundingBox())!;
  expect(panel.x + panel.width).toBeLessThanOrEqual(1280);
  expect(panel.width).toBeGreaterThan(250);
  await screenshot(page, 'playlist-long-title');
});
