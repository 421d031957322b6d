import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { BandPage } from '../../src/client/live/band/BandPage';
import type { LiveQueue } from '../../src/client/live/band/types';
import { createOutbox, NoNetwork } from '../../src/client/live/offline/outbox';
import { BAND_ADMIN, fakeFetch, json, signIn, type Reply } from './helpers';
import { GIG_TOKEN, entry, stubWebSocket } from './live-fixtures';

/**
 * Issue 27, point 5: what a page does without the network is kept on the device and sent when it is
 * back; the server decides, and what it refuses is shown.
 */
describe('the outbox', () => {
  const KEY = 'encore-test-outbox';

  it('keeps items in order on the device, across page loads', () => {
    const outbox = createOutbox<number>(KEY);
    outbox.add(1);
    outbox.add(2);
    expect(createOutbox<number>(KEY).items()).toEqual([1, 2]);
  });

  it('sends them oldest first; a refusal leaves it and is handed back, no network keeps the rest', async () => {
    const outbox = createOutbox<string>(KEY);
    for (const item of ['played', 'refused', 'offline', 'later']) outbox.add(item);
    const sent: string[] = [];
    const result = await outbox.flush(async (item) => {
      if (item === 'refused') throw new Error('Not waiting any more.');
      if (item === 'offline') throw new NoNetwork('Failed to fetch');
      sent.push(item);
    });
    expect(sent).toEqual(['played']);
    expect(result.sent).toEqual(['played']);
    expect(result.refused.map(({ item, error }) => [item, (error as Error).message])).toEqual([
      ['refused', 'Not waiting any more.'],
    ]);
    // Kept, on the device too, for the next round.
    expect(createOutbox<string>(KEY).items()).toEqual(['offline', 'later']);
    const again = await outbox.flush(async () => undefined);
    expect(again.sent).toEqual(['offline', 'later']);
    expect(createOutbox<string>(KEY).items()).toEqual([]);
  });

  it('runs one round at a time: a second flush meanwhile sends nothing twice', async () => {
    const outbox = createOutbox<number>(KEY);
    outbox.add(1);
    const sent: number[] = [];
    const send = async (item: number) => {
      await new Promise((resolve) => setTimeout(resolve, 10));
      sent.push(item);
    };
    await Promise.all([outbox.flush(send), outbox.flush(send)]);
    expect(sent).toEqual([1]);
  });
});

const LIVE = `/api/admin/live/${GIG_TOKEN}`;
const ZAZMURI = entry(11, 'Zažmuri', 2, 'Zdravko Čolić');
const DJURDJEVDAN = entry(12, 'Đurđevdan', 1, 'Bijelo Dugme');
const LUTKA = entry(13, 'Lutka sa naslovne strane', 1);

const answer = (queue = [ZAZMURI, DJURDJEVDAN, LUTKA], version = 4): LiveQueue => ({
  gig: {
    id: 5,
    naziv: 'Subota u Dvorištu',
    lokacija: 'Dvorište, Beograd',
    pocetak: '2026-11-21T21:00',
    active: true,
    token: GIG_TOKEN,
    band_naziv: 'Zvezde Beograda',
  },
  version,
  queue,
  can_edit: true,
  notifications: false,
});

const noNetwork: Reply = () => Promise.reject(new TypeError('Failed to fetch'));

function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

/** The song titles in the queue, top to bottom. */
const songsShown = () =>
  within(screen.getByRole('list', { name: 'Requested songs' }))
    .getAllByRole('listitem')
    .map((row) => row.querySelector('p')?.textContent);

async function openBandPage(routes: Record<string, Reply>) {
  signIn(BAND_ADMIN);
  const server = fakeFetch(routes);
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={[`/band/${GIG_TOKEN}`]}>
      <Routes>
        <Route path="/band/:token" element={<BandPage />} />
      </Routes>
    </MemoryRouter>,
  );
  await screen.findByRole('heading', { level: 1, name: 'Subota u Dvorištu' });
  return { server, user };
}

describe('the band page without the network', () => {
  beforeEach(() => {
    stubWebSocket();
    setOnline(true);
  });

  it('keeps Played pressed offline on the tablet, says so, and sends it when the network is back', async () => {
    let current = answer();
    let post: Reply = noNetwork;
    const { server, user } = await openBandPage({
      [`GET ${LIVE}`]: (call) => json(200, current)(call),
      [`POST ${LIVE}/songs/11/played`]: (call) => post(call),
    });
    // The POST fails for want of a network: kept, not shown as an error.
    await user.click(screen.getByRole('button', { name: 'Played Zažmuri' }));
    expect(await screen.findByText('Played: Zažmuri')).toBeInTheDocument();
    expect(screen.getByText('Waiting to be sent:')).toBeInTheDocument();
    expect(
      screen.getByText(/^Offline\. The queue and the songs show as last loaded/).closest('[role=alert]'),
    ).not.toBeNull();
    expect(songsShown()).toEqual(['Đurđevdan', 'Lutka sa naslovne strane']);
    // Kept on the device: a reload offline still has it.
    expect(JSON.parse(localStorage.getItem(`encore-band-outbox:${GIG_TOKEN}`)!)).toEqual([
      { song_id: 11, action: 'played', naziv: 'Zažmuri' },
    ]);

    // Back online: sent, and the page says the network is back.
    post = json(200, { success: true, version: 5, queue: [DJURDJEVDAN, LUTKA] });
    current = answer([DJURDJEVDAN, LUTKA], 5);
    setOnline(false);
    setOnline(true);
    expect(await screen.findByText('Back online.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Played: Zažmuri')).not.toBeInTheDocument());
    expect(server.callsTo(`POST ${LIVE}/songs/11/played`)).toHaveLength(2);
    expect(localStorage.getItem(`encore-band-outbox:${GIG_TOKEN}`)).toBeNull();
    expect(songsShown()).toEqual(['Đurđevdan', 'Lutka sa naslovne strane']);
  });

  it('offline, the answer is kept without trying; one the server refuses when sent is shown with its reason', async () => {
    let current = answer();
    const { server, user } = await openBandPage({
      [`GET ${LIVE}`]: (call) => json(200, current)(call),
      [`POST ${LIVE}/songs/12/declined`]: json(404, { message: 'That song is not waiting in the queue.' }),
    });
    setOnline(false);
    await user.click(screen.getByRole('button', { name: 'Decline Đurđevdan' }));
    expect(await screen.findByText('Declined: Đurđevdan')).toBeInTheDocument();
    expect(server.callsTo(`POST ${LIVE}/songs/12/declined`)).toHaveLength(0);

    // Meanwhile another tablet played it: the server refuses the decline.
    current = answer([ZAZMURI, LUTKA], 6);
    setOnline(true);
    const refused = await screen.findByText('Not taken when sent:');
    expect(refused.closest('[role=alert]')).toHaveTextContent(
      'Declined: Đurđevdan. That song is not waiting in the queue.',
    );
    await waitFor(() => expect(songsShown()).toEqual(['Zažmuri', 'Lutka sa naslovne strane']));
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Not taken when sent:')).not.toBeInTheDocument();
  });
});
