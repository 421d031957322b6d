import { useEffect, useRef, useState } from 'react';
import { httpClient } from '../../providers/httpClient';
import { keepPageOffline, linkManifest } from '../offline/serviceWorker';

/** A song the band may open tonight: its chart and its file are kept on the tablet. */
export interface StageSong {
  song_id: number;
  chart?: boolean;
  resource?: string | null;
}

/** Downloads at a time: the tablet keeps the set without crowding the venue's Wi-Fi. */
const AT_ONCE = 4;

async function inTurn(tasks: (() => Promise<unknown>)[]) {
  const queue = [...tasks];
  const worker = async () => {
    for (let task = queue.shift(); task; task = queue.shift()) await task().catch(() => undefined);
  };
  await Promise.all(Array.from({ length: AT_ONCE }, worker));
}

/**
 * Keeps the band page working without the network (issue 27, point 5): once the service worker
 * holds the page, the chart view's code, the gig's queue and set, and every chart and file of
 * tonight's songs (the set's and the queue's) are read through it, so they are on the tablet before
 * the Wi-Fi drops (caching.ts keeps them).
 * `songs`: the queue's and the set's (useRunningOrder). Answers how many songs are kept (undefined until the first round is done, or where no service worker
 * runs).
 */
export function useKeepOffline(token: string, songs: StageSong[] | undefined) {
  const [kept, setKept] = useState<number>();
  /** What this page has read through the service worker already: each is read once per visit. */
  const done = useRef(new Set<string>());
  const warmed = useRef(false);
  // What to keep, as a value: a new queue with the same songs starts no new round.
  const urls = new Set<string>();
  for (const song of songs ?? []) {
    if (song.chart) urls.add(`/api/admin/live/${token}/songs/${song.song_id}/chart`);
    if (song.resource) urls.add(song.resource);
  }
  const count = new Set((songs ?? []).map((song) => song.song_id)).size;
  const wanted = JSON.stringify([...urls]);
  const loaded = songs !== undefined;

  useEffect(() => linkManifest('/band.webmanifest'), []);

  useEffect(() => {
    if (!loaded) return;
    let current = true;
    void (async () => {
      if (!(await keepPageOffline())) return;
      const first = !warmed.current;
      warmed.current = true;
      const fresh = (JSON.parse(wanted) as string[]).filter((url) => !done.current.has(url));
      await inTurn([
        // The first visit read these before the service worker was there: read through it now.
        // (The CSRF cookie's answer lets the panel's API client start a page loaded offline.)
        ...(first
          ? [
              () => import('./ChartStage'),
              () => fetch('/sanctum/csrf-cookie', { credentials: 'include' }),
              () => httpClient(`/api/admin/live/${token}`),
              () => httpClient(`/api/admin/live/${token}/setlist`),
            ]
          : []),
        ...fresh.map((url) => async () => {
          if (url.startsWith('/api/')) await httpClient(url);
          else await fetch(url, { credentials: 'same-origin' });
          done.current.add(url);
        }),
      ]);
      if (current) setKept(count);
    })();
    return () => {
      current = false;
    };
  }, [token, wanted, count, loaded]);

  return kept;
}
