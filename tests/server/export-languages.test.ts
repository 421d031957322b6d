import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Papa from 'papaparse';
import { catalogue } from './fixtures-gigs.js';
import { postForm, seedPeople, upload, type People } from './fixtures.js';
import { buildTestApp, call, createBand, createUser, login, type TestApp } from './helpers.js';
import { audience, bandPage, device } from './live-gig-fixtures.js';

/** Issue 26: the CSV files in the panel's language, and the import reading any of them back. */
let t: TestApp;
let people: People;
let gigId: number;

beforeAll(async () => {
  t = await buildTestApp();
  people = await seedPeople(t.app);
  const c = catalogue(t.app, people);
  const balasevic = await c.addPerformer('Đorđe Balašević', { visible: true });
  const corba = await c.addPerformer('Riblja Čorba');
  const lutka = await c.addSong('Lutka sa naslovne strane', balasevic, { visible: true });
  const jugo = await c.addSong('Jugo 45', balasevic);
  const linked = await postForm(
    t.app,
    '/api/admin/addsong',
    {
      title: 'Lutka sa naslovne strane',
      performer: String(corba),
      visible: '1',
      resursi: 'https://example.com/a',
    },
    { token: people.tokens.owner },
  );
  expect(linked.statusCode, linked.body).toBe(200);
  const playlist = await c.addPlaylist('Svadba', { visible: true });
  await c.setSongs(playlist, [jugo, lutka]);
  gigId = await c.addGig({
    title: 'Petak',
    lokacija: 'Kafana Ćevap, Niš',
    status: '1',
    razmakpesme: '1',
    razmakvreme: '2',
    starttime: '2026-11-27T21:00',
    playlista: String(playlist),
  });
  const { token } = await c.readGig(gigId);
  const fans = audience(t.app, token);
  await fans.accepted(jugo, device(1));
  await fans.accepted(lutka, device(2));
  await fans.accepted(jugo, device(3));
  await bandPage(t.app, token, people).done(lutka, 'played');
});
afterAll(() => t.close());

async function download(url: string, token = people.tokens.owner) {
  const response = await call(t.app, 'GET', url, { token });
  expect(response.statusCode, response.body).toBe(200);
  return response.rawPayload;
}

