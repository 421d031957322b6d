import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { GigRow } from '../../src/client/gigs/types';
import { en as viewerEn } from '../../src/client/live/messages';
import { orderForViewer } from '../../src/client/live/viewerGigs';
import { VIEWER, fakeFetch, json, pending, renderApp, settle, signIn, type Reply } from './helpers';
import { chooseInPanel, deviceLanguages, englishOnPage } from './page-language';

const gig = (id: number, naziv: string, pocetak: string, token = `tok-${id}`): GigRow => ({
  id,
  naziv,
  lokacija: `Mesto ${id}`,
  pocetak,
  slika: null,
  status: true,
  token,
});

const names = (gigs: { naziv: string }[]) => gigs.map((g) => g.naziv);

describe('orderForViewer', () => {
  // 21 November 2026, noon, local time.
  const NOW = new Date(2026, 10, 21, 12, 0);
  const GIGS = [
    gig(1, 'Past, a month ago', '2026-10-21T21:00'),
    gig(2, 'Upcoming, in two weeks', '2026-12-05T21:00'),
    gig(3, 'Today, evening', '2026-11-21T21:00'),
    gig(4, 'Past, yesterday', '2026-11-20T22:00'),
    gig(5, 'Upcoming, tomorrow', '2026-11-22T20:00'),
    gig(6, 'Today, morning (already started)', '2026-11-21T09:00'),
    gig(7, 'Past, last year', '2025-12-31T23:00'),
    gig(8, 'Upcoming, next year', '2027-01-02T19:00'),
  ];

  it("puts today's gigs first (earliest first), then upcoming soonest first, then past newest first", () => {
    expect(names(orderForViewer(GIGS, NOW))).toEqual([
      'Today, morning (already started)',
      'Today, evening',
      'Upcoming, tomorrow',
      'Upcoming, in two weeks',
      'Upcoming, next year',
      'Past, yesterday',
      'Past, a month ago',
      'Past, last year',
    ]);
  });

  it("marks only today's gigs as today, keeping every field", () => {
    const ordered = orderForViewer(GIGS, NOW);
    expect(ordered.filter((g) => g.today).map((g) => g.id)).toEqual([6, 3]);
    expect(ordered[0]).toEqual({ ...GIGS[5], today: true });
    expect(ordered.at(-1)).toEqual({ ...GIGS[6], today: false });
  });

  it('takes the day from the local date of `now`, right after midnight and just before it', () => {
    const justAfterMidnight = new Date(2026, 10, 21, 0, 5);
    const lateNight = new Date(2026, 10, 21, 23, 55);
    for (const now of [justAfterMidnight, lateNight]) {
      const ordered = orderForViewer(
        [
          gig(1, 'Yesterday late', '2026-11-20T23:30'),
          gig(2, 'Today', '2026-11-21T21:00'),
          gig(3, 'Tomorrow early', '2026-11-22T00:30'),
        ],
        now,
      );
      expect(ordered.map((g) => [g.naziv, g.today])).toEqual([
        ['Today', true],
        ['Tomorrow early', false],
        ['Yesterday late', false],
      ]);
    }
  });

  it('does not reorder the array it is given', () => {
    const copy = [...GIGS];
    orderForViewer(GIGS, NOW);
    expect(GIGS).toEqual(copy);
  });

  it('gives an empty list for no gigs', () => {
    expect(orderForViewer([], NOW)).toEqual([]);
  });
});

/** "YYYY-MM-DDTHH:MM" for the local day `days` from today. */
function localStart(days: number, time: string) {
  const d = new Date();
  d.setHours(12, 0, 0, 0);
  d.setDate(d.getDate() + days);
  const day = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
  return `${day}T${time}`;
}

function openViewer(gigs: GigRow[] | Reply, user = VIEWER) {
  signIn(user);
  const server = fakeFetch({
    'GET /api/user': json(200, VIEWER),
    'GET /api/admin/gigs': typeof gigs === 'function' ? gigs : json(200, { data: gigs, total: gigs.length }),
  });
  const view = renderApp('/viewer');
  return { ...view, server };
}

