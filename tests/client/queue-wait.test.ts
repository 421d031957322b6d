import { describe, expect, it } from 'vitest';
import { aboutMinutes, type QueuePace, queueWaits, songSeconds, waitOf } from '../../src/shared/queue-wait';
import { placeInLine, waitLine } from '../../src/client/live/audience/texts';
import { type AudienceState, mineView } from '../../src/client/live/audience/view';

/** Issue 29, point 1: the one estimate every live page shows. */

const pace = (over: Partial<QueuePace> = {}): QueuePace => ({
  gap_seconds: null,
  default_seconds: 240,
  out_of_turn: false,
  ...over,
});
const live = (over: Partial<QueuePace> = {}) => ({ active: true, pace: pace(over) });

describe('queueWaits', () => {
  it('counts the durations of the songs ahead, first in line is next', () => {
    const queue = [
      { song_id: 1, trajanje: 480 },
      { song_id: 2, trajanje: 200 },
      { song_id: 3, trajanje: 100 },
    ];
    expect(queueWaits(queue, live())).toEqual([
      { place: 1, kind: 'next' },
      { place: 2, kind: 'about', minutes: 8 },
      // 480 + 200 s = 11 min 20 s
      { place: 3, kind: 'about', minutes: 11 },
    ]);
  });

  it('uses the gig’s own average between played songs for songs of unknown duration', () => {
    const queue = [{ song_id: 1, trajanje: null }, { song_id: 2 }, { song_id: 3, trajanje: 60 }];
    expect(queueWaits(queue, live({ gap_seconds: 300 }))).toEqual([
      { place: 1, kind: 'next' },
      { place: 2, kind: 'about', minutes: 5 },
      { place: 3, kind: 'about', minutes: 10 },
    ]);
  });

  it('falls back to the band’s default per song before two songs were played', () => {
    const queue = [{ song_id: 1 }, { song_id: 2 }, { song_id: 3 }];
    expect(queueWaits(queue, live({ default_seconds: 180 }))[2]).toEqual({
      place: 3,
      kind: 'about',
      minutes: 6,
    });
  });

  it('gives no estimate while requests are paused, only the place', () => {
    const queue = [{ song_id: 1, trajanje: 200 }, { song_id: 2 }];
    expect(queueWaits(queue, { active: false, pace: pace() })).toEqual([
      { place: 1, kind: 'paused' },
      { place: 2, kind: 'paused' },
    ]);
  });

  it('gives no estimate while the band plays out of turn', () => {
    const queue = [{ song_id: 1 }, { song_id: 2 }];
    expect(queueWaits(queue, live({ out_of_turn: true }))).toEqual([
      { place: 1, kind: 'out_of_turn' },
      { place: 2, kind: 'out_of_turn' },
    ]);
  });

  it('finds one song’s wait, none for a song not waiting', () => {
    const queue = [
      { song_id: 7, trajanje: 240 },
      { song_id: 9, trajanje: 240 },
    ];
    expect(waitOf(queue, live(), 9)).toEqual({ place: 2, kind: 'about', minutes: 4 });
    expect(waitOf(queue, live(), 5)).toBeUndefined();
  });
});

describe('the rounding', () => {
  it('says at least a minute, to the minute up to 20, then to 5 minutes', () => {
    expect(aboutMinutes(10)).toBe(1);
    expect(aboutMinutes(89)).toBe(1);
    expect(aboutMinutes(91)).toBe(2);
    expect(aboutMinutes(20 * 60)).toBe(20);
    expect(aboutMinutes(23 * 60)).toBe(25);
    expect(aboutMinutes(47 * 60)).toBe(45);
  });

  it('takes a song’s own duration only when it is a real one', () => {
    expect(songSeconds({ song_id: 1, trajanje: 0 }, pace({ gap_seconds: 200 }))).toBe(200);
    expect(songSeconds({ song_id: 1, trajanje: 95 }, pace({ gap_seconds: 200 }))).toBe(95);
  });
});

describe('the audience page’s words for it', () => {
  it('says the place with English ordinals and the Serbian "N. na redu"', () => {
    expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101].map((n) => placeInLine('en', n))).toEqual([
      '1st in line',
      '2nd in line',
      '3rd in line',
      '4th in line',
      '11th in line',
      '12th in line',
      '13th in line',
      '21st in line',
      '22nd in line',
      '23rd in line',
      '101st in line',
    ]);
    expect(placeInLine('sr', 3)).toBe('3. na redu');
  });

  it('says the wait, or why there is none, in both languages', () => {
    expect(waitLine('en', { place: 2, kind: 'about', minutes: 8 })).toBe('2nd in line · in about 8 minutes');
    expect(waitLine('en', { place: 1, kind: 'next' })).toBe('1st in line · up next');
    expect(waitLine('en', { place: 3, kind: 'paused' })).toBe(
      '3rd in line · no estimate while requests are paused',
    );
    expect(waitLine('en', { place: 3, kind: 'out_of_turn' })).toBe(
      '3rd in line · no estimate: the band is playing out of order',
    );
    expect(waitLine('sr', { place: 2, kind: 'about', minutes: 8 })).toBe('2. na redu · za oko 8 minuta');
    expect(waitLine('sr', { place: 3, kind: 'out_of_turn' })).toBe(
      '3. na redu · bez procene: bend ne svira po redu',
    );
  });

  it('shows it under each of the guest’s waiting requests, and none under a played one', () => {
    const entry = (song_id: number, trajanje: number) => ({
      song_id,
      naziv: `Song ${song_id}`,
      performer: null,
      count: 1,
      first_at: '',
      last_at: '',
      trajanje,
    });
    const state: AudienceState = {
      lang: 'en',
      locale: 'en',
      gig: {
        naziv: 'Gig',
        lokacija: 'Here',
        pocetak: '2026-11-21T20:00',
        active: true,
        allow_messages: false,
        band: { naziv: 'Band', picture: null },
      },
      songs: [],
      queue: [entry(1, 480), entry(2, 200)],
      pace: pace(),
      mine: [
        { id: 9, song_id: 2, naziv: 'Song 2', status: 'waiting', created_at: '' },
        { id: 8, song_id: 5, naziv: 'Song 5', status: 'played', created_at: '' },
      ],
      unsent: [],
      filter: '',
      offline: false,
    } as unknown as AudienceState;
    const list = document.createElement('div');
    for (const node of mineView(state)) if (node) list.append(node);
    expect([...list.querySelectorAll('.standing')].map((node) => node.textContent)).toEqual([
      '2nd in line · in about 8 minutes',
    ]);
  });
});
