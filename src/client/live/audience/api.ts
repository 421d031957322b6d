import type { LiveQueueEntry } from '../../../shared/live-events';
import type { QueuePace } from '../../../shared/queue-wait';
import { createCsrfFetch } from '../../providers/csrfFetch';
import { type Problem, texts } from './texts';

/** The audience page's calls (issue "Live gig night"): CSRF cookie first, the device id on each call. */

export interface PublicGig {
  gig: {
    naziv: string;
    lokacija: string;
    pocetak: string;
    active: boolean;
    /** Guests may send a short message with a request (issue 13, point 5). */
    allow_messages: boolean;
    band: { naziv: string; picture: string | null };
  };
  songs: { id: number; naziv: string; performer: string | null }[];
  queue: LiveQueueEntry[];
  /** How the night goes: each waiting song's place and wait (issue 29). */
  pace?: QueuePace;
}

export interface MyRequest {
  id: number;
  song_id: number;
  naziv: string;
  status: 'waiting' | 'played' | 'declined';
  created_at: string;
}

/** An answer other than success, with what the API said (the page words it in the guest's language). */
export class RequestRefused extends Error {
  readonly reason?: string;
  constructor(readonly problem: Problem) {
    super(problem.message);
    this.reason = problem.reason;
  }
}

const DEVICE_KEY = 'encore-device';

/** An anonymous id kept in this browser; crypto.randomUUID needs https, getRandomValues does not. */
export function deviceId(): string {
  let id = localStorage.getItem(DEVICE_KEY);
  if (!id) {
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    id = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
    localStorage.setItem(DEVICE_KEY, id);
  }
  return id;
}

/** Reads need no CSRF cookie, so a guest's first look at the gig waits for nothing. */
const csrf = createCsrfFetch({ writesOnly: true });

async function call<T>(path: string, init: RequestInit = {}): Promise<T> {
  let response: Response;
  try {
    response = await csrf.fetch(path, {
      ...init,
      headers: { Accept: 'application/json', 'Content-Type': 'application/json', 'X-Device-Id': deviceId() },
    });
  } catch {
    throw new RequestRefused({
      message: texts('en').noConnection,
      reason: 'offline',
    });
  }
  const body = (await response.json().catch(() => ({}))) as T & Partial<Problem>;
  if (!response.ok) {
    // An answer without the API's words (a proxy's error page): the page says the status itself.
    throw new RequestRefused({
      ...body,
      ...(body.message ? {} : { reason: 'failed' }),
      message: body.message ?? texts('en').failed(response.status),
      status: response.status,
    });
  }
  return body;
}

export const loadGig = (token: string) => call<PublicGig>(`/api/public/gig/${token}`);

export const loadMine = async (token: string) =>
  (await call<{ requests: MyRequest[] }>(`/api/public/gig/${token}/mine`)).requests;

export const requestSong = (token: string, songId: number, message?: string) =>
  call<{ message: string; duplicate: boolean; me_too: boolean; count: number; request: MyRequest }>(
    `/api/public/gig/${token}/requests`,
    {
      method: 'POST',
      body: JSON.stringify(message ? { song_id: songId, message } : { song_id: songId }),
    },
  );

/** A search that found none of the gig's songs, counted for the band (issue 29, point 4). */
export const reportSearchMiss = (token: string, q: string) =>
  call<unknown>(`/api/public/gig/${token}/search-misses`, { method: 'POST', body: JSON.stringify({ q }) });
