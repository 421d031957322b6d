import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BandPage } from '../../src/client/live/band/BandPage';
import type { LiveQueue } from '../../src/client/live/band/types';
import { BAND_ADMIN, VIEWER, fakeFetch, json, signIn } from './helpers';
import { GIG_TOKEN, entry, stubWebSocket } from './live-fixtures';

/** Issue 27, point 2: the stage view's chord chart, its key for the band and for tonight. */
vi.mock('../../src/client/live/band/cue', () => ({ chime: vi.fn() }));

const LIVE = `/api/admin/live/${GIG_TOKEN}`;
const SONG = `${LIVE}/songs/12`;
const CHART = '{key: G}\n{start_of_chorus}\n[G]Proljeće na [D]moje rame\n{end_of_chorus}';

const queue = (can_edit: boolean): LiveQueue => ({
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
  queue: [
    { ...entry(12, 'Đurđevdan', 1, 'Bijelo Dugme'), resource: '/uploads/d.pdf', resursi: null, chart: true },
  ],
  can_edit,
  notifications: false,
});

const chartAnswer = (keys = { band: null, gig: null } as object, can_set_band = true) => ({
  song_id: 12,
  naziv: 'Đurđevdan',
  performer: 'Bijelo Dugme',
  tonalitet: 'G',
  tempo: 96,
  trajanje: 210,
  akordi: CHART,
  keys,
  can_set_band,
});

async function openChart(
  who = BAND_ADMIN,
  answer = chartAnswer(),
  keyAnswer: object = { band: null, gig: null },
) {
  signIn(who);
  const server = fakeFetch({
    [`GET ${LIVE}`]: json(200, queue(who !== VIEWER)),
    [`GET ${SONG}/chart`]: json(200, answer),
    [`POST ${SONG}/key`]: json(200, keyAnswer),
  });
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={[`/band/${GIG_TOKEN}`]}>
      <Routes>
        <Route path="/band/:token" element={<BandPage />} />
      </Routes>
    </MemoryRouter>,
  );
  await user.click(await screen.findByRole('button', { name: 'Open Đurđevdan' }));
  const stage = await screen.findByRole('dialog', { name: 'Đurđevdan' });
  await within(stage).findByRole('region', { name: 'Chorus' });
  return { user, server, stage };
}

const chords = (stage: HTMLElement) => [...stage.querySelectorAll('[data-chord]')].map((c) => c.textContent);

beforeEach(() => {
  stubWebSocket();
});

describe('the stage view’s chord chart', () => {
  it('opens on the chart, its chords over the words and the key, the file a tap away', async () => {
    const { user, stage } = await openChart();
    expect(chords(stage)).toEqual(['G', 'D']);
    expect(within(stage).getByText('G').nextSibling).toHaveTextContent('Proljeće');
    expect(within(stage).getByTestId('stage-key')).toHaveTextContent('Key: G');
    await user.click(within(stage).getByRole('button', { name: 'Show the file' }));
    expect(within(stage).getByTitle('Đurđevdan (PDF)')).toBeInTheDocument();
    await user.click(within(stage).getByRole('button', { name: 'Show the chart' }));
    expect(await within(stage).findByRole('region', { name: 'Chorus' })).toBeInTheDocument();
  });

  it('a band admin’s transposition is kept for the band', async () => {
    const { user, server, stage } = await openChart(BAND_ADMIN, chartAnswer(), {
      band: { transpose: 1, capo: 0 },
      gig: null,
    });
    expect(within(stage).getByRole('switch', { name: 'Tonight only' })).not.toBeChecked();
    await user.click(within(stage).getByRole('button', { name: 'Transpose up a semitone' }));
    await waitFor(() => expect(chords(stage)).toEqual(['Ab', 'Eb']));
    expect(within(stage).getByTestId('stage-key')).toHaveTextContent('Key: Ab');
    expect(server.callsTo(`POST ${SONG}/key`).map((call) => call.body)).toEqual([
      { scope: 'band', transpose: 1, capo: 0 },
    ]);
  });

  it('opens in tonight’s key over the band’s, and goes back to the band’s', async () => {
    const keys = { band: { transpose: 2, capo: 0 }, gig: { transpose: -2, capo: 3 } };
    const { user, server, stage } = await openChart(BAND_ADMIN, chartAnswer(keys), {
      band: keys.band,
      gig: null,
    });
    expect(within(stage).getByRole('switch', { name: 'Tonight only' })).toBeChecked();
    // F sounding, played with a capo on the 3rd fret as D.
    expect(within(stage).getByTestId('stage-key')).toHaveTextContent('Key: Fcapo 3, chords as in D');
    expect(chords(stage)).toEqual(['D', 'A']);
    await user.click(within(stage).getByRole('button', { name: 'Back to the band’s key' }));
    await waitFor(() => expect(chords(stage)).toEqual(['A', 'E']));
    expect(server.callsTo(`POST ${SONG}/key`).map((call) => call.body)).toEqual([{ scope: 'gig' }]);
  });

  it('a viewer sets tonight’s key only', async () => {
    const { user, server, stage } = await openChart(VIEWER, chartAnswer(undefined, false), {
      band: null,
      gig: { transpose: 0, capo: 1 },
    });
    const tonight = within(stage).getByRole('switch', { name: 'Tonight only' });
    expect(tonight).toBeChecked();
    expect(tonight).toBeDisabled();
    expect(within(stage).queryByRole('button', { name: /^Played/ })).not.toBeInTheDocument();
    await user.click(within(stage).getByRole('button', { name: 'Capo up a fret' }));
    await waitFor(() => expect(chords(stage)).toEqual(['F#', 'C#']));
    expect(server.callsTo(`POST ${SONG}/key`).map((call) => call.body)).toEqual([
      { scope: 'gig', transpose: 0, capo: 1 },
    ]);
  });
});