const rowsOf = (bytes: Buffer) =>
  Papa.parse<string[]>(bytes.toString('utf8').replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;

const exported = async (url: string) => rowsOf(await download(url));

describe('exports in the panel’s language', () => {
  it('songs: headers and yes/no in Serbian Latin and Cyrillic, names as written', async () => {
    expect(await exported('/api/admin/songs/export?lang=sr')).toEqual([
      [
        'Naslov',
        'Izvođač',
        'Javno',
        'Link ka materijalu',
        'Tonalitet',
        'Tempo (BPM)',
        'Trajanje',
        'Akordski zapis (ChordPro)',
      ],
      ['Jugo 45', 'Đorđe Balašević', 'ne', '', '', '', '', ''],
      ['Lutka sa naslovne strane', 'Đorđe Balašević', 'da', '', '', '', '', ''],
      ['Lutka sa naslovne strane', 'Riblja Čorba', 'da', 'https://example.com/a', '', '', '', ''],
    ]);
    expect(await exported('/api/admin/songs/export?lang=sr-Cyrl&q=jugo')).toEqual([
      [
        'Наслов',
        'Извођач',
        'Јавно',
        'Линк ка материјалу',
        'Тоналитет',
        'Темпо (BPM)',
        'Трајање',
        'Акордски запис (ChordPro)',
      ],
      ['Jugo 45', 'Đorđe Balašević', 'не', '', '', '', '', ''],
    ]);
  });

  it('English without lang, and with lang=en, byte for byte', async () => {
    const plain = await download('/api/admin/songs/export');
    expect(rowsOf(plain)[0]).toEqual([
      'Title',
      'Performer',
      'Public',
      'Resource link',
      'Key',
      'Tempo (BPM)',
      'Duration',
      'Chord chart (ChordPro)',
    ]);
    expect(rowsOf(plain)[1]).toEqual(['Jugo 45', 'Đorđe Balašević', 'no', '', '', '', '', '']);
    expect((await download('/api/admin/songs/export?lang=en')).equals(plain)).toBe(true);
  });

  it('performers, playlists and gigs', async () => {
    expect(await exported('/api/admin/performers/export?lang=sr')).toEqual([
      ['Naziv', 'Javno'],
      ['Đorđe Balašević', 'da'],
      ['Riblja Čorba', 'ne'],
    ]);
    expect(await exported('/api/admin/playlists/export?lang=sr-Cyrl')).toEqual([
      ['Плејлиста', 'Јавно', 'Редни број', 'Песма', 'Извођач'],
      ['Svadba', 'да', '1', 'Jugo 45', 'Đorđe Balašević'],
      ['Svadba', 'да', '2', 'Lutka sa naslovne strane', 'Đorđe Balašević'],
    ]);
    const gigs = await exported('/api/admin/gigs/export?lang=sr');
    expect(gigs[0]).toEqual(['Nastup', 'Mesto', 'Početak', 'Aktivan', 'Link za publiku']);
    expect(gigs[1].slice(0, 2)).toEqual(['Petak', 'Kafana Ćevap, Niš']);
    expect(gigs[1][3]).toBe('da');
    expect((await exported('/api/admin/gigs/export?lang=sr-Cyrl'))[1][3]).toBe('да');
  });

  it('the after-show report: headers and statuses', async () => {
    const report = (lang: string) => exported(`/api/admin/gig/${gigId}/report.csv?lang=${lang}`);
    const en = await report('en');
    expect(en[0]).toEqual(['Time', 'Song', 'Performer', 'Status', 'How many asked', 'Message']);
    expect(en.slice(1).map((row) => [row[1], row[3], row[4]])).toEqual([
      ['Jugo 45', 'waiting', '2'],
      ['Lutka sa naslovne strane', 'played', '1'],
      ['Jugo 45', 'waiting', '2'],
    ]);
    const sr = await report('sr');
    expect(sr[0]).toEqual(['Vreme', 'Pesma', 'Izvođač', 'Status', 'Koliko je tražilo', 'Poruka']);
    expect(sr.slice(1).map((row) => row[3])).toEqual(['na čekanju', 'odsvirano', 'na čekanju']);
    const cyrillic = await report('sr-Cyrl');
    expect(cyrillic[0]).toEqual(['Време', 'Песма', 'Извођач', 'Статус', 'Колико је тражило', 'Порука']);
    expect(cyrillic.slice(1).map((row) => row[3])).toEqual(['на чекању', 'одсвирано', 'на чекању']);
  });

  it('a language it does not speak is a 422 in the API’s shape, naming lang', async () => {
    for (const url of [
      '/api/admin/songs/export?lang=de',
      `/api/admin/gig/${gigId}/report.csv?lang=sr-Latn`,
    ]) {
      const response = await call(t.app, 'GET', url, { token: people.tokens.owner });
      expect(response.statusCode, url).toBe(422);
      expect(Object.keys(response.json().errors)).toEqual(['lang']);
    }
  });
});

describe('importing an export back', () => {
  /** A band of its own for each round trip, with a band admin signed in. */
  async function newBand(name: string) {
    const band = await createBand(t.app, name);
    const user = await createUser(t.app, {
      email: `${name.toLowerCase()}@test.local`,
      role: 'band_admin',
      bandId: band,
    });
    return login(t.app, user.email, user.password);
  }

  const send = (url: string, bytes: Buffer, token: string) =>
    postForm(t.app, url, { file: upload(bytes, 'pesme.csv', 'text/csv') }, { token });

  it.each(['sr', 'sr-Cyrl'])('%s: the export imports into another band unchanged', async (lang) => {
    const url = `/api/admin/songs/export?o=2&lang=${lang}`;
    const file = await download(url);
    const token = await newBand(`povratak-${lang}`);

    const preview = await send('/api/admin/songs/import/preview', file, token);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().errors).toEqual([]);
    expect(
      preview
        .json()
        .add.map((row: { title: string; performer: string; visible: boolean; resursi: string }) => [
          row.title,
          row.performer,
          row.visible,
          row.resursi,
        ]),
    ).toEqual([
      ['Jugo 45', 'Đorđe Balašević', false, null],
      ['Lutka sa naslovne strane', 'Đorđe Balašević', true, null],
      ['Lutka sa naslovne strane', 'Riblja Čorba', true, 'https://example.com/a'],
    ]);

    const imported = await send('/api/admin/songs/import', file, token);
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toMatchObject({ added: 3, skipped: 0 });
    // The new band's own export, in the same language, is the same file.
    expect((await download(url, token)).toString('utf8')).toBe(file.toString('utf8'));
  });

  it('reads headers and yes/no in any of the three, folded, whatever language the panel is in', async () => {
    const token = await newBand('mesano');
    const text = [
      'ИЗВОЂАЧ;наслов;Javno;Линк ка материјалу;Napomena',
      'Bajaga;Plavi safir;Да;https://example.com/s;x',
      'Bajaga;Tišina;NE;;',
      'Bajaga;Moji drugovi;да;;',
      'Bajaga;Zažmuri;не;;',
      'Bajaga;Ruski voz;možda;;',
    ].join('\r\n');
    const preview = await send('/api/admin/songs/import/preview', Buffer.from(text, 'utf8'), token);
    expect(preview.statusCode, preview.body).toBe(200);
    const body = preview.json();
    expect(
      body.add.map((row: { title: string; visible: boolean; resursi: string | null }) => [
        row.title,
        row.visible,
        row.resursi,
      ]),
    ).toEqual([
      ['Plavi safir', true, 'https://example.com/s'],
      ['Tišina', false, null],
      ['Moji drugovi', true, null],
      ['Zažmuri', false, null],
    ]);
    expect(body.errors).toEqual([
      { line: 6, reason: expect.stringMatching(/visible/), reasons: [{ code: 'import_visible' }] },
    ]);
    // Latin headers without diacritics, as Serbian is often typed.
    const latin = await send(
      '/api/admin/songs/import/preview',
      Buffer.from('Izvodjac,Naslov,Javno\nBajaga,Plavi safir,da\n', 'utf8'),
      token,
    );
    expect(latin.statusCode, latin.body).toBe(200);
    expect(latin.json().add).toMatchObject([{ title: 'Plavi safir', performer: 'Bajaga', visible: true }]);
    // The other Serbian names the import knows, in Cyrillic too.
    const other = await send(
      '/api/admin/songs/import/preview',
      Buffer.from('Песма;Извођачи;Акорди;Јавна\nPlavi safir;Bajaga;https://example.com/s;приватно\n', 'utf8'),
      token,
    );
    expect(other.statusCode, other.body).toBe(200);
    expect(other.json().add).toMatchObject([
      { title: 'Plavi safir', performer: 'Bajaga', visible: false, resursi: 'https://example.com/s' },
    ]);
  });
});
