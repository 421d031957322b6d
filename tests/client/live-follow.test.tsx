import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BandPage } from '../../src/client/live/band/BandPage';
import type { LiveQueue } from '../../src/client/live/band/types';
import type { LeadEvent, LeadMessage } from '../../src/shared/live-lead';
import type { LiveEvent } from '../../src/shared/live-events';
import { BAND_ADMIN, VIEWER, fakeFetch, json, signIn } from './helpers';
import { GIG_TOKEN, entry, lastSocket, snapshot, stubWebSocket, type FakeWebSocket } from './live-fixtures';

/**
 * Issue 27, point 4: a band tablet leads (it sends the song it opens, with its key, over the live
 * channel) or follows (it opens the song the leader's messages name, in the leader's key, leaves with
 * Back and comes back with one tap); a tablet that is replaced as leader says so and sends no more.
 */
vi.mock('../../src/client/live/band/cue', () => ({ chime: vi.fn() }));

const LIVE = `/api/admin/live/${GIG_TOKEN}`;
const SONG = `${LIVE}/songs/12`;
const CHART = '{key: G}\n{start_of_chorus}\n[G]Proljeće na [D]moje rame\n{end_of_chorus}';
const DJURDJEVDAN = {
  ...entry(12, 'Đurđevdan', 1, 'Bijelo Dugme'),
  resource: null,
  resursi: null,
  chart: true,
};

const queue = (can_edit = true): LiveQueue => ({
  gig: {
    id: 5,
    naziv: 'Subota u Dvorištu',
    lokacija: 'Dvorište, Beograd',
    pocetak: '2026-11-21T21:00',
    active: true,
    token: GIG_TOKEN,
    band_naziv: 'Zvezde Beograda',
  },
  version: 4,
  queue: [DJURDJEVDAN],
  can_edit,
  notifications: false,
});

const chartAnswer = {
  song_id: 12,
  naziv: 'Đurđevdan',
  performer: 'Bijelo Dugme',
  tonalitet: 'G',
  tempo: 96,
  trajanje: 210,
  akordi: CHART,
  // The band plays it a tone up: A.
  keys: { band: { transpose: 2, capo: 0 }, gig: null },
  can_set_band: true,
};

const OTHER = 'tablet-other-0001';
const song = {
  song_id: 12,
  naziv: 'Đurđevdan',
  performer: 'Bijelo Dugme',
  resource: null,
  resursi: null,
  chart: true,
};
let at = 1_763_759_100_000;
const leadEvent = (extra: Partial<LeadEvent> = {}): LeadEvent => ({
  type: 'lead',
  gig: GIG_TOKEN,
  tablet: OTHER,
  song,
  transpose: -3,
  capo: 2,
  scroll: 0,
  at: at++,
  ...extra,
});

async function openPage(who = BAND_ADMIN) {
  signIn(who);
  const server = fakeFetch({
    [`GET ${LIVE}`]: json(200, queue(who !== VIEWER)),
    [`GET ${SONG}/chart`]: json(200, chartAnswer),
    [`POST ${LIVE}/lead`]: json(200, { success: true, leading: true, current: null }),
  });
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={[`/band/${GIG_TOKEN}`]}>
      <Routes>
        <Route path="/band/:token" element={<BandPage />} />
      </Routes>
    </MemoryRouter>,
  );
  await screen.findByRole('heading', { level: 1, name: 'Subota u Dvorištu' });
  return { user, server };
}

async function goLive() {
  const socket = lastSocket();
  act(() => socket.open());
  act(() => socket.receive(snapshot(4, [DJURDJEVDAN])));
  return socket;
}

const receive = (socket: FakeWebSocket, event: LeadEvent) =>
  act(() => socket.receive(event as unknown as LiveEvent));
const leadsSent = (socket: FakeWebSocket) =>
  socket.sent.filter((m) => (m as { type: string }).type === 'lead') as LeadMessage[];

beforeEach(() => {
  stubWebSocket();
  localStorage.clear();
});

