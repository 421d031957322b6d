import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BandPage } from '../../src/client/live/band/BandPage';
import { chime } from '../../src/client/live/band/cue';
import { en as bandPageEn } from '../../src/client/live/band/messages';
import type { LiveQueue } from '../../src/client/live/band/types';
import type { LiveQueueEntry } from '../../src/shared/live-events';
import {
  BAND_ADMIN,
  VIEWER,
  fakeFetch,
  json,
  pending,
  settle,
  signIn,
  storedUser,
  type Reply,
} from './helpers';
import {
  FakeWebSocket,
  GIG_TOKEN,
  changeEvent,
  entry,
  lastSocket,
  snapshot,
  stubWebSocket,
} from './live-fixtures';
import { chooseInPanel, deviceLanguages, englishOnPage } from './page-language';

// The chime needs Web Audio, which happy-dom lacks: observe it instead.
vi.mock('../../src/client/live/band/cue', () => ({ chime: vi.fn() }));

const LIVE = `/api/admin/live/${GIG_TOKEN}`;
const LIVE_GET = `GET ${LIVE}`;

const GIG: LiveQueue['gig'] = {
  id: 5,
  naziv: 'Subota u Dvorištu',
  lokacija: 'Dvorište, Beograd',
  pocetak: '2026-11-21T21:00',
  active: true,
  token: GIG_TOKEN,
  band_naziv: 'Zvezde Beograda',
};
const ZAZMURI = entry(
  11,
  'Zažmuri',
  2,
  'Zdravko Čolić',
  '2026-11-21T21:05:00.000Z',
  '2026-11-21T21:20:00.000Z',
);
const DJURDJEVDAN = entry(12, 'Đurđevdan', 1, 'Bijelo Dugme');
const LUTKA = entry(13, 'Lutka sa naslovne strane', 1);
const QUEUE = [ZAZMURI, DJURDJEVDAN, LUTKA];

const answer = (overrides: Partial<LiveQueue> = {}): LiveQueue => ({
  gig: GIG,
  version: 4,
  queue: QUEUE,
  can_edit: true,
  notifications: true,
  ...overrides,
});

/** What POST /api/admin/live/{token}/… answers. */
const actionAnswer = (version: number, queue: LiveQueueEntry[], extra: Record<string, unknown> = {}) =>
  json(200, { success: true, version, queue, ...extra });

/** The login page, showing where it would send the user back to. */
function LoginStandIn() {
  const state = useLocation().state as { nextPathname?: string } | null;
  return <p>Login page, back to {state?.nextPathname ?? 'nowhere'}</p>;
}

function renderBandPage(token = GIG_TOKEN) {
  const user = userEvent.setup();
  const view = render(
    <MemoryRouter initialEntries={[`/band/${token}`]}>
      <Routes>
        <Route path="/band/:token" element={<BandPage />} />
        <Route path="/admin/login" element={<LoginStandIn />} />
      </Routes>
    </MemoryRouter>,
  );
  return { ...view, user };
}

/** Signed in as `who`, on /band/<token> with the queue loaded from `get`. */
async function openBandPage(
  get: Reply = json(200, answer()),
  routes: Record<string, Reply> = {},
  who = BAND_ADMIN,
) {
  signIn(who);
  const server = fakeFetch({ [LIVE_GET]: get, ...routes });
  const view = renderBandPage();
  await screen.findByRole('heading', { level: 1, name: GIG.naziv });
  return { ...view, server };
}

/** Opens the page's socket and waits for the reload that follows (the queue then at `version`). */
async function goLive(server: ReturnType<typeof fakeFetch>, queue = QUEUE, version = 4) {
  const socket = lastSocket();
  const loads = server.callsTo(LIVE_GET).length;
  act(() => socket.open());
  await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Live'));
  await waitFor(() => expect(server.callsTo(LIVE_GET)).toHaveLength(loads + 1));
  await settle(150);
  act(() => socket.receive(snapshot(version, queue)));
  return socket;
}

/** The queue, by its name in the page's language. */
const queueList = (name = 'Requested songs') => screen.getByRole('list', { name });
const rows = (list = queueList()) => within(list).getAllByRole('listitem');
/** The song titles in the queue, top to bottom (each row's first paragraph). */
const songsShown = () => rows().map((row) => row.querySelector('p')?.textContent);
const rowOf = (naziv: string, list = queueList()) => {
  const found = rows(list).find((row) => within(row).queryByText(naziv));
  if (!found) throw new Error(`No row for ${naziv}`);
  return found;
};

