import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import defaultSong from '../../src/client/assets/default-song.svg';
import type { Song } from '../../src/client/songs/types';
import {
  DJURDJEVDAN,
  LUTKA,
  PERFORMER_OPTIONS,
  TUDJA,
  layOut,
  listOf,
  params,
  scrollList,
  scrollTo,
  song,
} from './catalog';
import {
  BAND_ADMIN,
  currentLocation,
  fakeFetch,
  json,
  pending,
  renderScreen,
  settle,
  signIn,
  type Reply,
} from './helpers';

const LIST = 'GET /api/admin/songs';

/** A band admin on /admin/songs against a server whose songs list answers `songs`. */
function openSongs(songs: Reply, extra: Record<string, Reply> = {}) {
  signIn(BAND_ADMIN);
  const server = fakeFetch({ 'GET /api/user': json(200, BAND_ADMIN), [LIST]: songs, ...extra });
  const view = renderScreen('/admin/songs');
  return { ...view, server, listCalls: () => server.callsTo(LIST).map(params) };
}

/** The songs per ownership filter value (1 all, 2 mine, 3 others). */
const byOwnership = (query: URLSearchParams): Song[] =>
  ({ '1': [DJURDJEVDAN, LUTKA, TUDJA], '2': [DJURDJEVDAN, LUTKA], '3': [TUDJA] })[query.get('o') ?? ''] ?? [];

/** The list row showing `title`. */
const row = async (title: string) => (await screen.findByText(title)).closest('li')!;