describe('Viewer area /viewer', () => {
  it("lists the band's gigs: today's first (marked 'Today'), then upcoming soonest first, then past newest first", async () => {
    // As the API answers: newest first.
    const gigs = [
      gig(21, 'Doček', localStart(40, '22:00'), 'tok-docek'),
      gig(20, 'Subota u Dvorištu', localStart(3, '21:00'), 'tok-subota'),
      gig(19, 'Svadba Jovanovića', localStart(1, '18:00'), 'tok-svadba'),
      gig(18, 'Večeras u Domu omladine', localStart(0, '20:30'), 'tok-dom'),
      gig(17, 'Prošli petak', localStart(-8, '21:00'), 'tok-petak'),
      gig(16, 'Juče na splavu', localStart(-1, '23:00'), 'tok-splav'),
      gig(15, 'Leto na Adi', localStart(-120, '19:00'), 'tok-ada'),
    ];
    const { server } = openViewer(gigs);
    const list = await screen.findByRole('list', { name: 'Gigs' });
    const links = within(list).getAllByRole('link');
    const order = [
      ['Večeras u Domu omladine', 'tok-dom'],
      ['Svadba Jovanovića', 'tok-svadba'],
      ['Subota u Dvorištu', 'tok-subota'],
      ['Doček', 'tok-docek'],
      ['Juče na splavu', 'tok-splav'],
      ['Prošli petak', 'tok-petak'],
      ['Leto na Adi', 'tok-ada'],
    ];
    expect(links).toHaveLength(order.length);
    order.forEach(([naziv, token], i) => {
      expect(within(links[i]).getByText(naziv)).toBeInTheDocument();
      expect(links[i]).toHaveAttribute('href', `/band/${token}`);
    });
    expect(within(links[0]).getByText('Today')).toBeInTheDocument();
    expect(screen.getAllByText('Today')).toHaveLength(1);
    // The place, and the start at the band's wall-clock time as English writes it on this (US) device.
    expect(
      within(links[0]).getByText(/^Mesto 18 · \w{3}, \w{3} \d{1,2}, \d{4}, 8:30 PM$/),
    ).toBeInTheDocument();

    const calls = server.callsTo('GET /api/admin/gigs');
    expect(calls.map((call) => call.url)).toEqual(['/api/admin/gigs?pg=0']);
    expect(calls[0].headers.get('Authorization')).toBe(`Bearer ${VIEWER.token}`);
  });

  it('shows who is signed in and their band', async () => {
    openViewer([]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Viewer area' })).toBeInTheDocument();
    expect(screen.getByText(`Signed in as ${VIEWER.name} · Band: Zvezde Beograda`)).toBeInTheDocument();
  });

  it("says 'Your band has no gigs yet.' when there are none", async () => {
    openViewer([]);
    expect(await screen.findByText('Your band has no gigs yet.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Gigs' })).not.toBeInTheDocument();
    expect(screen.queryByText('Loading gigs…')).not.toBeInTheDocument();
  });

  it('says when the gigs could not be loaded', async () => {
    openViewer(json(500, { message: 'Server Error' }));
    expect(await screen.findByText('Could not load the gigs: Server Error')).toBeInTheDocument();
    expect(screen.queryByText('Your band has no gigs yet.')).not.toBeInTheDocument();
  });

  it("shows 'Loading gigs…' until they come", async () => {
    const answer = pending();
    openViewer(answer.reply);
    expect(screen.getByText('Loading gigs…')).toHaveAttribute('role', 'status');
    await settle(150);
    expect(screen.getByText('Loading gigs…')).toBeInTheDocument();
    answer.release(
      new Response(
        JSON.stringify({ data: [gig(1, 'Subota u Dvorištu', localStart(2, '21:00'))], total: 1 }),
        {
          status: 200,
          headers: { 'Content-Type': 'application/json' },
        },
      ),
    );
    await waitFor(() => expect(screen.getByRole('list', { name: 'Gigs' })).toBeInTheDocument());
    expect(screen.getByRole('link', { name: /Subota u Dvorištu/ })).toHaveAttribute('href', '/band/tok-1');
    expect(screen.queryByText('Loading gigs…')).not.toBeInTheDocument();
  });
});

