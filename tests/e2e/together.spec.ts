import { expect, type Page, test } from '@playwright/test';
import { apiAs } from './api';
import { demo, expectAccessible, screenshot, signIn } from './support';

/**
 * Issue 28, point 2, as two bandmates would (two browser contexts): on one song's edit screen each
 * sees the other ("Also here"), and one who leaves goes; a song one adds shows up in the other's
 * songs list without a reload, the other's search and selected row kept.
 */

const rows = (page: Page) => page.getByTestId('scroll-list').getByRole('listitem');
const alsoHere = (page: Page) => page.getByTestId('also-here');

test('two bandmates see each other on a song, and a song one adds appears in the other’s list', async ({
  browser,
}) => {
  // A band of their own (runs of the suite share the demo data).
  const tag = Date.now().toString(36);
  const admin = demo('admin');
  const root = await apiAs(admin.email, admin.password);
  const band = await root.post('/api/admin/addband', { naziv: `Zajedno ${tag}`, slug: `zajedno-${tag}` });
  const ana = { name: 'Ana Zajedno', email: `ana-${tag}@encore.test`, password: `ana-${tag}-password` };
  const boris = { name: 'Boris Zajedno', email: `boris-${tag}@encore.test`, password: `boris-${tag}-pw` };
  for (const person of [ana, boris])
    await root.postJson('/api/admin/adduser', { ...person, role: 'band_admin', band_id: band.data.id });
  await root.dispose();
  const api = await apiAs(ana.email, ana.password);
  const performer = await api.post('/api/admin/addperformer', { title: `Sastav ${tag}` });
  const song = await api.post('/api/admin/addsong', {
    title: `Prva ${tag}`,
    performer: String(performer.id),
  });
  await api.post('/api/admin/addsong', { title: `Druga ${tag}`, performer: String(performer.id) });
  await api.dispose();

  const contextA = await browser.newContext();
  const contextB = await browser.newContext();
  const a = await contextA.newPage();
  const b = await contextB.newPage();
  await signIn(a, ana.email, ana.password);
  await signIn(b, boris.email, boris.password);
  await expect(a).toHaveURL(/\/admin\/songs$/);
  await expect(b).toHaveURL(/\/admin\/songs$/);

  // Both open the same song.
  await a.goto(`/admin/song/${song.id}`);
  await b.goto(`/admin/song/${song.id}`);
  await expect(a.getByRole('heading', { name: `Edit: Prva ${tag}`, level: 1 })).toBeVisible();
  await expect(alsoHere(a)).toContainText('Also here:');
  await expect(alsoHere(a).getByText(boris.name)).toBeVisible();
  await expect(alsoHere(b).getByText(ana.name)).toBeVisible();
  // Nobody sees themselves.
  await expect(alsoHere(a).getByText(ana.name)).toHaveCount(0);
  await screenshot(a, 'together-also-here');
  await expectAccessible(a);

  // Boris leaves for the list: he is gone from Ana's screen.
  await b.getByRole('menuitem', { name: 'Songs' }).click();
  await expect(alsoHere(a).getByText(boris.name)).toHaveCount(0);

  // Ana searches her songs list and selects a row; the page is marked to tell a reload.
  await a.getByRole('menuitem', { name: 'Songs' }).click();
  await a.getByPlaceholder('Search by song name or performer').fill(tag);
  await expect(rows(a)).toHaveCount(2);
  await a.getByRole('checkbox', { name: `Select Prva ${tag}` }).check();
  await a.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));

  // Boris adds a song through his panel.
  await b.getByRole('menuitem', { name: 'Add song' }).click();
  await b.getByLabel('Title').fill(`Treća ${tag}`);
  await b.getByLabel('Performer').fill(`Sastav ${tag}`);
  await b.getByRole('option', { name: `Sastav ${tag}` }).click();
  await b.getByRole('button', { name: 'Add Song' }).click();
  await expect(b.getByText('Song has been added')).toBeVisible();

  // Ana's list shows it, her search and selection kept, the page not reloaded.
  await expect(rows(a)).toHaveCount(3);
  await expect(rows(a).getByText(`Treća ${tag}`)).toBeVisible();
  await expect(a.getByPlaceholder('Search by song name or performer')).toHaveValue(tag);
  await expect(a.getByRole('checkbox', { name: `Select Prva ${tag}` })).toBeChecked();
  await expect(a.getByText('1 selected')).toBeVisible();
  expect(await a.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
  await screenshot(a, 'together-list-refreshed');
  await expectAccessible(a);

  // Boris opens the new song and closes his tab: Ana, there too, sees him come and go.
  const added = b.url().match(/\/admin\/song\/(\d+)$/)?.[1];
  await a.goto(`/admin/song/${added}`);
  await expect(alsoHere(a).getByText(boris.name)).toBeVisible();
  await b.close();
  await expect(alsoHere(a).getByText(boris.name)).toHaveCount(0);

  await contextA.close();
  await contextB.close();
});
