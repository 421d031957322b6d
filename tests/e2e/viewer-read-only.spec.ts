import { expect, type Page, test } from '@playwright/test';
import { formatSongsField } from '../../src/shared/playlist-songs';
import { apiAs } from './api';
import { demo, expectAccessible, screenshot, signIn } from './support';

/**
 * Issue 26, point 3: a viewer looks at the band's items and changes none of them. The screens say
 * so (not that the item is another band's), and nothing on them takes a change: no field, no drag,
 * no x, no song to add, no import form.
 */
const bandAdmin = demo('band_admin');
const viewer = demo('viewer');
const NOTICE = 'You can view this item. Only band admins can change it.';

const titles = async (page: Page) =>
  (await page.getByTestId('playlist-songs').locator('.song-card-title').allInnerTexts()).map((t) => t.trim());

test('a viewer looks at the band’s playlist, song and import screen and can change none of them', async ({
  page,
}) => {
  const api = await apiAs(bandAdmin.email, bandAdmin.password);
  const { data: songs } = await api.get('/api/admin/songs?o=2&pg=0');
  const [first, second] = songs as { id: number; naziv: string }[];
  const { id } = await api.post('/api/admin/addplaylist', { title: 'Samo za gledanje' });
  await api.post(`/api/admin/playlist/${id}/update`, {
    title: 'Samo za gledanje',
    songs: formatSongsField([first.id, second.id]),
  });

  await signIn(page, viewer.email, viewer.password);
  await expect(page).toHaveURL(/\/viewer/);
  await page.goto(`/admin/playlist/${id}`);
  await expect(page.getByRole('alert').filter({ hasText: NOTICE })).toBeVisible();
  await expect.poll(() => titles(page)).toEqual([first.naziv, second.naziv]);
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Update Playlist' })).toBeDisabled();
  await expect(page.getByRole('button', { name: /^Remove / })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Paste setlist' })).toHaveCount(0);
  await expect(page.getByPlaceholder('Enter song name')).toBeHidden();

  // A mouse drag of the first song below the second moves nothing.
  const card = page.getByTestId('playlist-songs').locator('.song-card').first();
  const target = page.getByTestId('playlist-songs').locator('.song-card').nth(1);
  const a = (await card.boundingBox())!;
  const b = (await target.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2 + 12, { steps: 5 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height, { steps: 15 });
  await page.mouse.up();
  await expect(page.locator('[data-rfd-drag-handle-draggable-id]')).toHaveCount(0);
  expect(await titles(page)).toEqual([first.naziv, second.naziv]);
  await screenshot(page, 'viewer-playlist');
  await expectAccessible(page);

  await page.goto(`/admin/song/${first.id}`);
  await expect(page.getByRole('alert').filter({ hasText: NOTICE })).toBeVisible();
  await expect(page.getByLabel('Title')).toHaveValue(first.naziv);
  await expect(page.getByLabel('Title')).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Update Song' })).toBeDisabled();
  await expectAccessible(page);

  await page.goto('/admin/importsongs');
  await expect(
    page.getByText("You can view your band's items. Only band admins can add them."),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Preview' })).toHaveCount(0);

  // Nothing was changed behind the screens either.
  const saved = await api.get(`/api/admin/playlist/${id}`);
  expect(saved.songs.map((song: { id: number }) => song.id)).toEqual([first.id, second.id]);
  await api.dispose();
});
