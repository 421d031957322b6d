import { expect, type Locator, type Page, test } from '@playwright/test';
import { apiAs } from './api';
import { demo, expectAccessible, screenshot, signIn } from './support';

const bandAdmin = demo('band_admin');

/** A mouse drag as a person makes it: press, nudge past the drag threshold, travel, release. */
async function drag(page: Page, from: Locator, to: Locator) {
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2 + 12, { steps: 5 });
  await page.mouse.move(b.x + b.width / 2, b.y + 40, { steps: 25 });
  await page.mouse.up();
}

const titles = async (panel: Locator) =>
  (await panel.locator('[data-rfd-draggable-id] p:first-of-type').allInnerTexts()).map((t) => t.trim());

test('a band admin builds a playlist by dragging, reorders it with the keyboard and saves it', async ({
  page,
}) => {
  const api = await apiAs(bandAdmin.email, bandAdmin.password);
  const { id } = await api.post('/api/admin/addplaylist', { title: 'Petak uveče' });
  await api.dispose();

  await signIn(page, bandAdmin.email, bandAdmin.password);
  await page.getByRole('menuitem', { name: 'Playlists' }).click();
  await expect(page.getByRole('heading', { name: 'Playlists', level: 1 })).toBeVisible();
  await page.getByPlaceholder('Enter playlist name').fill('petak uvece');
  await expect(page.getByTestId('scroll-list').getByRole('listitem')).toHaveCount(1);
  await expect(page.getByTestId('scroll-list')).toContainText('0 songs');
  await screenshot(page, 'playlists-list');
  await expectAccessible(page);
  await page.getByRole('link', { name: 'Edit Petak uveče' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/playlist/${id}$`));

  const playlist = page.getByTestId('playlist-songs');
  const available = page.getByTestId('available-songs');
  const search = page.getByPlaceholder('Enter song name');

  await search.fill('caletova');
  await expect(available.locator('[data-rfd-draggable-id]')).toHaveCount(1);
  await drag(page, available.getByLabel(/^Ćaletova pesma/), playlist);
  await expect(playlist.getByLabel(/^Ćaletova pesma/)).toBeVisible();

  await search.fill('slovenska');
  await expect(available.locator('[data-rfd-draggable-id]')).toHaveCount(1);
  await drag(page, available.getByLabel(/^Slovenska/), playlist);
  // New songs go to the top.
  await expect.poll(() => titles(playlist)).toEqual(['Slovenska', 'Ćaletova pesma']);
  // A song already in the playlist is ignored.
  await drag(page, available.getByLabel(/^Slovenska/), playlist);
  await expect.poll(() => titles(playlist)).toEqual(['Slovenska', 'Ćaletova pesma']);
  await screenshot(page, 'playlist-edit');
  await expectAccessible(page);

  // Keyboard: lift with space, move down, drop with space.
  await playlist.getByLabel(/^Slovenska/).focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Space');
  await expect.poll(() => titles(playlist)).toEqual(['Ćaletova pesma', 'Slovenska']);

  await page.getByRole('button', { name: 'Update Playlist' }).click();
  await expect(page.getByText('Playlist has been updated')).toBeVisible();
  await page.reload();
  await expect
    .poll(() => titles(page.getByTestId('playlist-songs')))
    .toEqual(['Ćaletova pesma', 'Slovenska']);

  // Dropping a song on the right panel removes it.
  await drag(
    page,
    page.getByTestId('playlist-songs').getByLabel(/^Ćaletova pesma/),
    page.getByTestId('available-songs'),
  );
  await expect.poll(() => titles(page.getByTestId('playlist-songs'))).toEqual(['Slovenska']);
  await page.getByRole('button', { name: 'Update Playlist' }).click();
  await expect(page.getByText('Playlist has been updated')).toBeVisible();
  await page.reload();
  await expect.poll(() => titles(page.getByTestId('playlist-songs'))).toEqual(['Slovenska']);
});

test('deleting a playlist names it and its song count', async ({ page }) => {
  const api = await apiAs(bandAdmin.email, bandAdmin.password);
  const { id } = await api.post('/api/admin/addplaylist', { title: 'Za brisanje' });
  const songs = await api.get('/api/admin/songs?o=2&pg=0');
  await api.post(`/api/admin/playlist/${id}/update`, {
    title: 'Za brisanje',
    songs: `${songs.data[0].id},1;${songs.data[1].id},2`,
  });
  await api.dispose();

  await signIn(page, bandAdmin.email, bandAdmin.password);
  await page.getByRole('menuitem', { name: 'Playlists' }).click();
  await page.getByPlaceholder('Enter playlist name').fill('za brisanje');
  // The search has applied once the list holds only the one playlist.
  await expect(page.getByTestId('scroll-list').getByRole('listitem')).toHaveCount(1);
  await expect(page.getByTestId('scroll-list')).toContainText('2 songs');
  await page.getByRole('button', { name: 'Delete Za brisanje' }).click();
  // The confirmation opens once the playlist's gigs are known.
  await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('Playlist Za brisanje with 2 songs has been deleted')).toBeVisible();
  await expect(page.getByText('Nema podataka')).toBeVisible();
});

test('deleting a playlist that tonight’s gig plays names the gig and asks before leaving it without one', async ({
  page,
}) => {
  const api = await apiAs(bandAdmin.email, bandAdmin.password);
  const { id } = await api.post('/api/admin/addplaylist', { title: 'Večerašnja lista' });
  await api.post('/api/admin/addgig', {
    title: 'Svirka u Domu omladine',
    lokacija: 'Beograd',
    status: '1',
    razmakpesme: '1',
    razmakvreme: '2',
    starttime: '2026-11-27T21:00',
    playlista: String(id),
  });
  await api.dispose();

  await signIn(page, bandAdmin.email, bandAdmin.password);
  await page.getByRole('menuitem', { name: 'Playlists' }).click();
  await page.getByPlaceholder('Enter playlist name').fill('vecerasnja');
  await page.getByRole('button', { name: 'Delete Večerašnja lista' }).click();
  const confirm = page.getByRole('dialog');
  await expect(confirm).toContainText('Gigs that play it: Svirka u Domu omladine (active now).');
  await screenshot(page, 'playlist-delete-in-use');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Playlist Večerašnja lista with 0 songs has been deleted')).toBeVisible();
});
