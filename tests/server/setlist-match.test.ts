import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setlistLine } from '../../src/server/routes/setlist-match.js';
import { catalogue } from './fixtures-gigs.js';
import { seedPeople, type People } from './fixtures.js';
import { buildTestApp, call, type TestApp } from './helpers.js';
import { turnsDuring } from './turns.js';

let t: TestApp;
let people: People;
let ids: Record<string, number>;
let playlist: number;

beforeAll(async () => {
  t = await buildTestApp();
  people = await seedPeople(t.app);
  const c = catalogue(t.app, people);
  const bajaga = await c.addPerformer('Bajaga');
  const balasevic = await c.addPerformer('Đorđe Balašević');
  const colic = await c.addPerformer('Zdravko Čolić', { who: 'outsider', visible: true });
  ids = {
    djurdjevdan: await c.addSong('Đurđevdan', bajaga),
    lutka: await c.addSong('Lutka sa naslovne strane', balasevic),
    krv: await c.addSong('Ti si mi u krvi', colic, { who: 'outsider', visible: true }),
    tajna: await c.addSong('Tajna ljubav', colic, { who: 'outsider' }),
    djurdjevdanColic: await c.addSong('Đurđevdan', colic, { who: 'outsider', visible: true }),
  };
  playlist = await c.addPlaylist('Svadba');
});
afterAll(() => t.close());

const match = (text: string, who: 'owner' | 'outsider' | 'viewer' = 'owner', id = playlist) =>
  call(t.app, 'POST', `/api/admin/playlist/${id}/match-setlist`, {
    token: people.tokens[who],
    body: { text },
  });

describe('setlist lines', () => {
  it.each([
    ['3. Đurđevdan - Bajaga', 'Đurđevdan', 'Bajaga'],
    ['12) Lutka sa naslovne strane – Đorđe Balašević', 'Lutka sa naslovne strane', 'Đorđe Balašević'],
    ['Jugo-45', 'Jugo-45', null],
    ['Ti si mi u krvi\tZdravko Čolić', 'Ti si mi u krvi', 'Zdravko Čolić'],
  ])('%s', (text, title, performer) => {
    expect(setlistLine(text)).toEqual({ title, performer });
  });
});

describe('POST /api/admin/playlist/{id}/match-setlist', () => {
  it('matches folded titles in order, the performer breaking ties; offers a close guess; lists misses', async () => {
    const response = await match(
      [
        '1. Djurdjevdan - Zdravko Colic',
        '2. LUTKA SA NASLOVNE STRANE',
        '',
        '3. Ti si mi u krv',
        '4. Tajna ljubav',
        '5. Nepostojeća pesma - Niko',
      ].join('\n'),
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().lines).toEqual([
      {
        line: 1,
        title: 'Djurdjevdan',
        performer: 'Zdravko Colic',
        match: {
          id: ids.djurdjevdanColic,
          naziv: 'Đurđevdan',
          slika: null,
          nazivizvodjaca: 'Zdravko Čolić',
          exact: true,
        },
      },
      {
        line: 2,
        title: 'LUTKA SA NASLOVNE STRANE',
        performer: null,
        match: {
          id: ids.lutka,
          naziv: 'Lutka sa naslovne strane',
          slika: null,
          nazivizvodjaca: 'Đorđe Balašević',
          exact: true,
        },
      },
      {
        line: 4,
        title: 'Ti si mi u krv',
        performer: null,
        match: {
          id: ids.krv,
          naziv: 'Ti si mi u krvi',
          slika: null,
          nazivizvodjaca: 'Zdravko Čolić',
          exact: false,
        },
      },
      // Another band's private song is not offered.
      { line: 5, title: 'Tajna ljubav', performer: null, match: null },
      { line: 6, title: 'Nepostojeća pesma', performer: 'Niko', match: null },
    ]);
  });

  // SQLite refuses a LIKE pattern past 50,000 bytes ("LIKE or GLOB pattern too complex"): such lines
  // answered 500. A title longer than any song's cannot match one anyway.
  it.each([
    ['a title of 49,999 letters', 'x'.repeat(49_999)],
    ['a title of 25,000 wildcards', '%'.repeat(25_000)],
    ['a title of 10,000 words', 'krvi '.repeat(10_000).trim()],
  ])('%s finds no song', async (_, text) => {
    const response = await match(text);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().lines).toEqual([{ line: 1, title: text, performer: null, match: null }]);
  });

  it('matches wildcard characters literally', async () => {
    const response = await match(['%', '_', '%%%%%%%%%%%%%%%', 'Ti si mi % u krvi', '\\%'].join('\n'));
    expect(response.statusCode, response.body).toBe(200);
    expect(
      response.json().lines.map((line: { match: { id: number } | null }) => line.match?.id ?? null),
    ).toEqual([null, null, null, ids.krv, null]);
  });

  // On SQLite every query holds the event loop: a 300-line setlist held it for seconds at 60,000 songs.
  it('gives the event loop a turn between lines', async () => {
    const text = Array.from({ length: 300 }, (_, i) => `${i + 1}. Nepoznata pesma ${i} - Niko`).join('\n');
    const { result, turns } = await turnsDuring(() => match(text));
    expect(result.statusCode, result.body).toBe(200);
    expect(result.json().lines).toHaveLength(300);
    expect(turns).toBeGreaterThanOrEqual(200);
  });

  it("is for the playlist's own band", async () => {
    expect((await match('Đurđevdan', 'viewer')).statusCode).toBe(403);
    expect((await match('Đurđevdan', 'outsider')).statusCode).toBe(404);
    expect((await match('Đurđevdan', 'owner', 999_999)).statusCode).toBe(404);
  });
});
