import { expect, type Locator, type Page, test } from '@playwright/test';
import { bandWithGig, pdf } from './api';
import { expectAccessible, screenshot, signIn } from './support';

/**
 * Issue 27, points 1 and 2, as a band would: a song is given a ChordPro chart in G in the panel, a
 * guest asks for it, and the band's tablet shows the chords over the words; transposing +2 shows A,
 * for the band's tablets after a reload too. A song with only a PDF still shows its PDF.
 */
const CHART = `{title: Đurđevdan}
{key: G}
{start_of_verse: Strofa 1}
[G]Proljeće na [C]moje rame
[D]slijeće sa [G]đurđevkom
{end_of_verse}

{start_of_chorus}
[Em]Evo zore, [C]evo zore
{end_of_chorus}`;

/** The chord sits above the syllable it is played on: its box ends above the word's, and starts with it. */
async function expectOver(chord: Locator, word: Locator) {
  const [c, w] = [(await chord.boundingBox())!, (await word.boundingBox())!];
  expect(c.y + c.height).toBeLessThanOrEqual(w.y + 1);
  expect(Math.abs(c.x - w.x)).toBeLessThan(2);
}

/** The lyrics piece a chord stands over: the element after it in the chord's column. */
const under = (chord: Locator) => chord.locator('xpath=following-sibling::*[1]');

/** Counts the Screen Wake Lock requests and releases (headless Chromium may refuse the real one). */
async function watchWakeLock(page: Page) {
  await page.addInitScript(() => {
    const counts = { requested: 0, released: 0 };
    (window as unknown as { wakeCounts: typeof counts }).wakeCounts = counts;
    Object.defineProperty(navigator, 'wakeLock', {
      value: {
        request: async () => {
          counts.requested += 1;
          const sentinel = new EventTarget() as EventTarget & { released: boolean; release(): Promise<void> };
          sentinel.released = false;
          sentinel.release = async () => {
            if (!sentinel.released) counts.released += 1;
            sentinel.released = true;
          };
          return sentinel;
        },
      },
    });
  });
  return () => page.evaluate(() => (window as unknown as { wakeCounts: object }).wakeCounts);
}

