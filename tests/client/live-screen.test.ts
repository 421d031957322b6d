/**
 * The venue screen (issue 13, point 2), booted in happy-dom: the gig, its QR code and link, up next,
 * just played and the most requested songs, kept live by the channel, in the room's language.
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { changeEvent, entry, lastSocket, snapshot, stubWebSocket } from './live-fixtures';

const TOKEN = 'tok-screen-123';
const ZAZMURI = entry(11, 'Zažmuri', 2, 'Bajaga');
const LUTKA = entry(13, 'Lutka sa naslovne strane', 1);

const DATA = {
  gig: {
    naziv: 'Petak u Kafani',
    lokacija: 'Skadarlija, Beograd',
    pocetak: '2026-12-31T20:00',
    active: true,
    band: { naziv: 'The Encores', picture: null },
  },
  link: 'http://192.168.1.20:3000/r/the-encores',
  queue: [ZAZMURI],
  pace: { gap_seconds: null, default_seconds: 240, out_of_turn: false },
  played: [{ song_id: 12, naziv: 'Đurđevdan', performer: 'Bijelo Dugme', at: '2026-12-31T20:30:00.000Z' }],
  top: [
    { song_id: 11, naziv: 'Zažmuri', performer: 'Bajaga', count: 2 },
    { song_id: 12, naziv: 'Đurđevdan', performer: 'Bijelo Dugme', count: 1 },
  ],
};

async function bootScreen(answers: unknown[], languages = ['en-GB']) {
  const fetch = vi.fn(async () => {
    const body = answers.length > 1 ? answers.shift() : answers[0];
    return new Response(JSON.stringify(body), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetch);
  stubWebSocket();
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languages);
  document.body.innerHTML = '<main id="screen" aria-busy="true"></main>';
  history.replaceState(null, '', `/screen/${TOKEN}`);
  vi.resetModules();
  await import('../../src/client/live/screen/main');
  await screen.findByRole('heading', { level: 1, name: 'Petak u Kafani' });
  return fetch;
}

const section = (name: string) => screen.getByRole('region', { name });

describe('the venue screen', () => {
  it('shows the gig, the QR code of its link, up next with counts, just played and the most requested', async () => {
    const fetch = await bootScreen([DATA]);
    expect(fetch).toHaveBeenCalledWith(`/api/public/gig/${TOKEN}/screen`, expect.anything());
    expect(screen.getByText('The Encores')).toBeInTheDocument();
    const qr = screen.getByRole('img', { name: DATA.link });
    expect(qr.getAttribute('src')).toMatch(new RegExp(`^/api/public/gig/${TOKEN}/qr\\.png`));
    expect(screen.getByText('192.168.1.20:3000/r/the-encores')).toBeInTheDocument();
    expect(within(section('Up next')).getByText('×2')).toBeInTheDocument();
    expect(within(section('Up next')).getByText('Zažmuri')).toBeInTheDocument();
    expect(within(section('Just played')).getByText('Đurđevdan')).toBeInTheDocument();
    expect(within(section('Most requested tonight')).getByText('2 requests')).toBeInTheDocument();
  });

  it('follows the queue live and reads the rest again after a request', async () => {
    const later = { ...DATA, queue: [ZAZMURI, LUTKA], top: [...DATA.top, { ...LUTKA, count: 1 }] };
    const fetch = await bootScreen([DATA, later]);
    const socket = lastSocket();
    socket.open();
    socket.receive(snapshot(1, [ZAZMURI], true, TOKEN));
    socket.receive(
      changeEvent(2, { kind: 'requested', song_id: 13, request_ids: [5], entry: LUTKA }, true, TOKEN),
    );
    // Each render draws the sections anew: look them up each time.
    await vi.waitFor(() =>
      expect(within(section('Up next')).getByText('Lutka sa naslovne strane')).toBeInTheDocument(),
    );
    // Read again on connecting and after the request.
    await vi.waitFor(() => expect(fetch.mock.calls.length).toBeGreaterThanOrEqual(3));
    expect(
      await within(section('Most requested tonight')).findByText('Lutka sa naslovne strane'),
    ).toBeInTheDocument();
  });

  it('says about when the next three songs come, and why not while the band plays out of order', async () => {
    // Zažmuri lasts 5 minutes; the others' length is not known: the band's 4 minutes a song.
    const ahead = [
      entry(11, 'Zažmuri', 2, 'Bajaga', undefined, undefined, 300),
      LUTKA,
      entry(14, 'Tišina'),
      entry(15, 'Ne lomite mi bagrenje'),
    ];
    const outOfTurn = { gap_seconds: null, default_seconds: 240, out_of_turn: true };
    await bootScreen([
      { ...DATA, queue: ahead },
      { ...DATA, queue: ahead.slice(1), pace: outOfTurn },
    ]);
    const upNext = section('Up next');
    // The first is up next; the second and third in about 5 and 5 + 4 minutes; the rest say nothing.
    expect(
      within(upNext)
        .getAllByText(/^in about/)
        .map((line) => line.textContent),
    ).toEqual(['in about 5 minutes', 'in about 9 minutes']);

    const socket = lastSocket();
    socket.open();
    socket.receive(snapshot(1, ahead, true, TOKEN));
    socket.receive(
      changeEvent(2, { kind: 'played', song_id: 11, request_ids: [3], pace: outOfTurn }, true, TOKEN),
    );
    // Each render draws the sections anew: look them up each time.
    await vi.waitFor(() =>
      expect(
        within(section('Up next')).getByText('No times: the band is playing out of order.'),
      ).toBeInTheDocument(),
    );
    expect(within(section('Up next')).queryByText(/^in about/)).toBeNull();
  });

  it('speaks Serbian in a Serbian room', async () => {
    await bootScreen([{ ...DATA, queue: [ZAZMURI, LUTKA] }], ['sr-RS']);
    expect(within(section('Sledeće na redu')).getByText('za oko 4 minuta')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Sledeće na redu' })).toBeInTheDocument();
    expect(screen.getByText('Skenirajte i zatražite pesmu')).toBeInTheDocument();
    expect(within(section('Najtraženije večeras')).getByText('2 zahteva')).toBeInTheDocument();
  });
});
