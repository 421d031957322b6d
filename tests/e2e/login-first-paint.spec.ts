import { expect, type Page, test } from '@playwright/test';
import { demo, screenshot } from './support';

/**
 * Issue 25, point 3: a phone paints the sign-in form before the login page's JavaScript has arrived.
 * /admin/login is answered with the form in the page (login/shellPlugin.ts), in the user's language;
 * the login page takes it over when its JavaScript runs, with what was typed, and signs in. No other
 * page carries the form.
 */
const bandAdmin = demo('band_admin');

/** Holds the page's JavaScript back until `release` is called, as a slow phone network would. */
async function holdScripts(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

const staticForm = (page: Page) => page.locator('#root > .login-shell');

test("the login page's HTML holds the sign-in form in English, Serbian in Latin and Cyrillic, and allows its one script by hash", async ({
  request,
}) => {
  const answer = await request.get('/admin/login');
  const html = await answer.text();
  const root = html.slice(html.indexOf('<div id="root">'));
  expect(root).toContain('<h1');
  expect(root).toMatch(/<label[^>]*for="login-email"[^>]*>Email<\/label>/);
  expect(root).toMatch(/<label[^>]*for="login-password"[^>]*>Password<\/label>/);
  expect(root).toMatch(/<button[^>]*type="submit"[^>]*>Login to Admin Panel<\/button>/);
  expect(html).toMatch(/<template id="login-shell-sr"[^>]*>[\s\S]*>Lozinka<\/label>[\s\S]*>Prijavi se</);
  expect(html).toMatch(/<template id="login-shell-sr-Cyrl"[^>]*>[\s\S]*>Лозинка<\/label>/);
  expect(answer.headers()['content-security-policy']).toMatch(/script-src 'self' 'sha256-[^']+'/);
});

test('the other pages are answered without the sign-in form and with no inline script allowed', async ({
  request,
}) => {
  for (const url of [
    '/admin/songs',
    '/admin/',
    '/viewer',
    '/band/some-token',
    '/g/some-token',
    '/screen/some-token',
  ]) {
    const answer = await request.get(url);
    expect(await answer.text(), url).not.toContain('login-shell');
    expect(answer.headers()['content-security-policy'], url).not.toContain('sha256');
  }
});

test('before its JavaScript arrives the page shows the form and keeps what was typed; the login page takes it over where it stands and signs in', async ({
  page,
}) => {
  const release = await holdScripts(page);
  await page.goto('/admin/login', { waitUntil: 'commit' });
  await expect(staticForm(page)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Encore Admin' })).toBeVisible();
  // Its language menu cannot open before the JavaScript: it says so rather than ignore a tap.
  await expect(page.getByRole('button', { name: 'English' })).toBeDisabled();
  await page.getByLabel('Email').fill(bandAdmin.email);
  await page.getByLabel('Password').fill(bandAdmin.password.slice(0, 3));
  await screenshot(page, 'login-static-form');
  const before = await page.getByRole('button', { name: 'Login to Admin Panel' }).boundingBox();

  release();
  await expect(staticForm(page)).toHaveCount(0);
  // The login page's own form, where the static one was, with what was typed and the cursor kept.
  await expect(page.getByLabel('Email')).toHaveValue(bandAdmin.email);
  await expect(page.getByLabel('Password')).toHaveValue(bandAdmin.password.slice(0, 3));
  await expect(page.getByLabel('Password')).toBeFocused();
  expect(await page.getByRole('button', { name: 'Login to Admin Panel' }).boundingBox()).toEqual(before);
  await expect(page.getByRole('button', { name: 'English' })).toBeEnabled();

  await page.keyboard.type(bandAdmin.password.slice(3));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/songs$/);
  await expect(page.getByTestId('scroll-list').getByRole('listitem').first()).toBeVisible();
  // A page of the panel opened afresh has no sign-in form in it.
  await page.reload();
  await expect(page.getByTestId('scroll-list').getByRole('listitem').first()).toBeVisible();
  await expect(page.locator('.login-shell')).toHaveCount(0);
});

test('typing on while the login page takes the form over (a phone-slow CPU) lands in the field being typed in', async ({
  page,
}) => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  const release = await holdScripts(page);
  await page.goto('/admin/login', { waitUntil: 'commit' });
  await page.getByLabel('Email').fill(bandAdmin.email);
  release();
  // No waiting for the login page: the takeover happens somewhere in the middle of this.
  await page.getByLabel('Password').click();
  await page.keyboard.type(bandAdmin.password, { delay: 30 });
  await expect(staticForm(page)).toHaveCount(0);
  await expect(page.getByLabel('Email')).toHaveValue(bandAdmin.email);
  await expect(page.getByLabel('Password')).toHaveValue(bandAdmin.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/songs$/);
});

test.describe('on a phone set to Serbian', () => {
  test.use({ locale: 'sr-RS' });

  test('the form is in Serbian from the first paint, and Prijavi se pressed before the JavaScript signs in once it is here', async ({
    page,
  }) => {
    const release = await holdScripts(page);
    await page.goto('/admin/login', { waitUntil: 'commit' });
    await expect(staticForm(page)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Encore administracija' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'sr-Latn');
    await page.getByLabel('Email').fill(bandAdmin.email);
    await page.getByLabel('Lozinka').fill(bandAdmin.password);
    await page.getByRole('button', { name: 'Prijavi se' }).click();
    // Nothing is sent before the login page is here to send it.
    await expect(page).toHaveURL(/\/admin\/login$/);
    await expect(staticForm(page)).toBeVisible();

    release();
    await expect(page).toHaveURL(/\/admin\/songs$/);
    await expect(page.getByTestId('scroll-list').getByRole('listitem').first()).toBeVisible();
  });
});

test('with a language chosen before, on any page, the form opens in it: Serbian in Cyrillic', async ({
  page,
}) => {
  await page.addInitScript(() => localStorage.setItem('encore-lang', 'sr-Cyrl'));
  const release = await holdScripts(page);
  await page.goto('/admin/login', { waitUntil: 'commit' });
  await expect(page.getByRole('heading', { name: 'Encore администрација' })).toBeVisible();
  await expect(page.getByLabel('Лозинка')).toBeVisible();
  release();
  // Its code runs at the first use of the page (a pointer moving, here).
  await page.waitForLoadState('networkidle');
  await expect(staticForm(page)).toBeVisible();
  await page.mouse.move(10, 10);
  await expect(staticForm(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Пријави се' })).toBeVisible();
});

test('the login page fetches its code after the paint but runs it only at the first use of the page; a signed-in user is sent on at once', async ({
  page,
}) => {
  const fetched: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') fetched.push(response.url());
  });
  await page.goto('/admin/login');
  await page.waitForLoadState('networkidle');
  // Every chunk is here (the entry with them), and the static form is still the page's.
  expect(fetched.some((url) => /\/assets\/panel-[^/]+\.js$/.test(url))).toBe(true);
  await expect(staticForm(page)).toBeVisible();
  await expect(page.getByRole('button', { name: 'English' })).toBeDisabled();
  // A key pressed anywhere is a use: the login page takes over.
  await page.keyboard.press('Shift');
  await expect(staticForm(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'English' })).toBeEnabled();

  await page.getByLabel('Email').fill(bandAdmin.email);
  await page.getByLabel('Password').fill(bandAdmin.password);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/admin\/songs$/);
  // Signed in, the login page is left without a use of it.
  await page.goto('/admin/login');
  await expect(page).not.toHaveURL(/\/login$/);
});