describe('Viewer area in the language chosen in the panel, else the device’s (issue 26)', () => {
  const SATURDAY = [gig(1, 'Subota u Dvorištu', '2026-11-21T21:00')];
  const englishLeft = () => englishOnPage(viewerEn);

  it('is in English on an English device where no language was chosen, with <html lang="en">', async () => {
    openViewer(SATURDAY);
    expect(await screen.findByText('Mesto 1 · Sat, Nov 21, 2026, 9:00 PM')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'English' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
  });

  it('writes dates as English does in the device’s region', async () => {
    deviceLanguages(['en-GB']);
    openViewer(SATURDAY);
    expect(await screen.findByText('Mesto 1 · Sat, 21 Nov 2026, 21:00')).toBeInTheDocument();
  });

  it('is in Serbian (Latin) when chosen in the panel: headings, list, chip, dates and Logout', async () => {
    chooseInPanel('sr');
    openViewer([gig(2, 'Večeras u Domu omladine', localStart(0, '20:30')), ...SATURDAY]);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Prostor za posmatrače' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(`Prijavljeni ste kao ${VIEWER.name} · Bend: Zvezde Beograda`),
    ).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Nastupi' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Nastupi' });
    expect(within(list).getByText('Danas')).toBeInTheDocument();
    expect(within(list).getByText('Mesto 1 · sub, 21. nov 2026. 21:00')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Odjavi se' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('sr-Latn');
    expect(englishLeft()).toEqual([]);
  });

  it('is in Cyrillic when chosen so, a user without a band and the gigs’ names as written', async () => {
    chooseInPanel('sr-Cyrl');
    openViewer(SATURDAY, { ...VIEWER, banddata: null });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Простор за посматраче' }),
    ).toBeInTheDocument();
    expect(screen.getByText(`Пријављени сте као ${VIEWER.name} · Бенд: Нема бенда`)).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Наступи' });
    expect(within(list).getByText('Subota u Dvorištu')).toBeInTheDocument();
    expect(within(list).getByText('Mesto 1 · суб, 21. нов 2026. 21:00')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Одјави се' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('sr-Cyrl');
    expect(englishLeft()).toEqual([]);
  });

  it('says in Serbian that there are no gigs, or that they could not be loaded', async () => {
    chooseInPanel('sr');
    const { unmount } = openViewer([]);
    expect(await screen.findByText('Vaš bend još nema nastupa.')).toBeInTheDocument();
    unmount();
    openViewer(json(500, { message: 'Server Error' }));
    expect(await screen.findByText('Nastupi nisu učitani: Server Error')).toBeInTheDocument();
    expect(englishLeft()).toEqual([]);
  });

  it('follows a Serbian device where no language was chosen', async () => {
    deviceLanguages(['sr-Latn-RS']);
    openViewer(SATURDAY);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Prostor za posmatrače' }),
    ).toBeInTheDocument();
    expect(localStorage.getItem('RaStoreencore.locale')).toBeNull();
  });

  it('its language menu switches the page and keeps the choice for the panel', async () => {
    const { user } = openViewer(SATURDAY);
    await user.click(await screen.findByRole('button', { name: 'English' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Srpski' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Prostor za posmatrače' }),
    ).toBeInTheDocument();
    // The page may still be loading its gigs when the heading has changed (a busy machine).
    expect(await screen.findByText('Mesto 1 · sub, 21. nov 2026. 21:00')).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('RaStoreencore.locale') ?? 'null')).toBe('sr');
    expect(document.documentElement.lang).toBe('sr-Latn');
  });
});
