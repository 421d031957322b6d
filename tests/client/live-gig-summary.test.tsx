import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Gig } from '../../src/client/gigs/types';
import type { GigRequestSummary } from '../../src/shared/api-types';
import { BAND_ADMIN, fakeFetch, json, renderScreen, settle, signIn, type Reply } from './helpers';

const GIG: Gig = {
  id: 5,
  naziv: 'Subota u Dvorištu',
  lokacija: 'Dvorište, Beograd',
  pocetak: '2026-11-21T21:00',
  slika: null,
  status: true,
  razmakpesme: 1,
  razmakvreme: 2,
  playlista: null,
  token: 'tok-subota',
  band_url: 'http://localhost:3000/band/tok-subota',
  public_url: 'http://localhost:3000/g/tok-subota',
  screen_url: 'http://localhost/screen/tok',
  allow_messages: false,
  artist_spacing: 0,
  minutes_per_song: 4,
  owned: true,
};

const SUMMARY_URL = 'GET /api/admin/gig/5/requests-summary';

/** A band admin on Edit Gig for gig 5, the summary answered by `summary`. */
async function openEditGig(summary: Reply) {
  // The server's TIME_ZONE comes with the user: the chart's times are the venue's, not UTC.
  const user = { ...BAND_ADMIN, time_zone: 'Europe/Belgrade' };
  signIn(user);
  const server = fakeFetch({
    'GET /api/user': json(200, user),
    'GET /api/admin/gig/5': json(200, GIG),
    'GET /api/admin/playlists': json(200, { data: [{ id: 4, naziv: 'Subotnje veče' }] }),
    [SUMMARY_URL]: summary,
  });
  const view = renderScreen('/admin/gig/5');
  await screen.findByRole('heading', { level: 1, name: 'Edit Gig' });
  return { ...view, server };
}

describe('Edit Gig: the requests summary after the show', () => {
  it('shows nothing when the gig had no requests', async () => {
    const empty: GigRequestSummary = { total: 0, played: 0, declined: 0, waiting: 0, top: [], timeline: [] };
    const { server } = await openEditGig(json(200, empty));
    await waitFor(() => expect(server.callsTo(SUMMARY_URL)).toHaveLength(1));
    await settle(150);
    expect(screen.queryByRole('region', { name: 'Requests' })).not.toBeInTheDocument();
    expect(screen.queryByText(/in all:/)).not.toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Most requested songs' })).not.toBeInTheDocument();
  });

  it("shows '{total} in all: {played} played, {declined} declined, {waiting} waiting.' and the most requested songs", async () => {
    const summary: GigRequestSummary = {
      total: 23,
      played: 15,
      declined: 3,
      waiting: 5,
      top: [
        { id: 11, naziv: 'Zažmuri', count: 7 },
        { id: 12, naziv: 'Đurđevdan', count: 4 },
        { id: 13, naziv: 'Lutka sa naslovne strane', count: 1 },
      ],
      timeline: [
        { at: '2026-11-21T20:00:00.000Z', count: 9 },
        { at: '2026-11-21T20:15:00.000Z', count: 0 },
        { at: '2026-11-21T20:30:00.000Z', count: 14 },
      ],
    };
    const { server } = await openEditGig(json(200, summary));
    const section = await screen.findByRole('region', { name: 'Requests' });
    expect(within(section).getByText('23 in all: 15 played, 3 declined, 5 waiting.')).toBeInTheDocument();
    expect(within(section).getByRole('heading', { name: 'Most requested' })).toBeInTheDocument();
    const items = within(within(section).getByRole('list', { name: 'Most requested songs' })).getAllByRole(
      'listitem',
    );
    expect(items.map((item) => item.textContent)).toEqual([
      'Zažmuri7 requests',
      'Đurđevdan4 requests',
      'Lutka sa naslovne strane1 request',
    ]);
    const chart = within(section).getByRole('list', { name: 'Requests over time' });
    expect(
      within(chart)
        .getAllByRole('listitem')
        .map((bar) => bar.getAttribute('aria-label')?.split(': ')[1]),
    ).toEqual(['9', '0', '14']);
    // 20:00 UTC is 21:00 in Belgrade in November; English in the device's region (en-US here).
    expect(within(chart).getAllByRole('listitem')[0]).toHaveAttribute('aria-label', '9:00 PM: 9');
    expect(within(section).getByRole('button', { name: 'Download report (CSV)' })).toBeEnabled();
    const call = server.callsTo(SUMMARY_URL)[0];
    expect(call.headers.get('Authorization')).toBe(`Bearer ${BAND_ADMIN.token}`);
  });

  it('leaves the rest of Edit Gig working when the summary cannot be loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined); // the failed query is logged
    const { server } = await openEditGig(json(500, { message: 'Server Error' }));
    await waitFor(() => expect(server.callsTo(SUMMARY_URL)).toHaveLength(1));
    await settle(150);
    expect(screen.queryByRole('region', { name: 'Requests' })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Band URL' })).toHaveValue(GIG.band_url);
    // Not retried.
    expect(server.callsTo(SUMMARY_URL)).toHaveLength(1);
  });
});
