/**
 * Đ in a search (issue 26, point 3): typed as "dj", as "d", or both ways in one word, it finds the
 * names that hold Đ, in every list that searches folded names; a two-letter "dj" finds only the names
 * holding Đ or "dj", and a "j" after a "d" is still found on its own (docs/decisions.md, "Đ in
 * searches").
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TestApp } from './helpers.js';
import { catalogue, type Catalogue } from './fixtures-gigs.js';
import { seedPeople, type People } from './fixtures.js';

let t: TestApp;
let people: People;
let c: Catalogue;

beforeEach(async () => {
  t = await buildTestApp();
  people = await seedPeople(t.app);
  c = catalogue(t.app, people);
  const djordje = await c.addPerformer('Đorđe Balašević');
  const krmak = await c.addPerformer('DJ Krmak');
  const bajaga = await c.addPerformer('Bajaga');
  await c.addSong('Đurđevdan', djordje);
  await c.addSong('Ringišpil', djordje);
  await c.addSong('Noćna smena', krmak);
  await c.addSong('Djurdjevdanski uranak', bajaga);
  await c.addSong('Odjednom', bajaga);
  await c.addSong('Dobro jutro', bajaga);
  await c.addSong('Zažmuri', bajaga);
});
afterEach(() => t.close());

/** The names a list's search finds (sorted); its total must agree. */
async function found(path: string, q: string) {
  const response = await call(t.app, 'GET', `/api/admin/${path}pg=0&q=${encodeURIComponent(q)}`, {
    token: people.tokens.owner,
  });
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json() as { data: { naziv: string }[]; total: number };
  const names = body.data.map((row) => row.naziv).sort();
  expect(body.total, `total of ${path} q=${q}`).toBe(names.length);
  return names;
}

/** The songs list as the panel's list (the band's own) and as the playlist editor (all) ask it. */
async function songs(q: string) {
  const own = await found('songs?', q);
  expect(await found('songs?o=1&', q), `the editor's q=${q}`).toEqual(own);
  return own;
}

const performers = (q: string) => found('performers?', q);

describe('Đ in a search', () => {
  it('is found by "dj", by "d" and by both in one word, in a title', async () => {
    for (const q of [
      'durdevdan',
      'djurdjevdan',
      'đurđevdan',
      'ĐURĐEVDAN',
      'durdjevdan',
      'djurđevdan',
      'urdev',
    ])
      expect(await songs(q), q).toEqual(['Djurdjevdanski uranak', 'Đurđevdan']);
    expect(await songs('durdevdanski')).toEqual(['Djurdjevdanski uranak']);
    expect(await songs('đurđevdanski u')).toEqual(['Djurdjevdanski uranak']);
  });

  it("is found in a performer's name, in the performers list and in the songs by that performer", async () => {
    for (const q of ['dordje', 'dorde', 'djordje', 'đorđe', 'ĐORĐE', 'Dorđe balasevic', 'dorde balašević']) {
      expect(await performers(q), q).toEqual(['Đorđe Balašević']);
      expect(await songs(q), q).toEqual(['Ringišpil', 'Đurđevdan']);
    }
  });

  it('of two letters ("dj", "đ") finds only the names holding Đ or "dj", not every "d"', async () => {
    for (const q of ['dj', 'DJ', 'đ', 'Đ']) {
      expect(await performers(q), q).toEqual(['DJ Krmak', 'Đorđe Balašević']);
      expect(await songs(q), q).toEqual(
        ['Djurdjevdanski uranak', 'Noćna smena', 'Odjednom', 'Ringišpil', 'Đurđevdan'].sort(),
      );
    }
    expect(await songs('do')).toEqual(['Dobro jutro', 'Ringišpil', 'Đurđevdan']);
    expect(await performers('dj krmak')).toEqual(['DJ Krmak']);
  });

  it('still finds a "j" that follows a "d", and a name without Đ or "dj" as before', async () => {
    expect(await songs('jednom')).toEqual(['Odjednom']);
    expect(await songs('odjednom')).toEqual(['Odjednom']);
    expect(await songs('dobro j')).toEqual(['Dobro jutro']);
    expect(await songs('zazmuri')).toEqual(['Zažmuri']);
    expect(await songs('dorden')).toEqual([]);
  });

  it('is found in playlists and gigs too', async () => {
    const playlist = await c.addPlaylist('Đačka zabava');
    await c.addGig({
      title: 'Đurđevdanski sabor',
      lokacija: 'Trg, Čačak',
      status: '1',
      razmakpesme: '3',
      razmakvreme: '10',
      starttime: '2026-05-06T20:00',
      playlista: String(playlist),
    });
    for (const q of ['dacka', 'djacka', 'đačka', 'dj', 'đ'])
      expect(await found('playlists?', q), q).toEqual(['Đačka zabava']);
    for (const q of ['durdevdanski', 'djurdjevdan', 'durđevdan', 'dj'])
      expect(await found('gigs?', q), q).toEqual(['Đurđevdanski sabor']);
  });
});
