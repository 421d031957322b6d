/**
 * A search's total is counted up to SEARCH_TOTAL_CAP matches (issue 25, point 1): past it the list
 * answers the cap with `more_than_total`, and its pages go on to the last match; at or under it the
 * total is exact. A list without a search always has its exact total.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PAGE_SIZE, SEARCH_TOTAL_CAP } from '../../src/shared/constants.js';
import { buildTestApp, call, type TestApp } from './helpers.js';
import { seedPeople, type People } from './fixtures.js';

let t: TestApp;
let people: People;

const CREATED = '2026-01-01T00:00:00.000Z';
/** Thirty more than the cap, so that a search for all of them is over it. */
const OWN = SEARCH_TOTAL_CAP + 30;

beforeEach(async () => {
  t = await buildTestApp();
  people = await seedPeople(t.app);
});
afterEach(() => t.close());

/** Songs written straight to the table, in batches (as an import would, without its checks). */
async function addSongs(band: number, titles: string[], visibility: number) {
  for (let i = 0; i < titles.length; i += 200) {
    await t.app.db
      .insertInto('songs')
      .values(
        titles.slice(i, i + 200).map((naziv) => ({
          band_id: band,
          created_by: null,
          naziv,
          search: naziv.toLowerCase(),
          performer_id: null,
          visibility,
          slika: null,
          resursi: null,
          resource_file: null,
          created_at: CREATED,
        })),
      )
      .execute();
  }
}

async function page(path: string, query: string, pg: number) {
  const response = await call(t.app, 'GET', `/api/admin/${path}?pg=${pg}&${query}`, {
    token: people.tokens.owner,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { data: { naziv: string }[]; total: number; more_than_total?: boolean };
}

const kolo = (i: number) => `Kolo ${String(i).padStart(4, '0')}`;

describe('a search with more matches than the cap', () => {
  beforeEach(async () => {
    await addSongs(
      people.bandA,
      Array.from({ length: OWN }, (_, i) => kolo(i)),
      0,
    );
    // Another band's: five public ones the owner sees, three private ones it does not.
    await addSongs(
      people.bandB,
      ['Kolo javno 1', 'Kolo javno 2', 'Kolo javno 3', 'Kolo javno 4', 'Kolo javno 5'],
      1,
    );
    await addSongs(people.bandB, ['Kolo tuđe 1', 'Kolo tuđe 2', 'Kolo tuđe 3'], 0);
  });

  it('answers the cap with more_than_total, and pages on to the last match in name order', async () => {
    const visible = OWN + 5;
    const first = await page('songs', 'o=1&q=kolo', 0);
    expect(first.total).toBe(SEARCH_TOTAL_CAP);
    expect(first.more_than_total).toBe(true);
    expect(first.data.map((row) => row.naziv)).toEqual(Array.from({ length: PAGE_SIZE }, (_, i) => kolo(i)));
    // The page past the cap still has rows, and the last page ends with the other band's public songs.
    const pastCap = await page('songs', 'o=1&q=kolo', SEARCH_TOTAL_CAP / PAGE_SIZE);
    expect(pastCap.data.map((row) => row.naziv)).toEqual(
      Array.from({ length: PAGE_SIZE }, (_, i) => kolo(SEARCH_TOTAL_CAP + i)),
    );
    const lastPage = Math.floor(visible / PAGE_SIZE);
    const last = await page('songs', 'o=1&q=kolo', lastPage);
    expect(last.data.map((row) => row.naziv)).toEqual([
      ...Array.from({ length: OWN - lastPage * PAGE_SIZE }, (_, i) => kolo(lastPage * PAGE_SIZE + i)),
      'Kolo javno 1',
      'Kolo javno 2',
      'Kolo javno 3',
      'Kolo javno 4',
      'Kolo javno 5',
    ]);
    expect((await page('songs', 'o=1&q=kolo', lastPage + 1)).data).toEqual([]);
  });

  it('is exact at the cap and under it, and without a search', async () => {
    // "kolo 0" is in Kolo 0000 … Kolo 0999: exactly the cap.
    const atCap = await page('songs', 'o=2&q=kolo%200', 0);
    expect(atCap.total).toBe(SEARCH_TOTAL_CAP);
    expect(atCap.more_than_total).toBeUndefined();
    const under = await page('songs', 'o=1&q=kolo%201', 0);
    expect(under.total).toBe(OWN - SEARCH_TOTAL_CAP);
    expect(under.more_than_total).toBeUndefined();
    const others = await page('songs', 'o=3&q=kolo', 0);
    expect([others.total, others.more_than_total]).toEqual([5, undefined]);
    const all = await page('songs', 'o=1', 0);
    expect([all.total, all.more_than_total]).toEqual([OWN + 5, undefined]);
  });

  it('finds a search whose matches are all in another band’s public songs, the own part having none', async () => {
    const body = await page('songs', 'o=1&q=javno', 0);
    expect(body.total).toBe(5);
    expect(body.data.map((row) => row.naziv)).toEqual([
      'Kolo javno 1',
      'Kolo javno 2',
      'Kolo javno 3',
      'Kolo javno 4',
      'Kolo javno 5',
    ]);
  });
});

it('caps the performers list the same way', async () => {
  const names = Array.from(
    { length: SEARCH_TOTAL_CAP + 1 },
    (_, i) => `Tamburaši ${String(i).padStart(4, '0')}`,
  );
  for (let i = 0; i < names.length; i += 200) {
    await t.app.db
      .insertInto('performers')
      .values(
        names.slice(i, i + 200).map((naziv) => ({
          band_id: people.bandA,
          created_by: null,
          naziv,
          search: naziv.toLowerCase().replace('š', 's'),
          created_at: CREATED,
          slika: null,
          visibility: 0,
        })),
      )
      .execute();
  }
  const first = await page('performers', 'o=2&q=tamburasi', 0);
  expect([first.total, first.more_than_total]).toEqual([SEARCH_TOTAL_CAP, true]);
  const last = await page('performers', 'o=2&q=tamburasi', SEARCH_TOTAL_CAP / PAGE_SIZE);
  expect(last.data.map((row) => row.naziv)).toEqual([names.at(-1)]);
});