beforeEach(() => {
  stubWebSocket();
  vi.mocked(chime).mockClear();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('Band page /band/:token, signed out', () => {
  it("asks to sign in as a band member, with a 'Sign in' link to /admin/login that comes back here", async () => {
    const server = fakeFetch({ [LIVE_GET]: json(200, answer()) });
    const { user } = renderBandPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Live queue' })).toBeInTheDocument();
    expect(
      screen.getByText("Sign in as a member of the band to see this gig's requests."),
    ).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Sign in' });
    expect(link).toHaveAttribute('href', '/admin/login');
    // Nothing is loaded or followed for a signed-out visitor.
    await settle(150);
    expect(server.calls).toHaveLength(0);
    expect(FakeWebSocket.instances).toHaveLength(0);

    await user.click(link);
    expect(await screen.findByText(`Login page, back to /band/${GIG_TOKEN}`)).toBeInTheDocument();
  });
});

describe('Band page /band/:token, signed in as a band admin', () => {
  it("shows 'Loading the queue…' until the queue comes", async () => {
    signIn(BAND_ADMIN);
    const reply = pending();
    fakeFetch({ [LIVE_GET]: reply.reply });
    renderBandPage();
    expect(screen.getByRole('status')).toHaveTextContent('Loading the queue…');
    reply.release(
      new Response(JSON.stringify(answer()), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: GIG.naziv })).toBeInTheDocument();
    expect(screen.queryByText('Loading the queue…')).not.toBeInTheDocument();
  });

  it('shows the gig (band, name, place) and the waiting songs in order with their request counts', async () => {
    const { server } = await openBandPage();
    expect(server.callsTo(LIVE_GET)[0].headers.get('Authorization')).toBe(`Bearer ${BAND_ADMIN.token}`);
    expect(screen.getByText('Zvezde Beograda')).toBeInTheDocument();
    expect(screen.getByText('Dvorište, Beograd')).toBeInTheDocument();
    expect(songsShown()).toEqual(['Zažmuri', 'Đurđevdan', 'Lutka sa naslovne strane']);
    expect(within(rowOf('Zažmuri')).getByText('2 requests')).toBeInTheDocument();
    expect(
      within(rowOf('Zažmuri')).getByText(/^Zdravko Čolić · first at .+, last at .+$/),
    ).toBeInTheDocument();
    expect(within(rowOf('Đurđevdan')).getByText('1 request')).toBeInTheDocument();
    expect(within(rowOf('Đurđevdan')).getByText(/^Bijelo Dugme · at /)).toBeInTheDocument();
    expect(within(rowOf('Lutka sa naslovne strane')).getByText('1 request')).toBeInTheDocument();
    // Not connected yet.
    expect(screen.getByRole('status')).toHaveTextContent('Reconnecting…');
    expect(rows().some((row) => row.hasAttribute('data-fresh'))).toBe(false);
  });

  it('shows each entry’s wait as the guests see it (issue 29), or why there is none', async () => {
    const pace = { gap_seconds: null, default_seconds: 240, out_of_turn: false };
    await openBandPage(json(200, answer({ pace })));
    expect(within(rowOf('Zažmuri')).getByText('Up next')).toBeInTheDocument();
    expect(within(rowOf('Đurđevdan')).getByText('In about 4 minutes')).toBeInTheDocument();
    expect(within(rowOf('Lutka sa naslovne strane')).getByText('In about 8 minutes')).toBeInTheDocument();
  });

  it('says there is no estimate while the band plays out of order', async () => {
    const pace = { gap_seconds: null, default_seconds: 240, out_of_turn: true };
    await openBandPage(json(200, answer({ pace })));
    expect(
      within(rowOf('Lutka sa naslovne strane')).getByText('No estimate: played out of order'),
    ).toBeInTheDocument();
  });

  it("says 'No requests waiting.' for an empty queue", async () => {
    await openBandPage(json(200, answer({ queue: [] })));
    expect(screen.getByText('No requests waiting.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Requested songs' })).not.toBeInTheDocument();
  });

  it('labels each action with its song; the first cannot move up and the last cannot move down', async () => {
    await openBandPage();
    for (const song of QUEUE) {
      expect(screen.getByRole('button', { name: `Played ${song.naziv}` })).toBeEnabled();
      expect(screen.getByRole('button', { name: `Decline ${song.naziv}` })).toBeEnabled();
    }
    expect(screen.getByRole('button', { name: 'Move Zažmuri up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move Zažmuri down' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Move Đurđevdan up' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Move Đurđevdan down' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Move Lutka sa naslovne strane up' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Move Lutka sa naslovne strane down' })).toBeDisabled();
  });

  it("'Played Zažmuri' POSTs /songs/11/played and shows the queue the server answers", async () => {
    const { user, server } = await openBandPage(json(200, answer()), {
      [`POST ${LIVE}/songs/11/played`]: actionAnswer(5, [DJURDJEVDAN, LUTKA]),
    });
    await user.click(screen.getByRole('button', { name: 'Played Zažmuri' }));
    await waitFor(() => expect(songsShown()).toEqual(['Đurđevdan', 'Lutka sa naslovne strane']));
    const posts = server.calls.filter((call) => call.method === 'POST');
    expect(posts.map((call) => call.url)).toEqual([`${LIVE}/songs/11/played`]);
    expect(posts[0].headers.get('Authorization')).toBe(`Bearer ${BAND_ADMIN.token}`);
  });

  it("'Decline', 'Move … up' and 'Move … down' POST their exact URLs", async () => {
    const { user, server } = await openBandPage(json(200, answer()), {
      [`POST ${LIVE}/songs/12/declined`]: actionAnswer(5, [ZAZMURI, LUTKA]),
      [`POST ${LIVE}/songs/13/up`]: actionAnswer(6, [LUTKA, ZAZMURI]),
      [`POST ${LIVE}/songs/13/down`]: actionAnswer(7, [ZAZMURI, LUTKA]),
    });
    await user.click(screen.getByRole('button', { name: 'Decline Đurđevdan' }));
    await waitFor(() => expect(songsShown()).toEqual(['Zažmuri', 'Lutka sa naslovne strane']));

    await user.click(screen.getByRole('button', { name: 'Move Lutka sa naslovne strane up' }));
    await waitFor(() => expect(songsShown()).toEqual(['Lutka sa naslovne strane', 'Zažmuri']));

    await user.click(screen.getByRole('button', { name: 'Move Lutka sa naslovne strane down' }));
    await waitFor(() => expect(songsShown()).toEqual(['Zažmuri', 'Lutka sa naslovne strane']));

    expect(server.calls.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual([
      `${LIVE}/songs/12/declined`,
      `${LIVE}/songs/13/up`,
      `${LIVE}/songs/13/down`,
    ]);
  });

  it('disables every action and the switch while one is being sent', async () => {
    const post = pending();
    const { user } = await openBandPage(json(200, answer()), {
      [`POST ${LIVE}/songs/12/played`]: post.reply,
    });
    await user.click(screen.getByRole('button', { name: 'Played Đurđevdan' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Played Zažmuri' })).toBeDisabled());
    expect(screen.getByRole('button', { name: 'Decline Lutka sa naslovne strane' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move Đurđevdan up' })).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'Taking requests' })).toBeDisabled();

    post.release(
      new Response(JSON.stringify({ success: true, version: 5, queue: [ZAZMURI, LUTKA] }), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'Played Zažmuri' })).toBeEnabled());
    expect(songsShown()).toEqual(['Zažmuri', 'Lutka sa naslovne strane']);
    expect(screen.getByRole('switch', { name: 'Taking requests' })).toBeEnabled();
  });

  it("the 'Taking requests' switch POSTs {active:false} to /active and then shows 'Requests paused'", async () => {
    const { user, server } = await openBandPage(json(200, answer()), {
      [`POST ${LIVE}/active`]: actionAnswer(5, QUEUE, { active: false }),
    });
    const toggle = screen.getByRole('switch', { name: 'Taking requests' });
    expect(toggle).toBeChecked();
    await user.click(toggle);
    const paused = await screen.findByRole('switch', { name: 'Requests paused' });
    expect(paused).not.toBeChecked();
    const posts = server.callsTo(`POST ${LIVE}/active`);
    expect(posts).toHaveLength(1);
    expect(posts[0].body).toEqual({ active: false });
    expect(songsShown()).toEqual(['Zažmuri', 'Đurđevdan', 'Lutka sa naslovne strane']);
  });

  it("a paused gig's switch POSTs {active:true}", async () => {
    const { user, server } = await openBandPage(json(200, answer({ gig: { ...GIG, active: false } })), {
      [`POST ${LIVE}/active`]: actionAnswer(5, QUEUE, { active: true }),
    });
    await user.click(screen.getByRole('switch', { name: 'Requests paused' }));
    expect(await screen.findByRole('switch', { name: 'Taking requests' })).toBeChecked();
    expect(server.callsTo(`POST ${LIVE}/active`)[0].body).toEqual({ active: true });
  });

  it('a failing action shows its message and reloads the queue from the API', async () => {
    let current = answer();
    const { user, server } = await openBandPage((call) => json(200, current)(call), {
      [`POST ${LIVE}/songs/11/played`]: json(409, { message: 'Zažmuri was already played.' }),
    });
    expect(server.callsTo(LIVE_GET)).toHaveLength(1);
    // Meanwhile another tablet played it.
    current = answer({ version: 5, queue: [DJURDJEVDAN, LUTKA] });
    await user.click(screen.getByRole('button', { name: 'Played Zažmuri' }));
    expect(await screen.findByText('Zažmuri was already played.')).toBeInTheDocument();
    await waitFor(() => expect(server.callsTo(LIVE_GET)).toHaveLength(2));
    await waitFor(() => expect(songsShown()).toEqual(['Đurđevdan', 'Lutka sa naslovne strane']));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Played Đurđevdan' })).toBeEnabled());
    // Still signed in: the failure is only shown.
    expect(storedUser()?.token).toBe(BAND_ADMIN.token);
  });

  it("a 403 shows the server's message", async () => {
    signIn(BAND_ADMIN);
    fakeFetch({ [LIVE_GET]: json(403, { message: 'This gig belongs to another band.' }) });
    renderBandPage();
    expect(await screen.findByText('This gig belongs to another band.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Live queue' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Requested songs' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Sign in' })).not.toBeInTheDocument();
    expect(storedUser()?.token).toBe(BAND_ADMIN.token);
  });

  it('a 401 forgets the stored user, asks to sign in and stops following the gig', async () => {
    signIn(BAND_ADMIN);
    fakeFetch({ [LIVE_GET]: json(401, { message: 'Unauthenticated.' }) });
    renderBandPage();
    await waitFor(() => expect(storedUser()).toBeNull());
    expect(
      screen.getByText("Sign in as a member of the band to see this gig's requests."),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/admin/login');
    await waitFor(() => expect(lastSocket().closeCalls).toBeGreaterThan(0));
    expect(screen.queryByText('Unauthenticated.')).not.toBeInTheDocument();
  });
});

describe('Band page, live channel', () => {
  it('signed out elsewhere: the live server closes the socket with 4401 and the page asks to sign in', async () => {
    let signedOut = false;
    const get: Reply = (call) =>
      signedOut ? json(401, { login: true, message: 'Unauthenticated.' })(call) : json(200, answer())(call);
    const { server } = await openBandPage(get);
    const socket = await goLive(server);
    signedOut = true;
    act(() => socket.closeWith(4401, 'Your session has ended. Sign in again.'));
    await waitFor(() => expect(storedUser()).toBeNull());
    expect(
      screen.getByText("Sign in as a member of the band to see this gig's requests."),
    ).toBeInTheDocument();
    await settle(1000);
    expect(FakeWebSocket.instances).toHaveLength(1);
  });

  it("subscribes to the gig, shows 'Live', and reloads the queue on connecting", async () => {
    const { server } = await openBandPage();
    expect(FakeWebSocket.instances).toHaveLength(1);
    const socket = lastSocket();
    expect(socket.url).toBe(`ws://${location.host}/ws`);
    // signed in: the live server keeps this page a slot that anonymous phones cannot take
    expect(socket.protocols).toEqual(['encore', `encore-session.${BAND_ADMIN.token}`]);
    act(() => socket.open());
    expect(socket.sent).toEqual([{ type: 'subscribe', gig: GIG_TOKEN }]);
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Live'));
    await waitFor(() => expect(server.callsTo(LIVE_GET)).toHaveLength(2));
  });

  it('a requested change adds the row at the end, highlights it and chimes when notifications are on', async () => {
    const { server } = await openBandPage();
    const socket = await goLive(server);
    const jugoslavija = entry(14, 'Jugoslavija', 1, 'Riblja Čorba');
    act(() =>
      socket.receive(
        changeEvent(5, { kind: 'requested', song_id: 14, request_ids: [70], entry: jugoslavija }),
      ),
    );
    await waitFor(() =>
      expect(songsShown()).toEqual(['Zažmuri', 'Đurđevdan', 'Lutka sa naslovne strane', 'Jugoslavija']),
    );
    expect(rowOf('Jugoslavija')).toHaveAttribute('data-fresh', 'true');
    expect(rowOf('Zažmuri')).not.toHaveAttribute('data-fresh');
    expect(chime).toHaveBeenCalledTimes(1);
  });

  it('one more request for a waiting song updates its count in place and highlights it', async () => {
    const { server } = await openBandPage();
    const socket = await goLive(server);
    const again = { ...DJURDJEVDAN, count: 2, last_at: '2026-11-21T21:30:00.000Z' };
    act(() =>
      socket.receive(changeEvent(5, { kind: 'requested', song_id: 12, request_ids: [71], entry: again })),
    );
    await waitFor(() => expect(within(rowOf('Đurđevdan')).getByText('2 requests')).toBeInTheDocument());
    expect(songsShown()).toEqual(['Zažmuri', 'Đurđevdan', 'Lutka sa naslovne strane']);
    expect(rowOf('Đurđevdan')).toHaveAttribute('data-fresh', 'true');
    expect(chime).toHaveBeenCalledTimes(1);
  });

  it('does not chime when notifications are off, but still adds and highlights the row', async () => {
    const { server } = await openBandPage(json(200, answer({ notifications: false })));
    const socket = await goLive(server);
    act(() =>
      socket.receive(
        changeEvent(5, {
          kind: 'requested',
          song_id: 14,
          request_ids: [70],
          entry: entry(14, 'Jugoslavija'),
        }),
      ),
    );
    await waitFor(() => expect(rowOf('Jugoslavija')).toHaveAttribute('data-fresh', 'true'));
    await settle(50);
    expect(chime).not.toHaveBeenCalled();
  });

  it('played, declined and moved changes from other tablets update the rows without a chime or highlight', async () => {
    const { server } = await openBandPage();
    const socket = await goLive(server);
    act(() => socket.receive(changeEvent(5, { kind: 'played', song_id: 11, request_ids: [1, 2] })));
    await waitFor(() => expect(songsShown()).toEqual(['Đurđevdan', 'Lutka sa naslovne strane']));
    act(() => socket.receive(changeEvent(6, { kind: 'moved', song_id: 13, order: [13, 12] })));
    await waitFor(() => expect(songsShown()).toEqual(['Lutka sa naslovne strane', 'Đurđevdan']));
    act(() => socket.receive(changeEvent(7, { kind: 'declined', song_id: 13, request_ids: [3] })));
    await waitFor(() => expect(songsShown()).toEqual(['Đurđevdan']));
    expect(rows().some((row) => row.hasAttribute('data-fresh'))).toBe(false);
    expect(chime).not.toHaveBeenCalled();
  });

  it("a paused change from another tablet turns the switch to 'Requests paused'", async () => {
    const { server } = await openBandPage();
    const socket = await goLive(server);
    act(() => socket.receive(changeEvent(5, { kind: 'paused' }, false)));
    expect(await screen.findByRole('switch', { name: 'Requests paused' })).not.toBeChecked();
  });

  it('a gap in the versions subscribes again and reloads the queue from the API', async () => {
    let current = answer();
    const { server } = await openBandPage((call) => json(200, current)(call));
    const socket = await goLive(server);
    const loads = server.callsTo(LIVE_GET).length;
    current = answer({ version: 6, queue: [LUTKA] });
    act(() => socket.receive(changeEvent(6, { kind: 'played', song_id: 11, request_ids: [1] })));
    expect(socket.sent).toEqual([
      { type: 'subscribe', gig: GIG_TOKEN },
      { type: 'subscribe', gig: GIG_TOKEN },
    ]);
    await waitFor(() => expect(server.callsTo(LIVE_GET)).toHaveLength(loads + 1));
    await waitFor(() => expect(songsShown()).toEqual(['Lutka sa naslovne strane']));
  });

  it("a dropped connection shows 'Reconnecting…', then reconnects, subscribes and reloads", async () => {
    let current = answer();
    const { server } = await openBandPage((call) => json(200, current)(call));
    const first = await goLive(server);
    current = answer({ version: 9, queue: [ZAZMURI] });
    act(() => first.drop());
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Reconnecting…'));
    // The page keeps the queue it has while offline.
    expect(songsShown()).toEqual(['Zažmuri', 'Đurđevdan', 'Lutka sa naslovne strane']);
    const loads = server.callsTo(LIVE_GET).length;

    await waitFor(() => expect(FakeWebSocket.instances).toHaveLength(2));
    const second = lastSocket();
    act(() => second.open());
    expect(second.sent).toEqual([{ type: 'subscribe', gig: GIG_TOKEN }]);
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Live'));
    await waitFor(() => expect(server.callsTo(LIVE_GET)).toHaveLength(loads + 1));
    await waitFor(() => expect(songsShown()).toEqual(['Zažmuri']));
  });

  it("an action's answer does not undo a newer change that came over the socket meanwhile", async () => {
    const post = pending();
    const { server, user } = await openBandPage(json(200, answer()), {
      [`POST ${LIVE}/songs/11/played`]: post.reply,
    });
    const socket = await goLive(server);
    await user.click(screen.getByRole('button', { name: 'Played Zažmuri' }));
    await waitFor(() => expect(server.callsTo(`POST ${LIVE}/songs/11/played`)).toHaveLength(1));
    // The server broadcasts the played change (version 5), then a guest's request (version 6),
    // before this tablet reads the answer to its POST (made at version 5).
    act(() => socket.receive(changeEvent(5, { kind: 'played', song_id: 11, request_ids: [1, 2] })));
    const jugoslavija = entry(14, 'Jugoslavija', 1, 'Riblja Čorba');
    act(() =>
      socket.receive(
        changeEvent(6, { kind: 'requested', song_id: 14, request_ids: [70], entry: jugoslavija }),
      ),
    );
    await waitFor(() =>
      expect(songsShown()).toEqual(['Đurđevdan', 'Lutka sa naslovne strane', 'Jugoslavija']),
    );
    post.release(
      new Response(JSON.stringify({ success: true, version: 5, queue: [DJURDJEVDAN, LUTKA] }), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'Played Đurđevdan' })).toBeEnabled());
    expect(songsShown()).toEqual(['Đurđevdan', 'Lutka sa naslovne strane', 'Jugoslavija']);
  });

  it('the highlight of a new request fades after 4 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { server } = await openBandPage();
    const socket = await goLive(server);
    act(() =>
      socket.receive(
        changeEvent(5, {
          kind: 'requested',
          song_id: 14,
          request_ids: [70],
          entry: entry(14, 'Jugoslavija'),
        }),
      ),
    );
    await waitFor(() => expect(rowOf('Jugoslavija')).toHaveAttribute('data-fresh', 'true'));
    act(() => vi.advanceTimersByTime(3000));
    expect(rowOf('Jugoslavija')).toHaveAttribute('data-fresh', 'true');
    act(() => vi.advanceTimersByTime(1100));
    expect(rowOf('Jugoslavija')).not.toHaveAttribute('data-fresh');
  });

  it('leaving the page closes the socket and does not reconnect', async () => {
    const { server, unmount } = await openBandPage();
    await goLive(server);
    const socket = lastSocket();
    unmount();
    expect(socket.closeCalls).toBe(1);
    await settle(700);
    expect(FakeWebSocket.instances).toHaveLength(1);
  });
});

describe('Band page for a viewer (can_edit false)', () => {
  it('shows the queue and whether requests are taken, but no action buttons and no switch', async () => {
    const { server } = await openBandPage(json(200, answer({ can_edit: false })), {}, VIEWER);
    expect(songsShown()).toEqual(['Zažmuri', 'Đurđevdan', 'Lutka sa naslovne strane']);
    expect(within(rowOf('Zažmuri')).getByText('2 requests')).toBeInTheDocument();
    // Only the stage view's Open: viewers read the songs but cannot change the queue.
    expect(
      within(queueList())
        .queryAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(screen.queryAllByRole('button', { name: /^Open / }).map((b) => b.textContent));
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.getByText('Taking requests')).toBeInTheDocument();

    // Still follows the gig live.
    const socket = await goLive(server);
    act(() => socket.receive(changeEvent(5, { kind: 'paused' }, false)));
    expect(await screen.findByText('Requests paused')).toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
  });
});

describe('Band page: "me too" counts and the order by demand', () => {
  it('shows ×N on a song more guests asked for', async () => {
    await openBandPage();
    expect(within(rowOf('Zažmuri')).getByText('×2')).toBeInTheDocument();
    expect(within(rowOf('Đurđevdan')).queryByText(/^×/)).not.toBeInTheDocument();
  });

  it("'Most requested first' orders by count (ties keep the band's order), hides up and down, and is kept", async () => {
    const queue = [DJURDJEVDAN, LUTKA, ZAZMURI];
    const { user, server, unmount } = await openBandPage(json(200, answer({ queue })));
    expect(songsShown()).toEqual(['Đurđevdan', 'Lutka sa naslovne strane', 'Zažmuri']);
    await user.click(screen.getByLabelText('Most requested first'));
    expect(songsShown()).toEqual(['Zažmuri', 'Đurđevdan', 'Lutka sa naslovne strane']);
    expect(screen.queryByRole('button', { name: /^Move / })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Played Zažmuri' })).toBeEnabled();

    // A song overtaking another by its count moves up at once.
    const socket = await goLive(server, queue);
    const more = { ...LUTKA, count: 3 };
    act(() =>
      socket.receive(changeEvent(5, { kind: 'requested', song_id: 13, request_ids: [90], entry: more })),
    );
    await waitFor(() => expect(songsShown()).toEqual(['Lutka sa naslovne strane', 'Zažmuri', 'Đurđevdan']));

    unmount();
    await openBandPage(json(200, answer({ queue })));
    expect(screen.getByLabelText('Most requested first')).toBeChecked();
    expect(songsShown()).toEqual(['Zažmuri', 'Đurđevdan', 'Lutka sa naslovne strane']);
    await user.click(screen.getByLabelText('Most requested first'));
    expect(songsShown()).toEqual(['Đurđevdan', 'Lutka sa naslovne strane', 'Zažmuri']);
    expect(screen.getByRole('button', { name: 'Move Đurđevdan up' })).toBeDisabled();
  });
});

describe('Band page: the guests’ messages', () => {
  const MESSAGES = [
    { id: 70, song_id: 11, message: 'Za mladence!', created_at: '2026-11-21T21:06:00.000Z' },
    { id: 71, song_id: 11, message: 'I od kumova', created_at: '2026-11-21T21:07:00.000Z' },
  ];

  it('shows each under its song; Hide POSTs and takes the list the server answers', async () => {
    const { user, server } = await openBandPage(json(200, answer({ messages: MESSAGES })), {
      [`POST ${LIVE}/messages/70/hide`]: json(200, { success: true, messages: [MESSAGES[1]] }),
    });
    const list = within(rowOf('Zažmuri')).getByRole('list', { name: 'Messages with Zažmuri' });
    expect(within(list).getByText('“Za mladence!”')).toBeInTheDocument();
    expect(within(list).getByText('“I od kumova”')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Hide message “Za mladence!”' }));
    await waitFor(() => expect(screen.queryByText('“Za mladence!”')).not.toBeInTheDocument());
    expect(screen.getByText('“I od kumova”')).toBeInTheDocument();
    expect(server.calls.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual([
      `${LIVE}/messages/70/hide`,
    ]);
  });

  it('loads the messages again when a request arrives (they never travel on the live channel)', async () => {
    const { server } = await openBandPage(json(200, answer()), {
      [`GET ${LIVE}/messages`]: json(200, { messages: [MESSAGES[0]] }),
    });
    const socket = await goLive(server);
    const again = { ...ZAZMURI, count: 3 };
    act(() =>
      socket.receive(changeEvent(5, { kind: 'requested', song_id: 11, request_ids: [80], entry: again })),
    );
    expect(await screen.findByText('“Za mladence!”')).toBeInTheDocument();
  });

  it('loads them again when another tablet hides one', async () => {
    const { server } = await openBandPage(json(200, answer({ messages: MESSAGES })), {
      [`GET ${LIVE}/messages`]: json(200, { messages: [MESSAGES[1]] }),
    });
    expect(screen.getByText('“Za mladence!”')).toBeInTheDocument();
    const socket = await goLive(server);
    act(() => socket.receive(changeEvent(5, { kind: 'messages' })));
    await waitFor(() => expect(screen.queryByText('“Za mladence!”')).not.toBeInTheDocument());
    expect(screen.getByText('“I od kumova”')).toBeInTheDocument();
  });

  it('viewers read them but cannot hide them', async () => {
    await openBandPage(json(200, answer({ can_edit: false, messages: MESSAGES })), {}, VIEWER);
    expect(screen.getByText('“Za mladence!”')).toBeInTheDocument();
    // Only the stage view's Open: viewers read the songs but cannot change the queue.
    expect(
      within(queueList())
        .queryAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(screen.queryAllByRole('button', { name: /^Open / }).map((b) => b.textContent));
  });
});

describe('Band page: the stage view', () => {
  const CHORDS = { ...ZAZMURI, resource: '/uploads/zazmuri-chords.pdf', resursi: null };
  const LINKED = { ...DJURDJEVDAN, resource: null, resursi: 'https://example.com/djurdjevdan' };
  const STAGED = [CHORDS, LINKED, { ...LUTKA, resource: null, resursi: null }];

  it("'Open Zažmuri' shows its PDF full-screen; Played POSTs /songs/11/played as the queue's does and goes back", async () => {
    const { user, server } = await openBandPage(json(200, answer({ queue: STAGED })), {
      [`POST ${LIVE}/songs/11/played`]: actionAnswer(5, [LINKED, LUTKA]),
    });
    await user.click(within(rowOf('Zažmuri')).getByRole('button', { name: 'Open Zažmuri' }));
    const stage = await screen.findByRole('dialog', { name: 'Zažmuri' });
    const pdf = within(stage).getByTitle('Zažmuri (PDF)');
    expect(pdf.tagName).toBe('IFRAME');
    expect(pdf).toHaveAttribute('src', '/uploads/zazmuri-chords.pdf#view=FitH&navpanes=0');
    expect(within(stage).getByText('Zdravko Čolić')).toBeInTheDocument();

    await user.click(within(stage).getByRole('button', { name: 'Played Zažmuri' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(songsShown()).toEqual(['Đurđevdan', 'Lutka sa naslovne strane']));
    expect(server.calls.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual([
      `${LIVE}/songs/11/played`,
    ]);
  });

  it('Back and Escape return to the queue without changing it', async () => {
    const { user, server } = await openBandPage(json(200, answer({ queue: STAGED })));
    await user.click(screen.getByRole('button', { name: 'Open Zažmuri' }));
    const stage = await screen.findByRole('dialog', { name: 'Zažmuri' });
    await user.click(within(stage).getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(songsShown()).toEqual(['Zažmuri', 'Đurđevdan', 'Lutka sa naslovne strane']);

    await user.click(screen.getByRole('button', { name: 'Open Zažmuri' }));
    await screen.findByRole('dialog', { name: 'Zažmuri' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it("a song with only a link offers 'Open the link'; Decline POSTs /songs/12/declined", async () => {
    const { user, server } = await openBandPage(json(200, answer({ queue: STAGED })), {
      [`POST ${LIVE}/songs/12/declined`]: actionAnswer(5, [CHORDS, LUTKA]),
    });
    await user.click(screen.getByRole('button', { name: 'Open Đurđevdan' }));
    const stage = await screen.findByRole('dialog', { name: 'Đurđevdan' });
    expect(within(stage).getByRole('link', { name: 'Open the link' })).toHaveAttribute(
      'href',
      'https://example.com/djurdjevdan',
    );
    await user.click(within(stage).getByRole('button', { name: 'Decline Đurđevdan' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.calls.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual([
      `${LIVE}/songs/12/declined`,
    ]);
  });

  it('says when a song has no chords or lyrics', async () => {
    const { user } = await openBandPage(json(200, answer({ queue: STAGED })));
    await user.click(screen.getByRole('button', { name: 'Open Lutka sa naslovne strane' }));
    const stage = await screen.findByRole('dialog', { name: 'Lutka sa naslovne strane' });
    expect(within(stage).getByText('No chords or lyrics for this song.')).toBeInTheDocument();
  });

  it('a song that came over the live channel (no resources on it) asks the API again when opened', async () => {
    const { user, server } = await openBandPage(json(200, answer({ queue: STAGED })));
    const socket = await goLive(server, STAGED);
    const NEW = entry(14, 'Jugoslavija', 1);
    act(() =>
      socket.receive(changeEvent(5, { kind: 'requested', song_id: 14, request_ids: [81], entry: NEW })),
    );
    const loads = server.callsTo(LIVE_GET).length;
    await user.click(await screen.findByRole('button', { name: 'Open Jugoslavija' }));
    await screen.findByRole('dialog', { name: 'Jugoslavija' });
    await waitFor(() => expect(server.callsTo(LIVE_GET)).toHaveLength(loads + 1));
  });
});

describe('Band page in the language chosen in the panel, else the device’s (issue 26)', () => {
  const MESSAGE = { id: 70, song_id: 11, message: 'Za mladence!', created_at: '2026-11-21T21:06:00.000Z' };
  const STAGED = [
    { ...ZAZMURI, resource: null, resursi: null },
    { ...DJURDJEVDAN, resource: null, resursi: 'https://example.com/djurdjevdan' },
    { ...LUTKA, resource: null, resursi: null },
  ];
  const englishLeft = () => englishOnPage(bandPageEn);

  it('is in English on an English device where no language was chosen, with <html lang="en">', async () => {
    await openBandPage();
    expect(document.documentElement.lang).toBe('en');
    // The requests' times as English writes them on this (US) device.
    expect(
      within(rowOf('Zažmuri')).getByText(
        /^Zdravko Čolić · first at \d{1,2}:\d\d [AP]M, last at \d{1,2}:\d\d [AP]M$/,
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'English' })).toBeInTheDocument();
    expect(localStorage.getItem('RaStoreencore.locale')).toBeNull();
  });

  it('is in Serbian (Latin) when chosen in the panel: texts, labels, counts, times and the stage view', async () => {
    chooseInPanel('sr');
    const { user } = await openBandPage(json(200, answer({ queue: STAGED, messages: [MESSAGE] })));
    expect(document.documentElement.lang).toBe('sr-Latn');
    // The window's title too (a tab, a bookmark, a screen reader).
    expect(document.title).toBe('Encore administracija');
    expect(screen.getByRole('status')).toHaveTextContent('Ponovo se povezujem…');
    expect(screen.getByRole('link', { name: 'Otvori ekran za salu' })).toHaveAttribute(
      'href',
      `/screen/${GIG_TOKEN}`,
    );
    expect(screen.getByRole('switch', { name: 'Primamo zahteve' })).toBeChecked();
    expect(screen.getByLabelText('Najtraženije prvo')).not.toBeChecked();

    const list = queueList('Tražene pesme');
    const zazmuri = rowOf('Zažmuri', list);
    expect(within(zazmuri).getByText('2 zahteva')).toBeInTheDocument();
    // Serbian writes the time in 24 hours.
    expect(
      within(zazmuri).getByText(/^Zdravko Čolić · prvi u \d\d:\d\d, poslednji u \d\d:\d\d$/),
    ).toBeInTheDocument();
    expect(within(rowOf('Đurđevdan', list)).getByText('1 zahtev')).toBeInTheDocument();
    expect(within(rowOf('Đurđevdan', list)).getByText(/^Bijelo Dugme · u \d\d:\d\d$/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pomeri Zažmuri gore' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Pomeri Lutka sa naslovne strane dole' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Odsvirano: Zažmuri' })).toHaveTextContent('Odsvirano');
    expect(screen.getByRole('button', { name: 'Odbij Đurđevdan' })).toHaveTextContent('Odbij');
    const messages = within(zazmuri).getByRole('list', { name: 'Poruke uz Zažmuri' });
    expect(within(messages).getByText('„Za mladence!“')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sakrij poruku „Za mladence!“' })).toHaveTextContent('Sakrij');
    expect(englishLeft()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Otvori Đurđevdan' }));
    const stage = await screen.findByRole('dialog', { name: 'Đurđevdan' });
    expect(within(stage).getByRole('button', { name: 'Nazad' })).toBeInTheDocument();
    expect(within(stage).getByText('Ova pesma ima link za akorde ili tekst.')).toBeInTheDocument();
    expect(within(stage).getAllByRole('link', { name: 'Otvori link' })).toHaveLength(2);
    expect(within(stage).getByRole('button', { name: 'Odsvirano: Đurđevdan' })).toBeInTheDocument();
    expect(englishLeft()).toEqual([]);
  });

  it('is in Cyrillic when chosen so: the guests’ songs and messages stay as written', async () => {
    chooseInPanel('sr-Cyrl');
    const { user } = await openBandPage(
      json(200, answer({ gig: { ...GIG, active: false }, queue: STAGED, messages: [MESSAGE] })),
    );
    expect(document.documentElement.lang).toBe('sr-Cyrl');
    expect(document.title).toBe('Encore администрација');
    expect(screen.getByRole('status')).toHaveTextContent('Поново се повезујем…');
    expect(screen.getByRole('switch', { name: 'Захтеви су паузирани' })).not.toBeChecked();
    const list = queueList('Тражене песме');
    expect(within(rowOf('Zažmuri', list)).getByText('2 захтева')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Помери Lutka sa naslovne strane горе' })).toBeEnabled();
    expect(within(rowOf('Zažmuri', list)).getByText('„Za mladence!“')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Subota u Dvorištu' })).toBeInTheDocument();
    expect(englishLeft()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Отвори Lutka sa naslovne strane' }));
    const stage = await screen.findByRole('dialog', { name: 'Lutka sa naslovne strane' });
    expect(within(stage).getByText('За ову песму нема акорда ни текста.')).toBeInTheDocument();
    expect(within(stage).getByRole('button', { name: 'Назад' })).toBeInTheDocument();
    expect(englishLeft()).toEqual([]);
  });

  it('asks to sign in in Serbian when signed out', async () => {
    chooseInPanel('sr');
    fakeFetch({});
    renderBandPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Red zahteva uživo' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Prijavi se' })).toHaveAttribute('href', '/admin/login');
    expect(englishLeft()).toEqual([]);
  });

  it('follows a Serbian device where no language was chosen, without making it the panel’s choice', async () => {
    deviceLanguages(['sr-RS', 'sr', 'en']);
    await openBandPage();
    expect(screen.getByRole('switch', { name: 'Primamo zahteve' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('sr-Latn');
    expect(localStorage.getItem('RaStoreencore.locale')).toBeNull();
  });

  it('follows the language last chosen on the audience page of this device when the panel has none', async () => {
    localStorage.setItem('encore-lang', 'sr-Cyrl');
    await openBandPage();
    expect(screen.getByRole('switch', { name: 'Примамо захтеве' })).toBeInTheDocument();
  });

  it('its language menu switches the page, and the panel and the live pages with it', async () => {
    const { user } = await openBandPage();
    await user.click(screen.getByRole('button', { name: 'English' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Српски' }));
    expect(await screen.findByRole('switch', { name: 'Примамо захтеве' })).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Тражене песме' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('sr-Cyrl');
    expect(JSON.parse(localStorage.getItem('RaStoreencore.locale') ?? 'null')).toBe('sr-Cyrl');
    expect(localStorage.getItem('encore-lang')).toBe('sr-Cyrl');
    expect(englishLeft()).toEqual([]);
  });
});
