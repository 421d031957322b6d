import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PanelEvent, PanelPage } from '../../src/shared/panel-live';
import type { Song } from '../../src/client/songs/types';
import { useGetList } from 'react-admin';
import { AlsoHere } from '../../src/client/together/AlsoHere';
import { PanelLive } from '../../src/client/together/PanelLive';
import { PRESENCE_GONE_MS, presence } from '../../src/client/together/presence';
import { DJURDJEVDAN, LUTKA, layOut, listOf, params, scrollList, scrollTo, song, TUDJA } from './catalog';
import { BAND_ADMIN, fakeFetch, json, renderAlone, renderApp, signIn } from './helpers';
import { type FakeWebSocket, lastSocket, stubWebSocket } from './live-fixtures';

/**
 * Issue 28, point 2: an edit screen shows the bandmates who have the same item open, and a list
 * refreshes in place when the panel's live topic says a bandmate changed it.
 */

afterEach(() => presence.clear());

const ana: PanelPage = { key: 'tab-ana-1', id: 21, name: 'Ana' };
const here = (page: PanelPage, at: string | null) => act(() => presence.heard({ type: 'here', page, at }));

describe('Also here (presence chips)', () => {
  it('shows the bandmates on this edit screen as they come and go, one chip each, never the user', async () => {
    signIn(BAND_ADMIN);
    fakeFetch({ 'GET /api/user': json(200, BAND_ADMIN) });
    const view = renderAlone(<AlsoHere place="songs/7" />);
    // Being on the screen is what the live topic tells the server.
    await waitFor(() => expect(presence.place).toBe('songs/7'));
    here(ana, 'songs/7');
    here({ ...ana, key: 'tab-ana-2' }, 'songs/7');
    here({ key: 'my-other-tab', id: BAND_ADMIN.id, name: BAND_ADMIN.name }, 'songs/7');
    here({ key: 'tab-marko', id: 22, name: 'Marko' }, 'songs/8');
    const chips = await screen.findByRole('status', { name: 'Also here: Ana' });
    expect(within(chips).getByText('Also here:')).toBeInTheDocument();
    expect(
      within(chips)
        .getAllByText(/^(Ana|Marko|Ana Petrović)$/)
        .map((chip) => chip.textContent),
    ).toEqual(['Ana']);

    here({ key: 'tab-marko', id: 22, name: 'Marko' }, 'songs/7');
    expect(await screen.findByRole('status', { name: 'Also here: Ana, Marko' })).toBeInTheDocument();
    // Ana closes one tab, then the other: only then is she gone.
    here(ana, null);
    expect(screen.getByRole('status', { name: 'Also here: Ana, Marko' })).toBeInTheDocument();
    here({ ...ana, key: 'tab-ana-2' }, null);
    expect(await screen.findByRole('status', { name: 'Also here: Marko' })).toBeInTheDocument();
    // A page not heard of for a minute (its server died) goes too.
    act(() => presence.expire(Date.now() + PRESENCE_GONE_MS + 1));
    await waitFor(() => expect(screen.queryByText('Also here:')).toBeNull());

    view.unmount();
    expect(presence.place).toBeNull();
  });

  it('says it in Serbian', async () => {
    signIn(BAND_ADMIN);
    fakeFetch({ 'GET /api/user': json(200, BAND_ADMIN) });
    renderAlone(<AlsoHere place="playlists/3" />, { locale: 'sr' });
    await waitFor(() => expect(presence.place).toBe('playlists/3'));
    here(ana, 'playlists/3');
    const chips = await screen.findByRole('status', { name: 'Ovde su i: Ana' });
    expect(within(chips).getByText('Ovde su i:')).toBeInTheDocument();
  });
});

const NEW = song({ id: 11, naziv: 'Nova pesma od Marka' });

describe('a list refreshed by the live topic', () => {
  it("shows a bandmate's new song in place: the selection, the filter and the scroll stay", async () => {
    const sockets = stubWebSocket();
    signIn(BAND_ADMIN);
    let songs: Song[] = [DJURDJEVDAN, LUTKA, TUDJA];
    const server = fakeFetch({
      'GET /api/user': json(200, BAND_ADMIN),
      'GET /api/admin/songs': listOf((query) =>
        query.get('o') === '2' ? songs.filter((s) => s.owned) : songs,
      ),
    });
    const { user } = renderApp('/admin/songs');
    expect(await screen.findByText('Đurđevdan')).toBeInTheDocument();
    // The user picks "All Songs", selects a row and scrolls.
    await user.click(screen.getByRole('button', { name: 'All Songs' }));
    expect(await screen.findByText(TUDJA.naziv)).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Select Đurđevdan' }));
    const area = scrollList();
    layOut(area);
    scrollTo(area, 120);

    // The panel's live topic (loaded after the screen) opens and joins.
    await waitFor(() => expect(sockets.instances.length).toBeGreaterThan(0));
    const socket = lastSocket();
    expect(socket.protocols).toContain(`encore-session.${BAND_ADMIN.token}`);
    act(() => socket.open());
    expect(socket.sent).toEqual([{ type: 'panel', at: null }]);

    const calls = () => server.callsTo('GET /api/admin/songs').map(params);
    const before = calls().length;
    songs = [...songs, NEW];
    act(() => receive(socket, { type: 'changed', resource: 'songs', ids: [NEW.id] }));
    expect(await screen.findByText(NEW.naziv)).toBeInTheDocument();
    // Fetched again with the user's filter, into the same list area, nothing lost.
    expect(
      calls()
        .slice(before)
        .map((query) => query.get('o')),
    ).toEqual(['1']);
    expect(scrollList()).toBe(area);
    expect(area.scrollTop).toBe(120);
    expect(screen.getByRole('checkbox', { name: 'Select Đurđevdan' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'All Songs' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('1 selected')).toBeInTheDocument();
  });
});

describe('a tab in the background', () => {
  afterEach(() => setVisibility('visible'));

  it('gives its live connection back after a while hidden, and joins again with its lists read again when shown', async () => {
    const sockets = stubWebSocket();
    signIn(BAND_ADMIN);
    const server = fakeFetch({
      'GET /api/user': json(200, BAND_ADMIN),
      'GET /api/admin/songs': listOf(() => [DJURDJEVDAN, LUTKA]),
    });
    renderAlone(
      <>
        <PanelLive releaseAfterMs={50} />
        <SongsShown />
      </>,
    );
    expect(await screen.findByText('2 songs')).toBeInTheDocument();
    await waitFor(() => expect(sockets.instances).toHaveLength(1));
    const first = lastSocket();
    act(() => first.open());
    const listReads = () => server.callsTo('GET /api/admin/songs').length;
    const read = listReads();

    // Hidden: the slot goes back (each connection counts against the session's and the band's).
    act(() => setVisibility('hidden'));
    await waitFor(() => expect(first.closeCalls).toBe(1));
    expect(sockets.instances).toHaveLength(1);

    // Shown again: a new connection, and the list read again once it has joined.
    act(() => setVisibility('visible'));
    await waitFor(() => expect(sockets.instances).toHaveLength(2));
    act(() => lastSocket().open());
    await waitFor(() => expect(listReads()).toBeGreaterThan(read));
  });
});

/** A list on the page, as react-admin's screens read it. */
function SongsShown() {
  const { total } = useGetList('songs', { pagination: { page: 1, perPage: 20 } });
  return total === undefined ? null : <p>{total} songs</p>;
}

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
}

function receive(socket: FakeWebSocket, event: PanelEvent) {
  socket.onmessage?.(new MessageEvent('message', { data: JSON.stringify(event) }));
}
