/**
 * The audience page reports a search that finds none of the gig's songs (issue 29, point 4): after
 * the guest stops typing, once per text, never a search that finds a song or is too short.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SEARCH_MISS_DEBOUNCE_MS } from '../../src/shared/constants';
import { matchingSongs, searchMissReporter } from '../../src/client/live/audience/songSearch';

const songs = [
  { id: 1, naziv: 'Đurđevdan', performer: 'Bijelo Dugme' },
  { id: 2, naziv: 'Jugo 45', performer: null },
];

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the audience search', () => {
  it('finds songs by title or performer, diacritics aside', () => {
    expect(matchingSongs(songs, 'djurdjevdan').map((s) => s.id)).toEqual([1]);
    expect(matchingSongs(songs, 'DUGME').map((s) => s.id)).toEqual([1]);
    expect(matchingSongs(songs, 'stairway')).toEqual([]);
  });

  it('reports a miss once the guest stops typing, once per text', async () => {
    const report = vi.fn(() => Promise.resolve());
    const note = searchMissReporter(report);
    for (const typed of ['st', 'sta', 'stai', 'stairway']) note(songs, typed);
    await vi.advanceTimersByTimeAsync(SEARCH_MISS_DEBOUNCE_MS - 1);
    expect(report).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(report.mock.calls).toEqual([['stairway']]);
    // The same words again (any case or accents) are not reported twice.
    note(songs, 'STAIRWAY');
    await vi.advanceTimersByTimeAsync(SEARCH_MISS_DEBOUNCE_MS);
    expect(report).toHaveBeenCalledTimes(1);
  });

  it('does not report a search that finds a song, a single letter, or one cleared before the pause', async () => {
    const report = vi.fn(() => Promise.reject(new Error('offline')));
    const note = searchMissReporter(report);
    note(songs, 'jugo');
    note(songs, 'x');
    await vi.advanceTimersByTimeAsync(SEARCH_MISS_DEBOUNCE_MS);
    note(songs, 'nothing here');
    note(songs, 'jug');
    await vi.advanceTimersByTimeAsync(SEARCH_MISS_DEBOUNCE_MS);
    expect(report).not.toHaveBeenCalled();
    // A failed report is not the guest's concern: nothing is thrown.
    note(songs, 'nothing here');
    await vi.advanceTimersByTimeAsync(SEARCH_MISS_DEBOUNCE_MS);
    expect(report).toHaveBeenCalledTimes(1);
  });
});