describe('a leading tablet', () => {
  it('takes the lead and sends the song it opens, in the band’s key; closing it closes it', async () => {
    const { user } = await openPage();
    const socket = await goLive();
    await user.click(screen.getByRole('button', { name: 'Lead' }));
    expect(screen.getByRole('button', { name: 'Lead' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(leadsSent(socket)).toHaveLength(1));
    const [take] = leadsSent(socket);
    expect(take).toMatchObject({ type: 'lead', gig: GIG_TOKEN, take: true, song: null });
    expect(take.tablet).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(screen.getByText('This tablet leads: tablets in Follow open what it opens.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Open Đurđevdan' }));
    const stage = await screen.findByRole('dialog', { name: 'Đurđevdan' });
    await within(stage).findByRole('region', { name: 'Chorus' });
    await waitFor(() =>
      expect(leadsSent(socket).at(-1)).toMatchObject({ tablet: take.tablet, song, transpose: 2, capo: 0 }),
    );
    expect(
      leadsSent(socket)
        .slice(1)
        .every((m) => m.take !== true),
    ).toBe(true);

    await user.click(within(stage).getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(leadsSent(socket).at(-1)).toMatchObject({ song: null }));
  });

  it('says so when another tablet takes the lead, and sends no more', async () => {
    const { user } = await openPage();
    const socket = await goLive();
    await user.click(screen.getByRole('button', { name: 'Lead' }));
    await waitFor(() => expect(leadsSent(socket)).toHaveLength(1));
    const mine = leadsSent(socket)[0].tablet;
    // A message of the old leader's, sent before this tablet's take reached the server: not a takeover.
    receive(socket, leadEvent());
    expect(screen.getByRole('button', { name: 'Lead' })).toHaveAttribute('aria-pressed', 'true');
    receive(socket, leadEvent({ tablet: mine, song: null, transpose: 0, capo: 0 }));
    receive(socket, leadEvent());
    expect(
      await screen.findByText('Another tablet took the lead; this one no longer leads.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Lead' })).toHaveAttribute('aria-pressed', 'false');
    const sent = leadsSent(socket).length;
    await user.click(screen.getByRole('button', { name: 'Open Đurđevdan' }));
    await screen.findByRole('dialog', { name: 'Đurđevdan' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(leadsSent(socket)).toHaveLength(sent);
  });

  it('sends over HTTP when only the event stream is there (no websocket open)', async () => {
    const { user, server } = await openPage();
    await user.click(screen.getByRole('button', { name: 'Lead' }));
    await waitFor(() => expect(server.callsTo(`POST ${LIVE}/lead`)).toHaveLength(1));
    expect(server.callsTo(`POST ${LIVE}/lead`)[0].body).toMatchObject({ take: true, song: null });
  });
});

describe('a following tablet', () => {
  it('opens the leader’s song in the leader’s key, closes it with the leader, leaves and rejoins', async () => {
    const { user } = await openPage();
    const socket = await goLive();
    await user.click(screen.getByRole('button', { name: 'Follow' }));
    expect(screen.getByText('No tablet leads now.')).toBeInTheDocument();

    // G a minor third down is E; with a capo on the 2nd fret it is played as D.
    receive(socket, leadEvent());
    const stage = await screen.findByRole('dialog', { name: 'Đurđevdan' });
    await within(stage).findByRole('region', { name: 'Chorus' });
    expect(within(stage).getByTestId('stage-key')).toHaveTextContent('Key: Ecapo 2, chords as in D');
    expect(within(stage).getByText('Following the leader: Back leaves it')).toBeInTheDocument();
    expect(within(stage).getByRole('button', { name: 'Transpose up a semitone' })).toBeDisabled();
    // The leader's key changes: the follower's with it.
    receive(socket, leadEvent({ transpose: 0, capo: 0 }));
    await waitFor(() => expect(within(stage).getByTestId('stage-key')).toHaveTextContent('Key: G'));

    receive(socket, leadEvent({ song: null }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    receive(socket, leadEvent());
    const again = await screen.findByRole('dialog', { name: 'Đurđevdan' });
    await user.click(within(again).getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    receive(socket, leadEvent({ scroll: 0.5 }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Follow the leader again' }));
    expect(await screen.findByRole('dialog', { name: 'Đurđevdan' })).toBeInTheDocument();
    // A follower sends nothing.
    expect(leadsSent(socket)).toEqual([]);
  });

  it('a viewer may follow, not lead; follow mode is kept on the tablet', async () => {
    await openPage(VIEWER);
    const socket = await goLive();
    expect(screen.queryByRole('button', { name: 'Lead' })).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Follow' }));
    expect(localStorage.getItem('encore-band-follow')).toBe('follow');
    receive(socket, leadEvent());
    expect(await screen.findByRole('dialog', { name: 'Đurđevdan' })).toBeInTheDocument();
  });
});
