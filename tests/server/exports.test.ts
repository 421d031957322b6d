import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import { catalogue } from './fixtures-gigs.js';
import { postForm, seedPeople, type People, type Who } from './fixtures.js';
import { buildTestApp, call, type TestApp } from './helpers.js';
import { audience, device } from './live-gig-fixtures.js';
import { toCsv } from '../../src/server/services/files/csv.js';

let t: TestApp;
let people: People;
let gig: { id: number; token: string; song: number };

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
  const gigId = await c.addGig({
    title: 'Petak',
    lokacija: 'Kafana Ćevap, Niš',
    status: '1',
    razmakpesme: '1',
    razmakvreme: '2',
    starttime: '2026-11-27T21:00',
    playlista: String(playlist),
    allow_messages: '1',
  });
  gig = { id: gigId, token: (await c.readGig(gigId)).token, song: jugo };
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

/** Where a spreadsheet may start a cell, opened with any separator: a cell starting a formula. */
const FORMULA_CELL = /^[\s"]*[=+\-@]|^[\t\r]/;

/**
 * Every way a spreadsheet may cut the file into cells: read as CSV with each separator, and (the way
 * one out of step with the quoting does) cut at every separator and line break whatever the quotes.
 */
function spreadsheetCells(csv: string) {
  const text = csv.replace(/^\uFEFF/, '');
  return [
    ...[',', ';', '\t'].flatMap((delimiter) => Papa.parse<string[]>(text, { delimiter }).data.flat()),
    ...text.split(/[,;\t]|\r\n|\r|\n/),
  ];
}

describe('exports', () => {
  it('songs: the list with its filter and search, diacritics intact, formulas defused', async () => {
    expect(await exported('/api/admin/songs/export')).toEqual([
      [
        'Title',
        'Performer',
        'Public',
        'Resource link',
        'Key',
        'Tempo (BPM)',
        'Duration',
        'Chord chart (ChordPro)',
      ],
      ["'@SUM(1+1)", "'=cmd|calc", 'no', '', '', '', '', ''],
      ['Jugo 45', 'Đorđe Balašević', 'no', '', '', '', '', ''],
      ['Lutka sa naslovne strane', 'Đorđe Balašević', 'yes', '', '', '', '', ''],
    ]);
    expect(await exported('/api/admin/songs/export?o=1&q=djordje')).toEqual([
      [
        'Title',
        'Performer',
        'Public',
        'Resource link',
        'Key',
        'Tempo (BPM)',
        'Duration',
        'Chord chart (ChordPro)',
      ],
      ['Jugo 45', 'Đorđe Balašević', 'no', '', '', '', '', ''],
      ['Lutka sa naslovne strane', 'Đorđe Balašević', 'yes', '', '', '', '', ''],
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
      ['Petak', 'Kafana Ćevap, Niš', '2026-11-27 21:00', 'yes', expect.stringMatching(/\/g\/[\w-]+$/)],
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

  it('a formula after a separator is defused whichever separator a spreadsheet splits on', async () => {
    // Through the real ways in: a guest's request message, and a song's resource link.
    const fans = audience(t.app, gig.token);
    const messages = [`hi;=cmd|' /C calc'!A0`, 'Pozdrav, +381 za kuma', 'a "b";@SUM(1)'];
    for (const [i, message] of messages.entries()) {
      const response = await fans.request(gig.song, device(i), {
        ip: `10.0.0.${i + 1}`,
        body: { song_id: gig.song, message },
      });
      expect(response.statusCode, response.body).toBe(201);
    }
    const performer = await catalogue(t.app, people).addPerformer('Napad', { who: 'outsider' });
    const link = `https://x.example/;=cmd|' /C calc'!A0`;
    const song = await postForm(
      t.app,
      '/api/admin/addsong',
      { title: 'Pesma', performer: String(performer), visible: '0', resursi: link },
      { token: people.tokens.outsider },
    );
    expect(song.statusCode, song.body).toBe(200);

    const report = await call(t.app, 'GET', `/api/admin/gig/${gig.id}/report.csv`, {
      token: people.tokens.owner,
    });
    expect(report.statusCode, report.body).toBe(200);
    const songs = await call(t.app, 'GET', '/api/admin/songs/export?o=2', { token: people.tokens.outsider });
    expect(songs.statusCode, songs.body).toBe(200);
    for (const csv of [report.body, songs.body]) {
      expect(spreadsheetCells(csv).filter((cell) => FORMULA_CELL.test(cell))).toEqual([]);
    }
    // Read with commas, the text is all there, quoted, each formula marked as text.
    const byComma = (csv: string) => Papa.parse<string[]>(csv.slice(1), { skipEmptyLines: true }).data;
    expect(byComma(report.body).map((row) => row[5])).toEqual([
      'Message',
      `hi;'=cmd|' /C calc'!A0`,
      "Pozdrav,' +381 za kuma",
      `a "b";'@SUM(1)`,
    ]);
    expect(report.body).toContain(`"hi;'=cmd|' /C calc'!A0"`);
    expect(byComma(songs.body)[1]).toEqual([
      'Pesma',
      'Napad',
      'no',
      `https://x.example/;'=cmd|' /C calc'!A0`,
      '',
      '',
      '',
      '',
    ]);
  });
});

describe('toCsv', () => {
  it('quotes every field holding a separator, a quote or a line break, and defuses each piece', () => {
    const csv = toCsv(
      ['a', 'b'],
      [
        ['x\t=1+1', 'y\r\n-2'],
        ['plain', '1,5'],
        ['"=A1"', 'tab\tend'],
        [' @x', null],
        [-3, 7],
      ],
    );
    expect(csv).toBe(
      '\uFEFFa,b\r\n' +
        `"x\t'=1+1","y\r'\n'-2"\r\n` +
        'plain,"1,5"\r\n' +
        `"'""=A1""","tab\tend"\r\n` +
        "' @x,\r\n" +
        "'-3,7",
    );
    expect(spreadsheetCells(csv).filter((cell) => FORMULA_CELL.test(cell))).toEqual([]);
  });
});
