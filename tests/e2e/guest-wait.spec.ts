import { expect, test } from '@playwright/test';
import { bandWithGig } from './api';
import { expectAccessible, screenshot, signIn } from './support';

/**
 * Issue 29, point 1, as a guest would: asked second, the phone says where the song stands and about
 * when it comes, from the song ahead's duration (8:00), and it changes when the band plays that song.
 * The venue screen's up next says the same of its next songs.
 */
test('a guest sees “2nd in line · in about 8 minutes”, and “up next” once the band plays the first', async ({
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const band = await bandWithGig({
    naziv: 'Čekanje bend',
    slug: 'cekanje-bend',
    songs: [
      { naziv: 'Duga pesma', duration: '8:00' },
      { naziv: 'Kratka pesma', duration: '2:30' },
    ],
    gig: { naziv: 'Veče čekanja', active: true, allowMessages: false, startsInMinutes: 0 },
  });

  // The first guest asks for the long song; the second guest, after, for the short one.
  const firstContext = await browser.newContext();
  const first = await firstContext.newPage();
  await first.goto(`/g/${band.token}`);
  await first.getByLabel('Find a song').fill('duga');
  await first.getByRole('button', { name: /Duga pesma/ }).click();
  await expect(first.getByText('You asked for “Duga pesma”.')).toBeVisible();
  await firstContext.close();

  const phoneContext = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
  const phone = await phoneContext.newPage();
  await phone.goto(`/g/${band.token}`);
  await phone.getByLabel('Find a song').fill('kratka');
  await phone.getByRole('button', { name: /Kratka pesma/ }).click();
  await expect(phone.getByText('You asked for “Kratka pesma”.')).toBeVisible();
  const standing = phone.locator('.standing');
  await expect(standing).toHaveText('2nd in line · in about 8 minutes');
  await screenshot(phone, 'guest-wait', testInfo);
  await expectAccessible(phone);

  // The room's screen: the long song up next, the short one in about 8 minutes.
  const tvContext = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const tv = await tvContext.newPage();
  await tv.goto(`/screen/${band.token}`);
  const upNext = tv.getByRole('region', { name: 'Up next' });
  await expect(upNext.getByRole('listitem')).toHaveText([
    /^Duga pesma · Čekanje bend uživo$/,
    /^Kratka pesma · Čekanje bend uživo\s*in about 8 minutes$/,
  ]);
  await screenshot(tv, 'venue-screen-wait', testInfo);
  await expectAccessible(tv);

  // The band plays the first song: the guest's is next, without a reload.
  const tabletContext = await browser.newContext({ viewport: { width: 1024, height: 768 } });
  const tablet = await tabletContext.newPage();
  await signIn(tablet, band.email, band.password);
  await expect(tablet).not.toHaveURL(/login/);
  await tablet.goto(`/band/${band.token}`);
  await tablet.getByRole('button', { name: 'Played Duga pesma', exact: true }).click();
  await expect(standing).toHaveText('1st in line · up next');
  await expect(upNext.getByRole('listitem')).toHaveText([/^Kratka pesma · Čekanje bend uživo$/]);
  await tvContext.close();
  await tabletContext.close();
  await phoneContext.close();
});
