import { expect, type Locator, test } from '@playwright/test';
import { bandWithGig } from './api';
import { expectAccessible, screenshot, signIn } from './support';

/**
 * Issue 27, point 3, as a band would: the band page shows the gig's set in order beside the queue;
 * Next opens the following song; a guest's request is slotted in with Play next and shows after the
 * current song, and is marked played from there.
 */
const SONGS = ['Prva pesma', 'Druga pesma', 'Treća pesma', 'Četvrta pesma'];

/** The songs' names of a list's rows, in order. */
const names = (list: Locator) =>
  list.getByRole('listitem').evaluateAll((rows) => rows.map((row) => row.querySelector('p')?.textContent));

test('the band walks its set, slots a request in with Play next and marks it played there', async ({
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const band = await bandWithGig({
    naziv: 'Set bend',
    slug: 'set-bend',
    songs: [
      { naziv: SONGS[0], chart: '{key: G}\n[G]Prva [D]strofa' },
      { naziv: SONGS[1], chart: '{key: Am}\n[Am]Druga [E]strofa' },
      SONGS[2],
      SONGS[3],
    ],
    gig: { naziv: 'Veče po spisku', active: true, allowMessages: false, startsInMinutes: 0 },
  });

  // A guest asks for the last song of the set.
  const guestContext = await browser.newContext();
  const guest = await guestContext.newPage();
  await guest.goto(`/g/${band.token}`);
  await guest.getByLabel('Find a song').fill('cetvrta');
  await guest.getByRole('button', { name: /Četvrta pesma/ }).click();
  await expect(guest.getByText('You asked for “Četvrta pesma”.')).toBeVisible();
  await guestContext.close();

  // The band's tablet, held sideways: the set in order beside the queue.
  const tabletContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const tablet = await tabletContext.newPage();
  await signIn(tablet, band.email, band.password);
  await expect(tablet).not.toHaveURL(/login/);
  await tablet.goto(`/band/${band.token}`);
  const queue = tablet.getByRole('list', { name: 'Requested songs' });
  const set = tablet.getByRole('region', { name: 'Tonight’s set' });
  const setList = set.getByRole('list', { name: 'Tonight’s set' });
  await expect(queue.getByRole('listitem')).toHaveCount(1);
  await expect(setList.getByRole('listitem')).toHaveCount(4);
  expect(await names(setList)).toEqual(SONGS);
  const [queueBox, setBox] = [(await queue.boundingBox())!, (await set.boundingBox())!];
  expect(setBox.x).toBeGreaterThan(queueBox.x + queueBox.width - 1);

  // Next: the band is at the first song, which opens; Next in the stage view opens the second.
  await set.getByRole('button', { name: 'Next' }).click();
  let stage = tablet.getByRole('dialog', { name: SONGS[0] });
  await expect(stage.getByRole('region', { name: 'Chord chart' })).toContainText('Prva');
  await stage.getByRole('button', { name: 'Next' }).click();
  stage = tablet.getByRole('dialog', { name: SONGS[1] });
  await expect(stage.getByRole('region', { name: 'Chord chart' })).toContainText('Druga');
  await screenshot(tablet, 'setlist-stage-next', testInfo);
  await stage.getByRole('button', { name: 'Back' }).click();
  await expect(stage).toBeHidden();
  const current = setList.locator('[aria-current="true"]');
  await expect(current).toHaveCount(1);
  await expect(current).toContainText(SONGS[1]);

  // Play next: the request shows right after the current song, marked as a request.
  await queue.getByRole('button', { name: `Play ${SONGS[3]} next` }).click();
  await expect(setList.getByRole('listitem')).toHaveCount(5);
  expect(await names(setList)).toEqual([SONGS[0], SONGS[1], SONGS[3], SONGS[2], SONGS[3]]);
  const slotted = setList.getByRole('listitem').nth(2);
  await expect(slotted.getByText('Request', { exact: true })).toBeVisible();

  // Played from there: it leaves the queue and stays in the set, marked played.
  await slotted.getByRole('button', { name: `Played ${SONGS[3]}` }).click();
  await expect(tablet.getByText('No requests waiting.')).toBeVisible();
  await expect(slotted.getByText('Played', { exact: true })).toBeVisible();
  await expect(slotted.getByRole('button', { name: `Played ${SONGS[3]}` })).toHaveCount(0);

  // Another tablet of the band opens on the same running order.
  const second = await tabletContext.newPage();
  await second.goto(`/band/${band.token}`);
  const secondSet = second.getByRole('list', { name: 'Tonight’s set' });
  await expect(secondSet.locator('[aria-current="true"]')).toContainText(SONGS[1]);
  await expect(secondSet.getByRole('listitem').nth(2).getByText('Played', { exact: true })).toBeVisible();

  await screenshot(tablet, 'setlist-band-page', testInfo);
  await expectAccessible(tablet);
  await tabletContext.close();
});
