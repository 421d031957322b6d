/**
 * The Insights screen (issue 29, point 3) alone: what the server computed, in charts a person reads
 * at a glance and lists a screen reader reads, each with its CSV; the period and (system admins) the
 * band asked for; the server's refusal said.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { InsightsData } from '../../src/shared/api-types';
import { params, stubObjectUrls } from './catalog';
import { BAND_ADMIN, fakeFetch, json, renderScreen, signIn, SYSTEM_ADMIN, type Reply } from './helpers';

stubObjectUrls();

const INSIGHTS = 'GET /api/admin/insights';
const EXPORT = 'GET /api/admin/insights/export';

const hours = Array.from({ length: 24 }, (_, i) => (i + 12) % 24).map((hour) => ({
  hour,
  count: ({ 21: 3, 22: 2, 0: 3 } as Record<number, number>)[hour] ?? 0,
}));

const DATA: InsightsData = {
  band: 1,
  from: '2026-01-01',
  to: '2026-12-31',
  time_zone: 'Europe/Belgrade',
  totals: { total: 8, played: 4, declined: 1, waiting: 3 },
  gigs: [
    {
      id: 3,
      naziv: 'Letnja bašta',
      pocetak: '2026-07-10T21:00',
      total: 3,
      played: 1,
      declined: 0,
      waiting: 2,
    },
    {
      id: 1,
      naziv: 'Svadba Petrović',
      pocetak: '2026-11-21T20:00',
      total: 5,
      played: 3,
      declined: 1,
      waiting: 1,
    },
  ],
  hours,
  songs: [
    { id: 11, naziv: 'Đurđevdan', performer: 'Bijelo Dugme', count: 4 },
    { id: 12, naziv: 'Jugo 45', performer: null, count: 2 },
  ],
  performers: [{ id: 5, naziv: 'Bijelo Dugme', count: 8 }],
  misses: [
    { text: 'stairway', count: 4 },
    { text: 'bohemian rhapsody', count: 2 },
  ],
  never: { total: 60, songs: [{ id: 20, naziv: 'Ajde Jano', performer: null }] },
};

async function open(user = BAND_ADMIN, reply: Reply = json(200, DATA), locale?: 'en' | 'sr') {
  signIn(user);
  const server = fakeFetch({
    'GET /api/user': json(200, user),
    [INSIGHTS]: reply,
    'GET /api/admin/bands': json(200, {
      data: [
        { id: 1, naziv: 'Zvezde Beograda', email: null, picture: null, users_count: 2, slug: 'zvezde' },
        { id: 2, naziv: 'Ponoćni ekspres', email: null, picture: null, users_count: 1, slug: 'ponoc' },
      ],
    }),
    [EXPORT]: () => new Response('\uFEFFSong\r\n', { headers: { 'Content-Type': 'text/csv' } }),
  });
  const view = renderScreen('/admin/insights', { locale });
  return { ...view, server };
}

const figure = (name: string) => screen.findByRole('region', { name });

describe('Insights', () => {
  it('shows the most requested songs, the charts and the lists the server computed', async () => {
    const { server } = await open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Insights' })).toBeInTheDocument();
    const songs = await figure('Most requested songs');
    expect(
      within(within(songs).getByRole('list', { name: 'Most requested songs' }))
        .getAllByRole('listitem')
        .map((item) => item.getAttribute('aria-label')),
    ).toEqual(['Đurđevdan · Bijelo Dugme: 4', 'Jugo 45: 2']);
    // The bars are as long as their counts: the first is the longest.
    const bars = within(songs).getAllByTestId('chart-bar');
    expect(bars.map((bar) => getComputedStyle(bar).width)).toEqual(['100%', '50%']);

    const ended = await figure('How requests ended');
    expect(within(ended).getByText('8 requests at 2 gigs.')).toBeInTheDocument();
    expect(
      within(within(ended).getByRole('list', { name: 'How requests ended' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Played: 4 (50 %)', 'Declined: 1 (12.5 %)', 'Left waiting: 3 (37.5 %)']);

    // The night's hours from the first busy one to the last, said in words.
    const night = within(await figure('Requests per hour of the night')).getByRole('list');
    expect(
      within(night)
        .getAllByRole('listitem')
        .map((item) => item.getAttribute('aria-label')),
    ).toEqual(['21:00 – 3', '22:00 – 2', '23:00 – 0', '00:00 – 3']);
    const perGig = within(await figure('Requests per gig')).getAllByRole('listitem');
    expect(perGig).toHaveLength(2);
    expect(perGig[1].getAttribute('aria-label')).toMatch(/^Svadba Petrović, .+: 5$/);

    expect(
      within(await figure('Most requested performers')).getByLabelText('Bijelo Dugme: 8'),
    ).toBeInTheDocument();
    expect(
      within(await figure('Searched for and not found')).getByLabelText('stairway: 4'),
    ).toBeInTheDocument();
    const never = await figure('Never requested');
    expect(within(never).getByText('60 songs of the repertoire were never requested.')).toBeInTheDocument();
    expect(within(never).getByText('The first 1 by title; the CSV has them all.')).toBeInTheDocument();
    expect(within(never).getByText('Ajde Jano')).toBeInTheDocument();
    expect(screen.getByText('Times are in Europe/Belgrade.')).toBeInTheDocument();

    // The last twelve months, and no band: the server takes the band admin's own.
    const query = params(server.callsTo(INSIGHTS)[0]);
    expect([...query.keys()].sort()).toEqual(['from', 'to']);
    expect(query.get('to')! > query.get('from')!).toBe(true);
  });

  it("downloads each figure's CSV for the period shown, in the panel's language", async () => {
    const { server, user } = await open();
    await figure('Most requested songs');
    await user.click(screen.getByRole('button', { name: 'Download CSV: Most requested songs' }));
    await waitFor(() => expect(server.callsTo(EXPORT)).toHaveLength(1));
    const shown = params(server.callsTo(INSIGHTS)[0]);
    expect(Object.fromEntries(params(server.callsTo(EXPORT)[0]))).toEqual({
      from: shown.get('from'),
      to: shown.get('to'),
      part: 'songs',
      lang: 'en',
    });
  });

  it('asks again for the period chosen; a system admin also chooses the band', async () => {
    const { server, user } = await open(SYSTEM_ADMIN);
    await figure('Most requested songs');
    const from = screen.getByLabelText('From');
    await user.clear(from);
    await user.type(from, '2026-03-01');
    await waitFor(() =>
      expect(server.callsTo(INSIGHTS).some((call) => params(call).get('from') === '2026-03-01')).toBe(true),
    );
    await user.click(screen.getByRole('combobox', { name: 'Band' }));
    await user.click(await screen.findByRole('option', { name: 'Ponoćni ekspres' }));
    await waitFor(() =>
      expect(Object.fromEntries(params(server.callsTo(INSIGHTS).at(-1)!))).toMatchObject({
        from: '2026-03-01',
        band: '2',
      }),
    );
  });

  it('says what the server answered when it refuses', async () => {
    await open(BAND_ADMIN, json(422, { message: 'Give the day as YYYY-MM-DD.' }));
    expect(await screen.findByText('Give the day as YYYY-MM-DD.')).toBeInTheDocument();
  });

  it('does not ask for a band member without a band, and says why', async () => {
    const { server } = await open({ ...BAND_ADMIN, band: null, banddata: null });
    expect(await screen.findByText('You need to belong to a band to see its insights.')).toBeInTheDocument();
    expect(server.callsTo(INSIGHTS)).toEqual([]);
  });

  it('reads in Serbian', async () => {
    await open(BAND_ADMIN, json(200, DATA), 'sr');
    expect(await screen.findByRole('heading', { level: 1, name: 'Uvidi' })).toBeInTheDocument();
    expect(await figure('Najtraženije pesme')).toBeInTheDocument();
    expect(screen.getByText('60 pesama repertoara nikad nije traženo.')).toBeInTheDocument();
  });
});
