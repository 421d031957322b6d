/**
 * Issue 27, point 5, on the guest's phone: a request made without a network is kept on the phone and
 * sent when the network is back, the page saying so at each step; the server's rules still decide.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUDIENCE_TOKEN, bootAudience } from './live-audience-fixtures';

const KEPT = `encore-guest-outbox:${AUDIENCE_TOKEN}`;

/** The phone's network: off, fetch fails as it does offline, and the browser says so. */
function network(fetch: typeof globalThis.fetch) {
  let up = true;
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) =>
    up ? fetch(input, init) : Promise.reject(new TypeError('Failed to fetch')),
  );
  return (online: boolean) => {
    up = online;
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  };
}

const mineShown = () =>
  within(screen.getByRole('region', { name: 'Your requests' }))
    .queryAllByRole('listitem')
    .map((li) => li.textContent);

const song = (name: RegExp) =>
  within(screen.getByRole('list', { name: 'Songs' })).getByRole('button', { name });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a guest’s request without the network', () => {
  it('is kept on the phone, said so, and sent when the network is back', async () => {
    const { fetch, posted, live } = await bootAudience();
    await live([]);
    const setOnline = network(fetch);
    const user = userEvent.setup();

    setOnline(false);
    expect(await screen.findByText(/^You are offline\. The page shows what it last loaded/)).toBeVisible();
    await user.click(song(/Zažmuri/));
    expect(
      await screen.findByText(
        'No connection: your request for “Zažmuri” is kept on this phone and sent when the connection is back.',
      ),
    ).toBeVisible();
    expect(mineShown()).toEqual(['ZažmuriNot sent yet']);
    expect(JSON.parse(localStorage.getItem(KEPT)!)).toEqual([{ song_id: 11, naziv: 'Zažmuri' }]);
    expect(posted).toEqual([]);

    setOnline(true);
    expect(await screen.findByText('You asked for “Zažmuri”.')).toBeVisible();
    expect(screen.getByText('Back online.')).toBeVisible();
    expect(screen.queryByText(/^You are offline/)).toBeNull();
    expect(posted).toEqual([{ song_id: 11 }]);
    expect(mineShown()).toEqual(['ZažmuriWaiting']);
    expect(localStorage.getItem(KEPT)).toBeNull();
  });

  it('that the server refuses when it is sent says why, and is no longer kept', async () => {
    const { fetch, posted, live } = await bootAudience({
      answer: () => ({
        status: 429,
        body: {
          message: 'Wait 40 more seconds before your next request.',
          reason: 'cooldown',
          wait_seconds: 40,
        },
      }),
    });
    await live([]);
    const setOnline = network(fetch);
    const user = userEvent.setup();

    setOnline(false);
    await user.click(song(/Đurđevdan/));
    expect(mineShown()).toEqual(['ĐurđevdanNot sent yet']);

    setOnline(true);
    expect(await screen.findByText('Wait 40 more seconds before your next request.')).toBeVisible();
    expect(posted).toEqual([{ song_id: 12 }]);
    expect(mineShown()).toEqual([]);
    expect(localStorage.getItem(KEPT)).toBeNull();
  });
});
