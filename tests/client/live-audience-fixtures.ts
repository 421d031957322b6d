/**
 * The audience page (plain TypeScript, src/client/live/audience/main.ts) booted in happy-dom: the API
 * answered by a stub of fetch, the live channel by FakeWebSocket, the phone's languages chosen.
 */
import { vi } from 'vitest';
import type { LiveQueueEntry } from '../../src/shared/live-events';
import { lastSocket, snapshot, stubWebSocket } from './live-fixtures';

export const AUDIENCE_TOKEN = 'tok-audience-123';

export interface AudienceGig {
  naziv: string;
  lokacija: string;
  pocetak: string;
  active: boolean;
  allow_messages?: boolean;
  band: { naziv: string; picture: string | null };
}

export interface Mine {
  id: number;
  song_id: number;
  naziv: string;
  status: 'waiting' | 'played' | 'declined';
  created_at: string;
}

export interface Boot {
  gig?: Partial<AudienceGig>;
  songs?: { id: number; naziv: string; performer: string | null }[];
  queue?: LiveQueueEntry[];
  mine?: Mine[];
  languages?: string[];
  /** Answers POST /requests (status and body); a 201 for the song asked by default. */
  answer?: (body: { song_id: number; message?: string }) => { status: number; body: unknown };
}

export const SONGS = [
  { id: 11, naziv: 'Zažmuri', performer: 'Bajaga' },
  { id: 12, naziv: 'Đurđevdan', performer: 'Bijelo Dugme' },
  { id: 13, naziv: 'Plavi safir', performer: null },
];

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Starts the page at /g/<token> and waits until it has drawn the gig. */
export async function bootAudience(options: Boot = {}) {
  const gig: AudienceGig = {
    naziv: 'Petak u Kafani',
    lokacija: 'Skadarlija, Beograd',
    pocetak: '2026-12-31T20:00',
    active: true,
    band: { naziv: 'The Encores', picture: null },
    ...options.gig,
  };
  const posted: { song_id: number; message?: string }[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.startsWith('/sanctum/')) return new Response(null, { status: 204 });
    if (url === `/api/public/gig/${AUDIENCE_TOKEN}`)
      return json(200, { gig, songs: options.songs ?? SONGS, queue: options.queue ?? [] });
    if (url === `/api/public/gig/${AUDIENCE_TOKEN}/mine`) return json(200, { requests: options.mine ?? [] });
    if (url === `/api/public/gig/${AUDIENCE_TOKEN}/requests` && init?.method === 'POST') {
      const body = JSON.parse(String(init.body)) as { song_id: number; message?: string };
      posted.push(body);
      const answer = options.answer?.(body);
      if (answer) return json(answer.status, answer.body);
      const song = (options.songs ?? SONGS).find((s) => s.id === body.song_id)!;
      return json(201, {
        success: true,
        duplicate: false,
        me_too: false,
        count: 1,
        message: `You asked for “${song.naziv}”.`,
        request: { id: 900 + posted.length, song_id: song.id, naziv: song.naziv, status: 'waiting' },
      });
    }
    return json(404, { message: 'Not found.' });
  });
  vi.stubGlobal('fetch', fetch);
  stubWebSocket();
  const vibrate = vi.fn(() => true);
  Object.defineProperty(navigator, 'vibrate', { value: vibrate, configurable: true });
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(options.languages ?? ['en-US', 'en']);
  vi.spyOn(navigator, 'language', 'get').mockReturnValue((options.languages ?? ['en-US'])[0]);

  document.documentElement.lang = 'en';
  document.body.innerHTML = '<main id="app" aria-busy="true"><p class="loading">Loading the gig…</p></main>';
  history.replaceState(null, '', `/g/${AUDIENCE_TOKEN}`);
  vi.resetModules();
  await import('../../src/client/live/audience/main');
  const app = document.getElementById('app')!;
  await vi.waitFor(() => {
    if (app.getAttribute('aria-busy') === 'true') throw new Error('still loading');
  });
  return {
    app,
    fetch,
    posted,
    vibrate,
    /**
     * The live channel's socket, opened and given the queue; the guest's requests, which the page
     * loads again on every (re)connect, have arrived by then.
     */
    async live(queue: LiveQueueEntry[] = options.queue ?? [], version = 1, active = gig.active) {
      const socket = lastSocket();
      const loads = () => fetch.mock.calls.filter(([url]) => String(url).endsWith('/mine')).length;
      const before = loads();
      socket.open();
      socket.receive(snapshot(version, queue, active, AUDIENCE_TOKEN));
      await vi.waitFor(() => {
        if (loads() === before) throw new Error('the guest’s requests were not loaded');
      });
      // Their answer is drawn after its JSON is read.
      await new Promise((resolve) => setTimeout(resolve, 0));
      return socket;
    },
  };
}