describe('Songs list', () => {
  it("has the heading 'Songs', the ownership filter with 'My Songs' pressed, and the search box", async () => {
    const { listCalls } = openSongs(listOf(byOwnership));
    expect(await screen.findByRole('heading', { level: 1, name: 'Songs' })).toBeInTheDocument();
    const filter = screen.getByRole('group', { name: 'Ownership filter' });
    const buttons = within(filter).getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual(['All Songs', 'My Songs', 'Other Songs']);
    expect(within(filter).getByRole('button', { name: 'My Songs' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(filter).getByRole('button', { name: 'All Songs' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(within(filter).getByRole('button', { name: 'Other Songs' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(screen.getByPlaceholderText('Search by song name or performer')).toBeInTheDocument();
    await row(DJURDJEVDAN.naziv);
    const first = listCalls()[0];
    expect(first.get('o')).toBe('2');
    expect(first.get('pg')).toBe('0');
  });

  it.each([
    ['All Songs', '1', [DJURDJEVDAN, LUTKA, TUDJA]],
    ['Other Songs', '3', [TUDJA]],
  ])("'%s' reloads the list with o=%s", async (label, value, shown) => {
    const { user, listCalls } = openSongs(listOf(byOwnership));
    await row(LUTKA.naziv);
    await user.click(screen.getByRole('button', { name: label }));
    await waitFor(() => expect(listCalls().at(-1)!.get('o')).toBe(value));
    expect(listCalls().at(-1)!.get('pg')).toBe('0');
    expect(screen.getByRole('button', { name: label })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'My Songs' })).toHaveAttribute('aria-pressed', 'false');
    await row(shown[0].naziv);
    const titles = within(scrollList())
      .getAllByRole('listitem')
      .map((item) => item.querySelector('.MuiListItemText-primary')?.textContent);
    expect(titles).toEqual(shown.map((s) => s.naziv));
  });

  it('sends the search text as q once typing pauses, not on every keystroke, and shows the matches', async () => {
    const search = (query: URLSearchParams) =>
      query.get('q') === 'cevap' ? [song({ id: 21, naziv: 'Ćevapi kod Žike' })] : byOwnership(query);
    const { user, listCalls } = openSongs(listOf(search));
    await row(DJURDJEVDAN.naziv);
    await user.type(screen.getByPlaceholderText('Search by song name or performer'), 'cevap');
    expect(await screen.findByText('Ćevapi kod Žike')).toBeInTheDocument();
    expect(screen.queryByText(DJURDJEVDAN.naziv)).not.toBeInTheDocument();
    const searched = listCalls().filter((query) => query.get('q'));
    expect(searched.length).toBeLessThan('cevap'.length);
    expect(searched.at(-1)!.get('q')).toBe('cevap');
    expect(searched.at(-1)!.get('o')).toBe('2');
    expect(searched.at(-1)!.get('pg')).toBe('0');
  });

  it("shows each song's title and performer, its picture or else the default song image", async () => {
    openSongs(listOf(byOwnership));
    const djurdjevdan = await row(DJURDJEVDAN.naziv);
    expect(within(djurdjevdan).getByText('Bijelo Dugme')).toBeInTheDocument();
    expect(djurdjevdan.querySelector('img')).toHaveAttribute('src', defaultSong);
    const lutka = await row(LUTKA.naziv);
    expect(within(lutka).getByText('Riblja Čorba')).toBeInTheDocument();
    expect(lutka.querySelector('img')).toHaveAttribute('src', '/uploads/pictures/lutka.png');
  });

  it("marks an owned song 'Yours' with 'Edit {title}' linking to /admin/song/{id} and 'Delete {title}'", async () => {
    openSongs(listOf(byOwnership));
    const owned = within(await row(DJURDJEVDAN.naziv));
    expect(owned.getByTitle('Yours')).toBeInTheDocument();
    expect(owned.queryByTitle("Another band's (read-only)")).not.toBeInTheDocument();
    expect(owned.getByRole('link', { name: 'Edit Đurđevdan' })).toHaveAttribute('href', '/admin/song/5');
    expect(owned.getByRole('button', { name: 'Delete Đurđevdan' })).toBeInTheDocument();
  });

  it("marks another band's song read-only, without edit or delete", async () => {
    const { user } = openSongs(listOf(byOwnership));
    await row(LUTKA.naziv);
    await user.click(screen.getByRole('button', { name: 'Other Songs' }));
    const other = within(await row(TUDJA.naziv));
    expect(other.getByTitle("Another band's (read-only)")).toBeInTheDocument();
    expect(other.queryByTitle('Yours')).not.toBeInTheDocument();
    expect(other.queryByRole('link', { name: /Edit/ })).not.toBeInTheDocument();
    expect(other.queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
  });

  it("follows 'Edit {title}' to the song's edit screen, filled from the full song rather than the row", async () => {
    const full = { ...DJURDJEVDAN, resursi: 'https://example.com/akordi', visibility: true };
    const { user } = openSongs(listOf(byOwnership), {
      'GET /api/admin/song/5': json(200, full),
      'GET /api/admin/performers': json(200, PERFORMER_OPTIONS),
    });
    await user.click(within(await row(DJURDJEVDAN.naziv)).getByRole('link', { name: 'Edit Đurđevdan' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit: Đurđevdan' })).toBeInTheDocument();
    expect(currentLocation()).toBe('/admin/song/5');
    expect(screen.getByRole('textbox', { name: 'Resource link' })).toHaveValue('https://example.com/akordi');
    expect(screen.getByRole('checkbox', { name: 'Visible public' })).toBeChecked();
  });

  it("shows 'Nema podataka' when there are no songs", async () => {
    openSongs(listOf(() => []));
    expect(await screen.findByText('Nema podataka')).toBeInTheDocument();
  });

  it('asks for the second page (pg=1) only once the list area is scrolled to its end', async () => {
    const many = Array.from({ length: 30 }, (_, i) => song({ id: 100 + i, naziv: `Pesma ${i + 1}` }));
    const firstPage = pending();
    const rest = listOf(() => many);
    const { listCalls } = openSongs((call) =>
      params(call).get('pg') === '0' ? firstPage.reply(call) : rest(call),
    );
    const area = await screen.findByTestId('scroll-list');
    layOut(area, { clientHeight: 500, scrollHeight: 2000 });
    await waitFor(() => expect(listCalls()).toHaveLength(1));
    firstPage.release(new Response(JSON.stringify({ data: many.slice(0, 20), total: 30 })));
    expect(await screen.findByText('Pesma 20')).toBeInTheDocument();

    scrollTo(area, 700);
    await settle();
    expect(listCalls().map((query) => query.get('pg'))).toEqual(['0']);
    expect(screen.queryByText('Pesma 21')).not.toBeInTheDocument();

    scrollTo(area, 1500);
    expect(await screen.findByText('Pesma 21')).toBeInTheDocument();
    expect(screen.getByText('Pesma 30')).toBeInTheDocument();
    expect(screen.getByText('Pesma 1')).toBeInTheDocument();
    const second = listCalls()[1];
    expect(second.get('pg')).toBe('1');
    expect(second.get('o')).toBe('2');
  });

  it('says a search matches more than the server counted, and pages on past that total while pages are full', async () => {
    const many = Array.from({ length: 30 }, (_, i) => song({ id: 100 + i, naziv: `Pesma ${i + 1}` }));
    // The server counts up to a cap and says "more than"; a cap of 20 here, so the second page is
    // asked for only because the answer says there is more, not because of its total.
    const { listCalls } = openSongs((call) => {
      const from = Number(params(call).get('pg')) * 20;
      return new Response(
        JSON.stringify({ data: many.slice(from, from + 20), total: 20, more_than_total: true }),
        { status: 200, headers: { 'Content-Type': 'application/json' } },
      );
    });
    expect(
      await screen.findByText('More than 20 match. Type more to narrow the search.'),
    ).toBeInTheDocument();
    const area = screen.getByTestId('scroll-list');
    expect(area).toHaveAttribute('aria-label', 'More than 20 items');
    layOut(area, { clientHeight: 500, scrollHeight: 2000 });
    scrollTo(area, 1500);
    expect(await screen.findByText('Pesma 30')).toBeInTheDocument();
    expect(listCalls().map((query) => query.get('pg'))).toEqual(['0', '1']);
  });
});