test('a chart in G shows its chords over the words on the stage, and +2 shows A', async ({
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const band = await bandWithGig({
    naziv: 'Akordi bend',
    slug: 'akordi-bend',
    songs: ['Đurđevdan', { naziv: 'Jugo 45', pdf: pdf('Jugo 45: Am F C G') }],
    gig: { naziv: 'Veče akorda', active: true, allowMessages: false, startsInMinutes: 0 },
  });
  const tabletContext = await browser.newContext({ viewport: { width: 1024, height: 768 } });
  const tablet = await tabletContext.newPage();
  const wakeLock = await watchWakeLock(tablet);
  await signIn(tablet, band.email, band.password);

  // 1. The song form: key, tempo, duration, and the chart with its preview beside it.
  await tablet.getByRole('link', { name: 'Edit Đurđevdan' }).click();
  await expect(tablet.getByRole('heading', { name: 'Edit: Đurđevdan', level: 1 })).toBeVisible();
  await tablet.getByRole('textbox', { name: 'Key' }).fill('G');
  await tablet.getByRole('textbox', { name: 'Tempo (BPM)' }).fill('96');
  await tablet.getByRole('textbox', { name: 'Duration' }).fill('3:30');
  await tablet.getByRole('textbox', { name: 'Chord chart (ChordPro)' }).fill(CHART);
  const preview = tablet.getByRole('region', { name: 'Chart preview' });
  await expect(preview.getByRole('region', { name: 'Chorus' })).toContainText('Evo zore');
  await expectOver(
    preview.getByText('Em', { exact: true }),
    preview.getByText('Evo', { exact: false }).first(),
  );
  // On a wide screen the preview stands beside the chart field.
  await tablet.setViewportSize({ width: 1600, height: 900 });
  const field = (await tablet.getByRole('textbox', { name: 'Chord chart (ChordPro)' }).boundingBox())!;
  expect((await preview.boundingBox())!.x).toBeGreaterThanOrEqual(field.x + field.width);
  await screenshot(tablet, 'song-chart-form', testInfo);
  await tablet.setViewportSize({ width: 1024, height: 768 });
  await expectAccessible(tablet);
  await tablet.getByRole('button', { name: 'Update Song' }).click();
  await expect(tablet.getByText('Song has been updated')).toBeVisible();

  // 2. Two guests ask for it and for the song with a PDF (a phone waits a while between requests).
  for (const [search, song] of [
    ['djurdjevdan', 'Đurđevdan'],
    ['jugo', 'Jugo 45'],
  ]) {
    const guestContext = await browser.newContext();
    const guest = await guestContext.newPage();
    await guest.goto(`/g/${band.token}`);
    await guest.getByLabel('Find a song').fill(search);
    await guest.getByRole('button', { name: new RegExp(song) }).click();
    await expect(guest.getByText(`You asked for “${song}”.`)).toBeVisible();
    await guestContext.close();
  }

  // 3. The band's tablet opens it: the chart, chords over their syllables, light on dark, the key.
  await tablet.goto(`/band/${band.token}`);
  await tablet.getByRole('button', { name: 'Open Đurđevdan', exact: true }).click();
  const stage = tablet.getByRole('dialog', { name: 'Đurđevdan' });
  const chart = stage.getByRole('region', { name: 'Chord chart' });
  await expect(chart.getByRole('region', { name: 'Strofa 1' })).toBeVisible();
  await expect(stage.getByTestId('stage-key')).toHaveText('Key: G');
  const firstChord = chart.locator('[data-chord]').first();
  await expect(firstChord).toHaveText('G');
  await expect(under(firstChord)).toHaveText('Proljeće ');
  await expectOver(firstChord, under(firstChord));
  const colours = await chart.evaluate((element) => {
    const style = getComputedStyle(element.closest('[role=region]')!.parentElement!);
    return { background: style.backgroundColor, text: style.color };
  });
  expect(colours).toEqual({ background: 'rgb(18, 18, 18)', text: 'rgb(245, 245, 245)' });
  expect(
    parseFloat(await under(firstChord).evaluate((e) => getComputedStyle(e).fontSize)),
  ).toBeGreaterThanOrEqual(24);
  await expect.poll(wakeLock).toEqual({ requested: 1, released: 0 });

  // Transposed up two semitones: A, on the chords and the key.
  await stage.getByRole('button', { name: 'Transpose up a semitone' }).click();
  await stage.getByRole('button', { name: 'Transpose up a semitone' }).click();
  await expect(stage.getByTestId('stage-key')).toHaveText('Key: A');
  await expect(firstChord).toHaveText('A');
  await expect(chart.locator('[data-chord]')).toHaveText(['A', 'D', 'E', 'A', 'F#m', 'D']);
  await expectOver(firstChord, under(firstChord));
  await screenshot(tablet, 'stage-chart-transposed', testInfo);
  await expectAccessible(tablet);

  // A capo on the 2nd fret: the chords are played as in G, the key still sounds A.
  await stage.getByRole('button', { name: 'Capo up a fret' }).click();
  await stage.getByRole('button', { name: 'Capo up a fret' }).click();
  await expect(stage.getByTestId('stage-key')).toHaveText('Key: Acapo 2, chords as in G');
  await expect(firstChord).toHaveText('G');
  await stage.getByRole('button', { name: 'Capo down a fret' }).click();
  await stage.getByRole('button', { name: 'Capo down a fret' }).click();
  await expect(firstChord).toHaveText('A');

  // Scrolled at the song's pace (3:30 for the whole chart) when asked, until stopped. The chart is
  // made longer than the screen for this by a narrow window.
  await tablet.setViewportSize({ width: 1024, height: 420 });
  await stage.getByRole('button', { name: 'Scroll (3:30)' }).click();
  await expect.poll(() => chart.evaluate((element) => element.scrollTop)).toBeGreaterThan(0);
  await stage.getByRole('button', { name: 'Stop scrolling' }).click();
  const stopped = await chart.evaluate((element) => element.scrollTop);
  await tablet.waitForTimeout(300);
  expect(await chart.evaluate((element) => element.scrollTop)).toBe(stopped);
  await tablet.setViewportSize({ width: 1024, height: 768 });

  // Closed: the screen may sleep again.
  await stage.getByRole('button', { name: 'Back' }).click();
  await expect(stage).toBeHidden();
  await expect.poll(wakeLock).toEqual({ requested: 1, released: 1 });

  // Remembered for the band: another tablet (here, a reload) opens it in A.
  await tablet.reload();
  await tablet.getByRole('button', { name: 'Open Đurđevdan', exact: true }).click();
  await expect(stage.getByTestId('stage-key')).toHaveText('Key: A');
  await expect(firstChord).toHaveText('A');
  await stage.getByRole('button', { name: 'Back' }).click();

  // 4. A song with only a PDF shows it as before.
  await tablet.getByRole('button', { name: 'Open Jugo 45', exact: true }).click();
  const pdfStage = tablet.getByRole('dialog', { name: 'Jugo 45' });
  await expect(pdfStage.locator('iframe[title="Jugo 45 (PDF)"]')).toBeVisible();
  await expect(pdfStage.getByRole('button', { name: 'Transpose up a semitone' })).toHaveCount(0);
  await tabletContext.close();
});
