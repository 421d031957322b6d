import { devices, expect, test, type Browser, type Page } from '@playwright/test';
import { apiAs } from './api';
import { demo, expectAccessible, screenshot } from './support';

/**
 * Issue 13, point 7: on venue Wi-Fi that blocks websockets the audience page falls back by itself to
 * Server-Sent Events on the main port, and a guest still sees the band's answer live. Issue 26, point
 * 3: also where creating a websocket throws (webviews and filtering proxies that forbid them).
 */
async function walkWithoutWebsocket(
  browser: Browser,
  title: string,
  /** Keeps the phone's websockets from working; gives how to count the ones it stopped. */
  block: (phone: Page) => Promise<() => Promise<number>>,
  shot: string,
) {
  const bandAdmin = demo('band_admin');
  const api = await apiAs(bandAdmin.email, bandAdmin.password);
  // A gig of its own on the demo gig's playlist, so no other test's requests or rules get in the way.
  const { data: gigs } = await api.get('/api/admin/gigs');
  const demoGig = (gigs as { id: number; naziv: string }[]).find((gig) => gig.naziv === 'Petak u Kafani')!;
  const { playlista } = (await api.get(`/api/admin/gig/${demoGig.id}`)) as { playlista: number };
  const { id } = (await api.post('/api/admin/addgig', {
    title,
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
  const blocked = await block(phone);
  const stream = phone.waitForRequest((request) => request.url().endsWith(`/api/live/${token}/events`));
  await phone.goto(`/g/${token}`);
  await expect(phone.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await stream;
  expect(await blocked()).toBeGreaterThan(0);

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
  await screenshot(phone, shot);
  await expectAccessible(phone);
  await context.close();
  await api.dispose();
}

test('a phone whose websocket is blocked still sees its request go from waiting to played', async ({
  browser,
}) => {
  await walkWithoutWebsocket(
    browser,
    'Wi-Fi bez websocketa',
    async (phone) => {
      // The venue's network: every websocket is cut at once.
      let blocked = 0;
      await phone.routeWebSocket(/\/ws$/, (ws) => {
        blocked += 1;
        ws.close();
      });
      return async () => blocked;
    },
    'audience-page-without-websocket',
  );
});

test('a phone where creating a websocket throws still sees its request go from waiting to played', async ({
  browser,
}) => {
  await walkWithoutWebsocket(
    browser,
    'Webview bez websocketa',
    async (phone) => {
      // A webview (or a filtering proxy's injected script) that forbids websockets outright.
      await phone.addInitScript(() => {
        const forbidden = function WebSocket() {
          const tries = (window as unknown as { forbiddenSockets?: number }).forbiddenSockets ?? 0;
          (window as unknown as { forbiddenSockets: number }).forbiddenSockets = tries + 1;
          throw new DOMException('WebSockets are not allowed', 'SecurityError');
        };
        Object.defineProperty(window, 'WebSocket', { value: forbidden, configurable: true, writable: true });
      });
      return () =>
        phone.evaluate(() => (window as unknown as { forbiddenSockets?: number }).forbiddenSockets ?? 0);
    },
    'audience-page-websocket-throws',
  );
});
