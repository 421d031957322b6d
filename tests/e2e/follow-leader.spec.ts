import { expect, test } from '@playwright/test';
import { bandWithGig } from './api';
import { expectAccessible, screenshot, signIn } from './support';

/**
 * Issue 27, point 4, as a band would: two tablets signed in as the same band member; the second in
 * follow mode opens the song the first (the leader) opens, a song with a ChordPro chart in G, and
 * follows its transposition (+2: A); the leader closing it closes it on the follower; Back leaves
 * and one tap rejoins; a tablet that takes the lead tells the first it no longer leads.
 */
const CHART = `{title: Đurđevdan}
{key: G}
{start_of_verse: Strofa 1}
[G]Proljeće na [C]moje rame
[D]slijeće sa [G]đurđevkom
{end_of_verse}`;

/** Within a second on a quiet network; waited a few to leave room for a busy test machine. */
const ARRIVES = { timeout: 5_000 };

test('a tablet in follow mode opens the song the leader opens, in the leader’s key', async ({
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const band = await bandWithGig({
    naziv: 'Vođa bend',
    slug: 'vodja-bend',
    songs: [{ naziv: 'Đurđevdan', chart: CHART }],
    gig: { naziv: 'Veče za dva tableta', active: true, allowMessages: false, startsInMinutes: 0 },
  });
  const guestContext = await browser.newContext();
  const guest = await guestContext.newPage();
  await guest.goto(`/g/${band.token}`);
  await guest.getByLabel('Find a song').fill('djurdjevdan');
  await guest.getByRole('button', { name: /Đurđevdan/ }).click();
  await expect(guest.getByText('You asked for “Đurđevdan”.')).toBeVisible();
  await guestContext.close();

  const tablets = await Promise.all(
    [0, 1].map(async () => {
      const context = await browser.newContext({ viewport: { width: 1024, height: 768 } });
      const page = await context.newPage();
      await signIn(page, band.email, band.password);
      await page.waitForURL((url) => !url.pathname.endsWith('/login'));
      await page.goto(`/band/${band.token}`);
      await expect(page.getByRole('status').filter({ hasText: 'Live' })).toBeVisible();
      return page;
    }),
  );
  const [leader, follower] = tablets;

  await follower.getByRole('button', { name: 'Follow', exact: true }).click();
  await expect(follower.getByRole('button', { name: 'Follow', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(follower.getByText('No tablet leads now.')).toBeVisible();
  await leader.getByRole('button', { name: 'Lead', exact: true }).click();
  await expect(leader.getByText('This tablet leads: tablets in Follow open what it opens.')).toBeVisible();
  await expect(follower.getByText('Following the leader.')).toBeVisible(ARRIVES);

  // The leader opens the song: the follower opens it too, chart and key.
  await leader.getByRole('button', { name: 'Open Đurđevdan', exact: true }).click();
  const leaderStage = leader.getByRole('dialog', { name: 'Đurđevdan' });
  await expect(leaderStage.getByTestId('stage-key')).toHaveText('Key: G');
  const stage = follower.getByRole('dialog', { name: 'Đurđevdan' });
  await expect(stage).toBeVisible(ARRIVES);
  const chart = stage.getByRole('region', { name: 'Chord chart' });
  await expect(chart.getByRole('region', { name: 'Strofa 1' })).toBeVisible();
  await expect(stage.getByTestId('stage-key')).toHaveText('Key: G');
  await expect(stage.getByText('Following the leader: Back leaves it')).toBeVisible();

  // The leader transposes up two semitones: the follower, with the chart already open, shows A.
  await leaderStage.getByRole('button', { name: 'Transpose up a semitone' }).click();
  await leaderStage.getByRole('button', { name: 'Transpose up a semitone' }).click();
  await expect(leaderStage.getByTestId('stage-key')).toHaveText('Key: A');
  await expect(stage.getByTestId('stage-key')).toHaveText('Key: A', ARRIVES);
  await expect(chart.locator('[data-chord]')).toHaveText(['A', 'D', 'E', 'A']);
  await expect(stage.getByRole('button', { name: 'Transpose up a semitone' })).toBeDisabled();
  await screenshot(follower, 'follow-leader-follower', testInfo);
  await expectAccessible(follower);

  // The leader closes it: so does the follower. It opens it again; the follower leaves and rejoins.
  await leaderStage.getByRole('button', { name: 'Back' }).click();
  await expect(stage).toBeHidden(ARRIVES);
  await leader.getByRole('button', { name: 'Open Đurđevdan', exact: true }).click();
  await expect(stage).toBeVisible(ARRIVES);
  await stage.getByRole('button', { name: 'Back' }).click();
  await expect(stage).toBeHidden();
  await follower.getByRole('button', { name: 'Follow the leader again' }).click();
  await expect(stage).toBeVisible();
  await expect(stage.getByTestId('stage-key')).toHaveText('Key: A');
  await stage.getByRole('button', { name: 'Back' }).click();

  // The second tablet takes the lead: the first says it no longer leads.
  await follower.getByRole('button', { name: 'Lead', exact: true }).click();
  await expect(leader.getByText('Another tablet took the lead; this one no longer leads.')).toBeVisible(
    ARRIVES,
  );
  await leaderStage.getByRole('button', { name: 'Back' }).click();
  await expect(leader.getByRole('button', { name: 'Lead', exact: true })).toHaveAttribute(
    'aria-pressed',
    'false',
  );
  await screenshot(leader, 'follow-leader-replaced', testInfo);
  await expectAccessible(leader);
  await Promise.all(tablets.map((page) => page.context().close()));
});
