import { expect, type Locator, type Page, test } from '@playwright/test';
import { formatSongsField } from '../../src/shared/playlist-songs';
import { apiAs } from './api';
import { demo, expectAccessible, screenshot, signIn } from './support';

/**
 * Issue 28, point 1, as two bandmates meet it: both open one playlist; A adds songs and saves; B
 * moves a song and saves. B's save is not written over A's: B sees A's change beside their own and
 * applies theirs on top, and the playlist keeps A's songs and B's move.
 */

const dragged = (page: Page) => page.locator('body > [data-rfd-draggable-id]');

/** A mouse drag as a person makes it (as in playlists.spec.ts), done once the card has landed. */
async function drag(page: Page, from: Locator, to: Locator) {
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2 + 12, { steps: 5 });
  await page.mouse.move(b.x + b.width / 2, b.y + 40, { steps: 25 });
  await page.mouse.up();
  await expect(dragged(page)).toHaveCount(0);
}

const titles = async (panel: Locator) =>
  (await panel.locator('[data-rfd-draggable-id] p:first-of-type').allInnerTexts()).map((t) => t.trim());

test('two bandmates edit one playlist: the second save shows the first and merges both', async ({
  browser,
}) => {
  // Two browsers, two drags, a keyboard move, three saves and an accessibility scan.
  test.slow();
  const bandAdmin = demo('band_admin');
  const admin = demo('admin');
  const run = Date.now().toString(36);

  // The band's second admin (B), and a playlist of three songs with two more to add, all new.
  const system = await apiAs(admin.email, admin.password);
  const { data: users } = await system.get('/api/admin/users');
  const band = users.find((user: { email: string }) => user.email === bandAdmin.email).band as number;
  const mate = {
    email: `bandmate-${run}@encore.test`,
    password: 'bandmate-password-1',
    name: 'Bandmate Bora',
  };
  await system.postJson('/api/admin/adduser', { ...mate, role: 'band_admin', band_id: band });
  await system.dispose();

  const api = await apiAs(bandAdmin.email, bandAdmin.password);
  const { id: performer } = await api.post('/api/admin/addperformer', { title: `Orkestar ${run}` });
  const names = ['Prva', 'Druga', 'Treća', 'Nova jedan', 'Nova dva'].map((name) => `${name} ${run}`);
  const ids: number[] = [];
  for (const title of names) {
    ids.push((await api.post('/api/admin/addsong', { title, performer: String(performer) })).id);
  }
  const [first, second, third, newOne, newTwo] = names;
  const { id } = await api.post('/api/admin/addplaylist', { title: `Proba ${run}` });
  await api.post(`/api/admin/playlist/${id}/update`, {
    title: `Proba ${run}`,
    songs: formatSongsField(ids.slice(0, 3)),
  });

  // Both open the playlist.
  const contextA = await browser.newContext();
  const contextB = await browser.newContext();
  const a = await contextA.newPage();
  const b = await contextB.newPage();
  for (const [page, who] of [
    [a, bandAdmin],
    [b, mate],
  ] as const) {
    await signIn(page, who.email, who.password);
    await expect(page).toHaveURL(/\/admin\/songs$/);
    await page.goto(`/admin/playlist/${id}`);
    await expect.poll(() => titles(page.getByTestId('playlist-songs'))).toEqual([first, second, third]);
  }

  // A adds two songs and saves.
  const search = a.getByPlaceholder('Enter song name');
  for (const title of [newOne, newTwo]) {
    await search.fill(title);
    await expect(a.getByTestId('available-songs').locator('[data-rfd-draggable-id]')).toHaveCount(1);
    await drag(
      a,
      a.getByTestId('available-songs').getByLabel(new RegExp(`^${title}`)),
      a.getByTestId('playlist-songs'),
    );
  }
  await expect
    .poll(() => titles(a.getByTestId('playlist-songs')))
    .toEqual([newTwo, newOne, first, second, third]);
  await a.getByRole('button', { name: 'Update Playlist' }).click();
  await expect(a.getByText('Playlist has been updated')).toBeVisible();

  // B, who opened it before, moves the first song down a place with the keyboard and saves.
  const mine = b.getByTestId('playlist-songs');
  await mine.getByLabel(new RegExp(`^${first}`)).focus();
  await b.keyboard.press('Space');
  await b.keyboard.press('ArrowDown');
  await b.keyboard.press('Space');
  await expect.poll(() => titles(mine)).toEqual([second, first, third]);
  await b.getByRole('button', { name: 'Update Playlist' }).click();

  // B is told, and sees A's songs beside their own move.
  const dialog = b.getByRole('dialog', { name: 'Someone else saved this meanwhile' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(/saved it at .+, after you opened it\./);
  await expect(dialog.getByRole('heading', { name: 'Their changes to the songs' })).toBeVisible();
  await expect(dialog).toContainText(`Added: ${newTwo}, ${newOne}`);
  await expect(dialog.getByRole('heading', { name: 'Your changes to the songs' })).toBeVisible();
  await screenshot(b, 'bandmates-conflict');
  await expectAccessible(b);

  await dialog.getByRole('button', { name: 'Apply mine on top' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(b.getByText('Playlist has been updated')).toBeVisible();
  const merged = [newTwo, newOne, second, first, third];
  await expect.poll(() => titles(mine)).toEqual(merged);
  await screenshot(b, 'bandmates-merged');

  // What is saved: A's songs and B's move.
  const saved = await api.get(`/api/admin/playlist/${id}`);
  expect(saved.songs.map((song: { naziv: string }) => song.naziv)).toEqual(merged);
  expect(saved.updated_by).toBe(mate.name);
  await api.dispose();
  await contextA.close();
  await contextB.close();
});
