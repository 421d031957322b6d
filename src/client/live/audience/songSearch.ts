import {
  SEARCH_MISS_DEBOUNCE_MS,
  SEARCH_MISS_MAX_LENGTH,
  SEARCH_MISS_MIN_LENGTH,
} from '../../../shared/constants';
import { foldForSearch, foldLetters, foldQuery } from '../../../shared/search';
import type { PublicGig } from './api';

type Song = PublicGig['songs'][number];

/** The gig's songs whose title or performer hold the guest's search (diacritics and case aside). */
export function matchingSongs(songs: Song[], filter: string): Song[] {
  const words = foldQuery(filter);
  return songs.filter((song) => foldForSearch(`${song.naziv} ${song.performer ?? ''}`).includes(words));
}

/**
 * Reports the guest's searches that find nothing (issue 29, point 4), so the band learns what its
 * audience looks for: once the guest has stopped typing for a moment, each text once per page load
 * (a guest going back and forth over one word is one miss). Only the text goes; the server folds it.
 */
export function searchMissReporter(report: (q: string) => Promise<unknown>) {
  const reported = new Set<string>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  return (songs: Song[], filter: string) => {
    clearTimeout(timer);
    const text = foldLetters(filter);
    const length = [...text].length;
    if (length < SEARCH_MISS_MIN_LENGTH || length > SEARCH_MISS_MAX_LENGTH || reported.has(text)) return;
    if (matchingSongs(songs, filter).length > 0) return;
    timer = setTimeout(() => {
      reported.add(text);
      // Counting is a courtesy to the band: a failure is not the guest's business.
      report(filter).catch(() => undefined);
    }, SEARCH_MISS_DEBOUNCE_MS);
  };
}
