import { devices, expect, test } from '@playwright/test';
import { apiAs } from './api';
import { demo, expectAccessible, screenshot } from './support';

/**
 * Issue 13, point 7: on venue Wi-Fi that blocks websockets the audience page falls back by itself to
 * Server-Sent Events on the main port, and a guest still sees the band's answer live.
 */
test('a phone whose websocket is blocked still sees its request go from waiting to played', async ({
  browser,
}) => {
  const bandAdmin = demo('band_admin');
  const api = await apiAs(bandAdmin.email, bandAdmin.password);
  // A gig of its own on the demo gig's playlist, so no other test's requests or rules get in the way.
  const { data: gigs } = await api.get('/api/admin/gigs');
  const demoGig = (gigs as { id: number; naziv: string }[]).find((gig) => gig.naziv === 'Petak u Kafani')!;
  const { playlista } = (await api.get(`/api/admin/gig/${demoGig.id}`)) as { playlista: number };
  const { id } = (await api.post('/api/admin/addgig', {
    title: 'Wi-Fi bez websocketa',
    lokacija: 'Kafana Zlatni Bokal',
    status: '1',
    razmakpesme: '1',
    razmakvreme: '2',
    starttime: '2026-11-21T21:00',
    playlista: String(playlista),
  })) as { id: number };
  const { token } = (await api.get(`/api/admin/gig/${id}`)) as { token: string };

  const context = await browser.newContext({ ...devices['Pixel 7'] });
  const phone = await context.newPage();
  // The venue's network: every websocket is cut at once.
  let blocked = 0;
  await phone.routeWebSocket(/\/ws$/, (ws) => {
    blocked += 1;
    ws.close();
  });
  const stream = phone.waitForRequest((request) => request.url().endsWith(`/api/live/${token}/events`));
  await phone.goto(`/g/${token}`);
  await expect(phone.getByRole('heading', { name: 'Wi-Fi bez websocketa', level: 1 })).toBeVisible();
  await stream;
  expect(blocked).toBeGreaterThan(0);

  await phone.getByLabel('Find a song').fill('zazmuri');
  await phone.getByRole('button', { name: /Zažmuri/ }).click();
  await expect(phone.getByText('You asked for “Zažmuri”.')).toBeVisible();
  const mine = phone.locator('.my-requests li').filter({ hasText: 'Zažmuri' });
  await expect(mine).toContainText('Waiting');

  // The band marks it played (its tablet is on a good network: the API does what its button does).
  const live = (await api.get(`/api/admin/live/${token}`)) as { queue: { song_id: number; naziv: string }[] };
  const song = live.queue.find((entry) => entry.naziv === 'Zažmuri')!;
  await api.postJson(`/api/admin/live/${token}/songs/${song.song_id}/played`, {});

  // Over the event stream: no reload.
  await expect(mine).toContainText('Played');
  await screenshot(phone, 'audience-page-without-websocket');
  await expectAccessible(phone);
  await context.close();
  await api.dispose();
});
