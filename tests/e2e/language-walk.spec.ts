import { expect, type Page, test } from '@playwright/test';
// The whole panel's English: the panel's tree and the words its screens bring as they load.
import { allEnglish as en } from '../../src/client/i18n/screens';
import { sr } from '../../src/client/i18n/sr';
import { texts as audienceTexts } from '../../src/client/live/audience/texts';
import { screenTexts } from '../../src/client/live/screen/texts';
import { cyrillicTree } from '../../src/shared/cyrillic';
import { CSV_WORDS } from '../../src/server/services/files/csv-words';
import { apiAs } from './api';
import { demo } from './support';

/**
 * Issue 26, point 1, "done when": a user who chooses Srpski or Српски meets no English on any screen,
 * dialog, toast, export or live page. The walk chooses the language on the sign-in page, as a user
 * does, then opens every screen of the three roles and the gig-night pages, and looks at every text
 * the page shows (text, aria-label, title, placeholder, alt, the document's title) for a message
 * that is English (or, in Cyrillic, still Latin) where the language has its own words.
 */

type Tree = { [key: string]: string | Tree | ((...args: never[]) => unknown) };

/** Every string of a tree under its dotted key. */
const leaves = (tree: Tree, prefix = ''): [string, string][] =>
  Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string'
      ? [[`${prefix}${key}`, value]]
      : typeof value === 'object' && value
        ? leaves(value, `${prefix}${key}.`)
        : [],
  );

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The messages the page must not show in `chosen`: each message of `foreign` whose words differ from
 * the chosen language's under the same key, as a pattern for a whole text (placeholders stand for
 * anything; each plural form apart). Messages of fewer than three letters in a row say nothing of
 * their language; one that the chosen language also uses somewhere is not evidence either.
 */
function foreignPatterns(foreign: Tree, chosen: Tree): { message: string; pattern: RegExp }[] {
  const own = new Map(leaves(chosen));
  const ownTexts = new Set(own.values());
  const found = new Map<string, RegExp>();
  for (const [key, message] of leaves(foreign)) {
    if (own.get(key) === message || ownTexts.has(message)) continue;
    for (const form of message.split(' |||| ')) {
      if (!/\p{L}{3,}/u.test(form.replace(/%\{\w+\}/g, ''))) continue;
      // A count is digits; any other value (a title, a name) may be anything.
      const source = escape(form)
        .replace(/%\\\{(smart_count|count)\\\}/g, '\\d[\\d.,]*')
        .replace(/%\\\{\w+\\\}/g, '.*');
      found.set(form, new RegExp(`^${source}$`, 's'));
    }
  }
  return [...found].map(([message, pattern]) => ({ message, pattern }));
}

/**
 * English the message files do not hold (a server's sentence without a code, a literal): a word
 * Serbian does not have. The demo band's English name is data, not a message; an address (with
 * its band's slug) is not words.
 */
const ENGLISH_WORDS =
  /\b(the|must|is|are|not|be|and|of|with|your|this|has|have|cannot|only|please|was|will|been|already|could|should)\b/gi;
const DATA = [/\bThe Encores/g, /\S*\/\S*/g];
function englishWords(text: string): boolean {
  const words = new Set(
    DATA.reduce((rest, name) => rest.replace(name, ''), text)
      .toLowerCase()
      .match(ENGLISH_WORDS),
  );
  return words.size > 0;
}

const CHOICES = [
  { locale: 'sr', name: 'Srpski', panel: sr as unknown as Tree },
  { locale: 'sr-Cyrl', name: 'Српски', panel: cyrillicTree(sr) as unknown as Tree },
] as const;

/** What the page shows a reader: its texts (whole, and per element) and the names it gives things. */
async function shownTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out = new Set<string>([document.title]);
    const shown = (element: Element | null) =>
      !!element && (!('checkVisibility' in element) || element.checkVisibility());
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!shown(parent) || parent?.closest('script, style')) continue;
      // What the page marks as English by nature (the server's log, as it records it) is not a
      // message left untranslated.
      const marked = parent?.closest('body [lang]');
      if (marked?.getAttribute('lang')?.startsWith('en')) continue;
      const text = node.textContent?.trim();
      if (text) out.add(text);
      // A sentence whose value is set apart ("Delete <b>Đurđevdan</b>?") is read whole too.
      const whole = parent?.textContent?.trim();
      if (whole && whole.length < 300) out.add(whole);
    }
    for (const element of document.querySelectorAll('[aria-label], [title], [placeholder], [alt]')) {
      for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
        const value = element.getAttribute(name)?.trim();
        if (value) out.add(value);
      }
    }
    return [...out];
  });
}

