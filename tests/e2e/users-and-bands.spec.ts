import { expect, type Page, test } from '@playwright/test';
import { apiAs, png } from './api';
import { demo, expectAccessible, screenshot, signIn } from './support';

const MILA = { name: 'Mila Noćna', email: 'mila@nightowls.test', password: 'night-owls-1' };

const userRow = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });
const bandRow = (page: Page, naziv: string) =>
  // Exact: the list of deleted bands' links is named with 'bands' too.
  page.getByRole('list', { name: 'Bands', exact: true }).getByRole('listitem').filter({ hasText: naziv });

test('a system admin adds a band and a user, moves the user between bands and deletes the band', async ({
  page,
  browser,
}) => {
  // A long walk through two screens and three dialogs: about 29 s on a loaded 2-core machine, near
  // the default 30 s bound on waiting (not a speed check). Three times that, as playlists.spec.ts.
  test.slow();
  const admin = demo('admin');
  await signIn(page, admin.email, admin.password);

  // Bands: add one with a picture.
  await page.getByRole('menuitem', { name: 'Manage Bands' }).click();
  await expect(page.getByRole('heading', { name: 'Band Management', level: 1 })).toBeVisible();
  await expect(bandRow(page, 'The Encores')).toBeVisible();
  await screenshot(page, 'bands');
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Add Band' }).click();
  const addBand = page.getByRole('dialog', { name: 'Add New Band' });
  const submitBand = addBand.getByRole('button', { name: 'Add Band' });
  await expect(submitBand).toBeDisabled();
  await addBand.getByLabel('Band Name').fill('   ');
  await expect(submitBand).toBeDisabled();
  await addBand.getByLabel('Band Name').fill('Night Owls');
  await addBand.getByLabel('Email').fill('hello@nightowls.test');
  await addBand.locator('input[type=file]').setInputFiles({
    name: 'owls.png',
    mimeType: 'image/png',
    buffer: png([20, 40, 160]),
  });
  await expect(addBand.getByRole('img', { name: 'Band Picture preview' })).toBeVisible();
  await screenshot(page, 'band-add');
  await expectAccessible(page);
  await submitBand.click();
  await expect(page.getByText('Band added successfully!')).toBeVisible();
  await expect(addBand).toBeHidden();
  const owls = bandRow(page, 'Night Owls');
  await expect(owls).toContainText('hello@nightowls.test · 0 users');
  await expect(owls.locator('img')).toHaveAttribute('src', /^\/uploads\//);

  // Users: add one into the new band.
  await page.getByRole('menuitem', { name: 'Manage Users' }).click();
  await expect(page.getByRole('heading', { name: 'User Management', level: 1 })).toBeVisible();
  await expect(userRow(page, demo('band_admin').email)).toContainText('Band Admin · The Encores');
  await screenshot(page, 'users');
  await expectAccessible(page);

  await page.getByRole('button', { name: '+ Add New User' }).click();
  const addUser = page.getByRole('dialog', { name: 'Add New User' });
  await addUser.getByRole('button', { name: 'Add User' }).click();
  await expect(addUser.getByText('Please fill in all required fields')).toBeVisible();
  await addUser.getByLabel('Name').fill(MILA.name);
  await addUser.getByLabel('Email').fill(MILA.email);
  await addUser.getByLabel('Password').fill(MILA.password);
  await addUser.getByRole('combobox', { name: 'Band' }).click();
  await page.getByRole('option', { name: 'Night Owls' }).click();
  await expect(page.getByRole('listbox')).toBeHidden();
  await screenshot(page, 'user-add');
  await expectAccessible(page);
  await addUser.getByRole('button', { name: 'Add User' }).click();
  await expect(page.getByText('User added successfully!')).toBeVisible();
  await expect(userRow(page, MILA.email)).toContainText('Viewer · Night Owls');

  // Role and band change from the list, saved at once.
  await page.getByLabel(`Role of ${MILA.name}`).selectOption({ label: 'Band Admin' });
  await expect(userRow(page, MILA.email)).toContainText('Band Admin · Night Owls');
  const asMila = await apiAs(MILA.email, MILA.password);
  await asMila.post('/api/admin/addperformer', { title: 'Sove' });
  await asMila.dispose();
  await page.getByLabel(`Band of ${MILA.name}`).selectOption({ label: 'The Encores' });
  await expect(userRow(page, MILA.email)).toContainText('Band Admin · The Encores');

  // Mila signs in elsewhere and sees her new band.
  const milaContext = await browser.newContext();
  const milaPage = await milaContext.newPage();
  await signIn(milaPage, MILA.email, MILA.password);
  await expect(milaPage.getByTestId('header-band')).toHaveText('The Encores');
  await expect(milaPage.getByText('Band: The Encores')).toBeVisible();
  await milaContext.close();

  // Manage Users: remove her from the band.
  await page.getByRole('menuitem', { name: 'Manage Bands' }).click();
  await page.getByRole('button', { name: 'Users of The Encores' }).click();
  const members = page.getByRole('dialog', { name: 'Manage Users: The Encores' });
  await expect(members.getByText(MILA.email)).toBeVisible();
  await screenshot(page, 'band-users');
  await expectAccessible(page);
  await members.getByRole('button', { name: `Remove ${MILA.name}` }).click();
  await expect(page.getByText('User removed from band successfully!')).toBeVisible();
  await expect(members.getByText(MILA.email)).toBeHidden();
  await members.getByRole('button', { name: 'Close' }).click();

  // A new band link: the old one is kept for the band's printed QR codes (issue 23).
  await page.getByRole('button', { name: 'Edit Night Owls' }).click();
  const editBand = page.getByRole('dialog', { name: 'Edit Band' });
  await editBand.getByRole('textbox', { name: 'Band link' }).fill('owls');
  await editBand.getByRole('button', { name: 'Save Changes' }).click();
  await expect(page.getByText('Band updated successfully!')).toBeVisible();
  await page.getByRole('button', { name: 'Edit Night Owls' }).click();
  await expect(editBand.getByRole('list', { name: 'Former links' })).toContainText('/r/night-owls');
  // Checked first: that waits for the dialog's fade-in to end, so the screenshot shows it whole.
  await expectAccessible(page);
  await screenshot(page, 'band-former-links');
  await editBand.getByRole('button', { name: 'Cancel' }).click();

  // Delete the band: it still owns the performer Mila added, so the modal asks before deleting that too.
  await page.getByRole('button', { name: 'Delete Night Owls' }).click();
  const del = page.getByRole('dialog', { name: 'Delete Band' });
  await del.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(del.getByText('Night Owls still owns 1 performer.')).toBeVisible();
  await screenshot(page, 'band-delete');
  await expectAccessible(page);
  await del.getByRole('button', { name: 'Delete band and all its data' }).click();
  await expect(page.getByText('Band deleted successfully!')).toBeVisible();
  await expect(bandRow(page, 'Night Owls')).toHaveCount(0);
  // Its links stay kept, leading nowhere, until a system admin releases them on purpose.
  const kept = page.getByRole('list', { name: 'Links of deleted bands' });
  await expect(kept).toContainText('/r/night-owls');
  await expect(kept).toContainText('/r/owls');
  await screenshot(page, 'band-links-of-deleted');
  await expectAccessible(page);
  await kept.getByRole('button', { name: 'Release /r/night-owls' }).click();
  const release = page.getByRole('dialog', { name: 'Release /r/night-owls?' });
  await expectAccessible(page);
  await release.getByRole('button', { name: 'Release' }).click();
  await expect(page.getByText('Link released: another band may take it now.')).toBeVisible();
  await expect(kept.getByRole('listitem')).toHaveCount(1);

  await page.getByRole('menuitem', { name: 'Manage Users' }).click();
  await expect(userRow(page, MILA.email)).toContainText(`Band Admin · No band assigned`);
});

test('a system admin changing their own band sees the header and footer follow', async ({ page }) => {
  const admin = demo('admin');
  await signIn(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/admin\/songs$/);
  await page.goto('/admin/users');
  const own = page.getByLabel(`Band of ${admin.name}`);
  const before = await own.inputValue();
  await own.selectOption({ label: 'Kafana Ćevap' });
  await expect(page.getByTestId('header-band')).toHaveText('Kafana Ćevap');
  await expect(page.getByText('Band: Kafana Ćevap')).toBeVisible();
  await own.selectOption(before);
  await expect(page.getByText('Band: Kafana Ćevap')).toBeHidden();
});

test('a band admin opening the users and bands screens is refused', async ({ page }) => {
  const bandAdmin = demo('band_admin');
  await signIn(page, bandAdmin.email, bandAdmin.password);
  await expect(page).toHaveURL(/\/admin\/songs$/);
  for (const screen of ['/admin/users', '/admin/bands']) {
    await page.goto(screen);
    await expect(page.getByText(/You are not allowed to see this page/)).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
  }
  await screenshot(page, 'bands-refused');
  await expectAccessible(page);
});
