import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import type { DeletedPerformer, Performer } from '../../src/client/performers/types';
import type { Song } from '../../src/client/songs/types';
import type { FetchCall, Reply } from './helpers';

/** Sample songs and performers as the API answers them (spec §3), for the songs and performers tests. */

export const song = (fields: Partial<Song> & Pick<Song, 'id' | 'naziv'>): Song => ({
  slika: null,
  nazivizvodjaca: 'Bijelo Dugme',
  idizvodjaca: 3,
  owned: true,
  visibility: false,
  resursi: null,
  resource: null,
  tonalitet: null,
  tempo: null,
  trajanje: null,
  ...fields,
});

export const performer = (fields: Partial<Performer> & Pick<Performer, 'id' | 'naziv'>): Performer => ({
  slika: null,
  owned: true,
  visibility: true,
  ...fields,
});

export const DJURDJEVDAN = song({ id: 5, naziv: 'Đurđevdan' });
export const LUTKA = song({
  id: 6,
  naziv: 'Lutka sa naslovne strane',
  nazivizvodjaca: 'Riblja Čorba',
  idizvodjaca: 4,
  slika: '/uploads/pictures/lutka.png',
});
export const TUDJA = song({
  id: 9,
  naziv: 'Tuđa pesma',
  nazivizvodjaca: 'Ekatarina Velika',
  idizvodjaca: 7,
  owned: false,
  visibility: true,
});

export const BIJELO_DUGME = performer({ id: 3, naziv: 'Bijelo Dugme' });
export const RIBLJA_CORBA = performer({ id: 4, naziv: 'Riblja Čorba', slika: '/uploads/pictures/rc.png' });
export const EKV = performer({ id: 7, naziv: 'Ekatarina Velika', owned: false });

/** The performers a song may name (the song form's picker searches them). */
export const PERFORMER_OPTIONS = [BIJELO_DUGME, RIBLJA_CORBA, EKV];

/** The performer picker's server: the list (os=1, searched by q) and each performer by id. */
export function performerRoutes(): Record<string, Reply> {
  const answer = (body: unknown) =>
    new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
  return {
    'GET /api/admin/performers': (call) => {
      const q = (params(call).get('q') ?? '').toLowerCase();
      const data = PERFORMER_OPTIONS.filter((p) => p.naziv.toLowerCase().includes(q));
      return answer({ data, total: data.length });
    },
    ...Object.fromEntries(
      PERFORMER_OPTIONS.map((p): [string, Reply] => [`GET /api/admin/performer/${p.id}`, () => answer(p)]),
    ),
  };
}

export const performerDeleted = (deleted: Performer, affected: number): DeletedPerformer => ({
  affected_songs: affected,
  deleted_performer: { id: deleted.id, naziv: deleted.naziv, slika: deleted.slika },
});

/** The query of a call, e.g. params(call).get('o'). */
export const params = (call: FetchCall) => new URLSearchParams(call.url.split('?')[1] ?? '');

const answer = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/**
 * A list endpoint answering {data, total} from its query: `rows(query)` gives the rows of the
 * matching items (before paging) and each page is `perPage` of them, as the server pages with pg.
 */
export function listOf<T>(rows: (query: URLSearchParams) => T[], perPage = 20): Reply {
  return (call) => {
    const query = params(call);
    const all = rows(query);
    const page = Number(query.get('pg') ?? 0);
    return answer(200, { data: all.slice(page * perPage, (page + 1) * perPage), total: all.length });
  };
}

/** The list area of a list screen (spec §9: window height minus 300 px, scrolled to load more). */
export const scrollList = () => screen.getByTestId('scroll-list');

/**
 * happy-dom has no layout: gives the list area a fixed size so that it is not "scrolled to its end"
 * until `scrollTo` moves it there.
 */
export function layOut(element: HTMLElement, { clientHeight = 500, scrollHeight = 2000 } = {}) {
  Object.defineProperty(element, 'clientHeight', { configurable: true, value: clientHeight });
  Object.defineProperty(element, 'scrollHeight', { configurable: true, value: scrollHeight });
  Object.defineProperty(element, 'scrollTop', { configurable: true, writable: true, value: 0 });
}

/** Scrolls a laid-out list area to `top` and fires the scroll event the browser would fire. */
export function scrollTo(element: HTMLElement, top: number) {
  element.scrollTop = top;
  fireEvent.scroll(element);
}

/**
 * happy-dom has no URL.createObjectURL: installs one for the current file (pictures preview before
 * upload) and returns the mock; removed after each test.
 */
export function stubObjectUrls() {
  const created = vi.fn((file: Blob) => `blob:preview/${(file as File).name}`);
  const revoked = vi.fn();
  beforeEach(() => {
    Object.defineProperty(URL, 'createObjectURL', { configurable: true, writable: true, value: created });
    Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, writable: true, value: revoked });
  });
  afterEach(() => {
    delete (URL as { createObjectURL?: unknown }).createObjectURL;
    delete (URL as { revokeObjectURL?: unknown }).revokeObjectURL;
    created.mockClear();
    revoked.mockClear();
  });
  return { created, revoked };
}

/** A FormData body's fields as [name, value] pairs, files as 'file <name>'. */
export function formFields(body: unknown): [string, string][] {
  if (!(body instanceof FormData)) throw new Error(`Expected a multipart body, got ${String(body)}`);
  return [...body.entries()].map(([name, value]) => [
    name,
    typeof value === 'string' ? value : `file ${value.name}`,
  ]);
}