// Long: a whole walk through the product. Each step waits at most 15 s, so a missing control fails
// where it is missing rather than at the test's end.
test.describe.configure({ timeout: 240_000 });
test.use({ actionTimeout: 15_000 });

for (const choice of CHOICES) {
  test(`in ${choice.name}, no screen, dialog, toast, export or live page says a word of English`, async ({
    page,
  }) => {
    const live = (lang: 'en' | 'sr' | 'sr-Cyrl') =>
      ({ audience: audienceTexts(lang), screen: screenTexts(lang) }) as unknown as Tree;
    const english = [
      ...foreignPatterns(en as unknown as Tree, choice.panel),
      ...foreignPatterns(live('en'), live(choice.locale)),
    ];
    // In Cyrillic, a Latin message left untransliterated is as foreign as English.
    const latin =
      choice.locale === 'sr-Cyrl'
        ? [
            ...foreignPatterns(sr as unknown as Tree, choice.panel),
            ...foreignPatterns(live('sr'), live('sr-Cyrl')),
          ]
        : [];
    const foreign = [...english, ...latin];
    const m = choice.panel as unknown as typeof sr;
    const found: string[] = [];

    /** Looks at what the page shows now and notes every foreign message with where it was. */
    async function look(where: string) {
      await page.waitForLoadState('networkidle');
      const texts = await shownTexts(page);
      for (const text of texts) {
        for (const { message, pattern } of foreign)
          if (pattern.test(text)) found.push(`${where}: "${text}" (${message})`);
        if (englishWords(text)) found.push(`${where}: "${text}" (English words)`);
      }
    }
    /** Opens a panel screen and waits for its heading. */
    async function open(url: string) {
      await page.goto(url);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await look(url);
    }

    const bandAdmin = demo('band_admin');
    const admin = demo('admin');
    const viewer = demo('viewer');
    const api = await apiAs(bandAdmin.email, bandAdmin.password);
    const { data: songs } = await api.get('/api/admin/songs?o=2&pg=0');
    const { data: performers } = await api.get('/api/admin/performers?o=2&pg=0');
    const { id: playlist } = await api.post('/api/admin/addplaylist', { title: `Šetnja ${choice.locale}` });
    const { id: gig } = await api.post('/api/admin/addgig', {
      title: `Svirka ${choice.locale}`,
      lokacija: 'Dvorište, Beograd',
      status: '1',
      razmakpesme: '1',
      razmakvreme: '2',
      starttime: '2026-12-24T21:00',
      playlista: String(playlist),
    });
    const gigAnswer = await api.get(`/api/admin/gig/${gig}`);

    // The choice is made where a user makes it first: on the sign-in page.
    await page.goto('/admin/login');
    // The login page's code runs at the first use of the page (a pointer moving toward the menu).
    await page.mouse.move(10, 10);
    await page.getByRole('button', { name: 'English' }).click();
    await page.getByRole('menuitem', { name: choice.name }).click();
    await expect(page.locator('html')).toHaveAttribute(
      'lang',
      choice.locale === 'sr' ? 'sr-Latn' : 'sr-Cyrl',
    );
    await look('sign-in');
    // A refusal of the server, in the chosen language.
    await page.locator('input[type="email"], input[name="email"]').first().fill(bandAdmin.email);
    await page.locator('input[type="password"]').fill('not the password');
    await page.locator('button[type="submit"]').click();
    await expect(page.getByText(m.server.invalid_login)).toBeVisible();
    await look('sign-in refused');
    await page.locator('input[type="password"]').fill(bandAdmin.password);
    await page.locator('button[type="submit"]').click();
    await expect(page).not.toHaveURL(/login/);

    // A band admin's screens.
    await open('/admin/dashboard');
    await open('/admin/songs');
    await page
      .locator(`[aria-label^="${m.list.delete.split('%{title}')[0]}"]`)
      .first()
      .click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await look('songs: delete dialog');
    await page.keyboard.press('Escape');
    await open('/admin/addsong');
    await page.locator('main form button[type="submit"]').first().click();
    await look('add song: required fields');
    await open(`/admin/song/${songs[0].id}`);
    await open('/admin/performers');
    await open('/admin/addperformer');
    await open(`/admin/performer/${performers[0].id}`);
    await open('/admin/playlists');
    await open('/admin/addplaylist');
    await open(`/admin/playlist/${playlist}`);
    await page.getByRole('button', { name: m.playlists.paste.open }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.getByRole('dialog').getByRole('textbox').first().fill('Nepostojeća pesma - Niko');
    await look('playlist: paste setlist');
    await page.keyboard.press('Escape');
    await open('/admin/gigs');
    await open('/admin/addgig');
    await open(`/admin/gig/${gig}`);

    // Import: a file with problems the server explains, then the toast of what was imported.
    await open('/admin/importsongs');
    const file = Buffer.from(
      [
        'Naziv,Izvođač,Javno',
        `Uvezena ${choice.locale},Bajaga,da`,
        ',Bajaga,da',
        'Bez vidljivosti,Bajaga,možda',
        '=HYPERLINK("http://x.example"),Bajaga,da',
      ].join('\r\n'),
    );
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'pesme.csv', mimeType: 'text/csv', buffer: file });
    await page.getByRole('button', { name: m.songs.import.preview }).click();
    await expect(page.getByRole('region', { name: m.songs.import.problems })).toBeVisible();
    await look('import: preview');
    await page
      .getByRole('button', { name: new RegExp(`^${escape(m.songs.import.confirm.split('%{count}')[0])}`) })
      .click();
    await expect(page.locator('.Toastify__toast').first()).toBeVisible();
    await look('import: toast');

    // An export's headers and values.
    await page.goto('/admin/songs');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: m.list.export }).click(),
    ]);
    const exported = await (await import('node:fs/promises')).readFile((await download.path())!, 'utf8');
    const [header, first] = exported.replace(/^\uFEFF/, '').split(/\r?\n/);
    // English headers where the language has its own word ("Tempo (BPM)" is Serbian too).
    const own = CSV_WORDS[choice.locale].columns as Record<string, string>;
    const englishColumns = Object.entries(CSV_WORDS.en.columns)
      .filter(([key, word]) => own[key] !== word)
      .map(([, word]) => word);
    for (const word of header.split(','))
      if (englishColumns.includes(word)) found.push(`songs export: header "${word}"`);
    if (/,(yes|no),/.test(first)) found.push(`songs export: "${first}"`);

    // Gig night: the band page, the audience page, the venue screen.
    await page.goto(gigAnswer.band_url.replace(/^https?:\/\/[^/]+/, ''));
    await expect(page.getByRole('heading').first()).toBeVisible();
    await look('band page');
    await page.goto(gigAnswer.public_url.replace(/^https?:\/\/[^/]+/, ''));
    await expect(page.getByRole('heading').first()).toBeVisible();
    await look('audience page');
    await page.goto(gigAnswer.screen_url.replace(/^https?:\/\/[^/]+/, ''));
    await expect(page.locator('body')).not.toBeEmpty();
    await look('venue screen');

    // A viewer's area.
    await page.goto('/admin/login');
    await page.evaluate(() => localStorage.removeItem('user'));
    await page.goto('/admin/login');
    await page.locator('input[type="email"], input[name="email"]').first().fill(viewer.email);
    await page.locator('input[type="password"]').fill(viewer.password);
    await page.locator('button[type="submit"]').click();
    await expect(page).toHaveURL(/\/viewer/);
    await expect(page.getByRole('heading').first()).toBeVisible();
    await look('viewer area');

    // A system admin's screens.
    await page.evaluate(() => localStorage.removeItem('user'));
    await page.goto('/admin/login');
    await page.locator('input[type="email"], input[name="email"]').first().fill(admin.email);
    await page.locator('input[type="password"]').fill(admin.password);
    await page.locator('button[type="submit"]').click();
    await expect(page).not.toHaveURL(/login/);
    for (const url of [
      '/admin/users',
      '/admin/adduser',
      '/admin/bands',
      '/admin/addband',
      '/admin/administration',
      '/admin/status',
      '/admin/logs',
      '/admin/settings',
    ])
      await open(url);

    await api.dispose();
    expect(found).toEqual([]);
  });
}
