import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import { catalogue } from './fixtures-gigs.js';
import { seedPeople, type People, type Who } from './fixtures.js';
import { buildTestApp, call, type TestApp } from './helpers.js';

let t: TestApp;
let people: People;

beforeAll(async () => {
  t = await buildTestApp();
  people = await seedPeople(t.app);
  const c = catalogue(t.app, people);
  const balasevic = await c.addPerformer('Đorđe Balašević', { visible: true });
  const hacker = await c.addPerformer('=cmd|calc', { visible: false });
  const lutka = await c.addSong('Lutka sa naslovne strane', balasevic, { visible: true });
  const jugo = await c.addSong('Jugo 45', balasevic);
  await c.addSong('@SUM(1+1)', hacker);
  const otherPerformer = await c.addPerformer('Zdravko Čolić', { visible: true, who: 'outsider' });
  await c.addSong('Ti si mi u krvi', otherPerformer, { visible: true, who: 'outsider' });
  await c.addSong('Tajna pesma', otherPerformer, { who: 'outsider' });
  const playlist = await c.addPlaylist('Svadba');
  await c.setSongs(playlist, [jugo, lutka]);
  await c.addPlaylist('Prazna');
  await c.addGig({
    title: 'Petak',
    lokacija: 'Kafana Ćevap, Niš',
    status: '1',
    razmakpesme: '1',
    razmakvreme: '2',
    starttime: '2026-11-27T21:00',
    playlista: String(playlist),
  });
});
afterAll(() => t.close());

async function exported(url: string, who: Who = 'owner') {
  const response = await call(t.app, 'GET', url, { token: people.tokens[who] });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(response.headers['content-disposition']).toMatch(/^attachment; filename="encore-\w+\.csv"$/);
  const bytes = response.rawPayload;
  // The BOM makes Excel read the file as UTF-8.
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return Papa.parse<string[]>(bytes.toString('utf8').slice(1), { skipEmptyLines: true }).data;
}

describe('exports', () => {
  it('songs: the list with its filter and search, diacritics intact, formulas defused', async () => {
    expect(await exported('/api/admin/songs/export')).toEqual([
      ['Title', 'Performer', 'Public', 'Resource link'],
      ["'@SUM(1+1)", "'=cmd|calc", 'no', ''],
      ['Jugo 45', 'Đorđe Balašević', 'no', ''],
      ['Lutka sa naslovne strane', 'Đorđe Balašević', 'yes', ''],
    ]);
    expect(await exported('/api/admin/songs/export?o=1&q=djordje')).toEqual([
      ['Title', 'Performer', 'Public', 'Resource link'],
      ['Jugo 45', 'Đorđe Balašević', 'no', ''],
      ['Lutka sa naslovne strane', 'Đorđe Balašević', 'yes', ''],
    ]);
    // Another band sees only what its list shows: public songs.
    expect((await exported('/api/admin/songs/export?o=3', 'outsider')).map((row) => row[0])).toEqual([
      'Title',
      'Lutka sa naslovne strane',
    ]);
  });

  it('performers', async () => {
    expect(await exported('/api/admin/performers/export?os=2')).toEqual([
      ['Name', 'Public'],
      ["'=cmd|calc", 'no'],
      ['Đorđe Balašević', 'yes'],
    ]);
  });

  it('playlists: a row per song, in order; an empty playlist has one row', async () => {
    expect(await exported('/api/admin/playlists/export')).toEqual([
      ['Playlist', 'Public', 'Position', 'Song', 'Performer'],
      ['Prazna', 'no', '', '', ''],
      ['Svadba', 'no', '1', 'Jugo 45', 'Đorđe Balašević'],
      ['Svadba', 'no', '2', 'Lutka sa naslovne strane', 'Đorđe Balašević'],
    ]);
  });

  it('gigs: the band’s own, with the audience link', async () => {
    const rows = await exported('/api/admin/gigs/export?q=cevap');
    expect(rows[0]).toEqual(['Gig', 'Location', 'Start', 'Active', 'Audience link']);
    expect(rows.slice(1)).toEqual([
      [
        'Petak',
        'Kafana Ćevap, Niš',
        expect.stringMatching(/^2026-11-27T/),
        'yes',
        expect.stringMatching(/\/g\/[\w-]+$/),
      ],
    ]);
    expect(await exported('/api/admin/gigs/export', 'outsider')).toEqual([
      ['Gig', 'Location', 'Start', 'Active', 'Audience link'],
    ]);
  });

  it('needs a signed-in user', async () => {
    for (const list of ['songs', 'performers', 'playlists', 'gigs']) {
      expect((await call(t.app, 'GET', `/api/admin/${list}/export`)).statusCode).toBe(401);
    }
  });
});
