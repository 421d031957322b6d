import Papa from 'papaparse';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_CHART_BYTES } from '../../src/shared/song-sheet.js';
import { buildTestApp, call, type TestApp } from './helpers.js';
import { expectInvalid, type Fields, postForm, seedPeople, upload, type People } from './fixtures.js';

/** Issue 27, point 1: a song's key, tempo, duration and ChordPro chart, on SQLite and PostgreSQL. */
let t: TestApp;
let people: People;
let performer: number;

const CHART = `{title: Jugo 45}
{key: G}
{start_of_verse: Verse 1}
[G]Sedam dana [C]nisam [D]spavao
{end_of_verse}
-- Solo --
=> repeat`;

beforeEach(async () => {
  t = await buildTestApp();
  people = await seedPeople(t.app);
  const response = await postForm(
    t.app,
    '/api/admin/addperformer',
    { title: 'Đorđe Balašević' },
    { token: people.tokens.owner },
  );
  performer = response.json().id;
});
afterEach(() => t.close());

const add = (fields: Fields) =>
  postForm(
    t.app,
    '/api/admin/addsong',
    { title: 'Jugo 45', performer: String(performer), ...fields },
    { token: people.tokens.owner },
  );
const update = (id: number, fields: Fields) =>
  postForm(
    t.app,
    `/api/admin/song/${id}/update`,
    { title: 'Jugo 45', performer: String(performer), ...fields },
    { token: people.tokens.owner },
  );
const read = async (id: number) =>
  (await call(t.app, 'GET', `/api/admin/song/${id}`, { token: people.tokens.owner })).json();

describe('a song’s key, tempo, duration and chart', () => {
  it('are stored and answered: the key as written, tempo in BPM, duration in seconds, the chart whole', async () => {
    const response = await add({ tonalitet: 'F#m', tempo: '120', trajanje: '4:05', akordi: CHART });
    expect(response.statusCode, response.body).toBe(200);
    const id = response.json().id;
    expect(await read(id)).toMatchObject({ tonalitet: 'F#m', tempo: 120, trajanje: 245, akordi: CHART });
    // The list carries all but the chart.
    const list = await call(t.app, 'GET', '/api/admin/songs?o=2', { token: people.tokens.owner });
    const row = list.json().data.find((song: { id: number }) => song.id === id);
    expect(row).toMatchObject({ tonalitet: 'F#m', tempo: 120, trajanje: 245 });
    expect(row).not.toHaveProperty('akordi');
  });

  it('are optional: a song without them has nulls', async () => {
    const id = (await add({})).json().id;
    expect(await read(id)).toMatchObject({ tonalitet: null, tempo: null, trajanje: null, akordi: null });
  });

  it('stay as they are when an update leaves them out, and are cleared by an empty value', async () => {
    const id = (await add({ tonalitet: 'Bb', tempo: '96', trajanje: '185', akordi: CHART })).json().id;
    expect((await update(id, { title: 'Jugo 45 (live)' })).statusCode).toBe(200);
    expect(await read(id)).toMatchObject({
      naziv: 'Jugo 45 (live)',
      tonalitet: 'Bb',
      tempo: 96,
      trajanje: 185,
    });
    expect((await read(id)).akordi).toBe(CHART);
    const cleared = await update(id, { tonalitet: '', tempo: '', trajanje: '', akordi: '' });
    expect(cleared.json()).toMatchObject({ tonalitet: null, tempo: null, trajanje: null, akordi: null });
  });

  it('take every key form a band writes: a note, # or b, m for minor', async () => {
    for (const key of ['C', 'Am', 'F#', 'Bb', 'Ebm', 'C#m', 'G']) {
      const response = await add({ tonalitet: key });
      expect(response.statusCode, `${key}: ${response.body}`).toBe(200);
    }
  });

  it('refuse a key that is no note name, a tempo outside 20–400, a duration that is no time', async () => {
    const cases: [Fields, string, RegExp][] = [
      [{ tonalitet: 'H' }, 'tonalitet', /note name/],
      [{ tonalitet: 'am' }, 'tonalitet', /note name/],
      [{ tonalitet: 'C#b' }, 'tonalitet', /note name/],
      [{ tonalitet: 'Amaj7' }, 'tonalitet', /note name/],
      [{ tempo: '19' }, 'tempo', /from 20 to 400/],
      [{ tempo: '401' }, 'tempo', /from 20 to 400/],
      [{ tempo: '120.5' }, 'tempo', /whole number/],
      [{ tempo: 'fast' }, 'tempo', /whole number/],
      [{ trajanje: '3:75' }, 'trajanje', /minutes and seconds/],
      [{ trajanje: 'three minutes' }, 'trajanje', /minutes and seconds/],
      [{ trajanje: '0' }, 'trajanje', /minutes and seconds/],
      [{ trajanje: '11:00:00' }, 'trajanje', /at most 10 hours/],
    ];
    for (const [fields, field, message] of cases) {
      const response = await add(fields);
      const errors = expectInvalid(response, [field]);
      expect(errors[field][0], JSON.stringify(fields)).toMatch(message);
    }
    // The panel says them in the reader's language by their codes.
    const body = (await add({ tonalitet: 'H', tempo: '500' })).json();
    expect(body.codes).toMatchObject({
      tonalitet: [{ code: 'song_key_invalid', params: { examples: 'Am, F#, Bb' } }],
      tempo: [{ code: 'song_tempo_invalid', params: { min: 20, max: 400 } }],
    });
  });

  it('take a chart of 100 kB in a multipart form, and refuse one byte more', async () => {
    const line = '[Am]Ćao, [G]đače\n';
    const fill = (bytes: number) => {
      const whole = line.repeat(Math.floor(bytes / Buffer.byteLength(line)));
      // Ending in a letter: a form's fields are trimmed.
      return whole.slice(0, -1) + 'x'.repeat(bytes - Buffer.byteLength(whole) + 1);
    };
    const full = fill(MAX_CHART_BYTES);
    expect(Buffer.byteLength(full)).toBe(MAX_CHART_BYTES);
    const response = await add({ akordi: full });
    expect(response.statusCode, response.body).toBe(200);
    expect((await read(response.json().id)).akordi).toBe(full);

    for (const bytes of [MAX_CHART_BYTES + 1, 3 * MAX_CHART_BYTES]) {
      const errors = expectInvalid(await add({ akordi: fill(bytes) }), ['akordi']);
      expect(errors.akordi[0]).toBe('The chord chart may not be larger than 100 kB.');
    }
  });

  it('are in the API description', async () => {
    const docs = (await call(t.app, 'GET', '/api/docs/json', { token: people.tokens.owner })).json();
    const form = JSON.stringify(docs.paths['/api/admin/addsong']);
    for (const field of ['tonalitet', 'tempo', 'trajanje', 'akordi']) expect(form).toContain(field);
  });
});

describe('CSV with the new columns', () => {
  const csvFile = (text: string) => upload(Buffer.from(text, 'utf8'), 'songs.csv', 'text/csv');
  const importCsv = (text: string) =>
    postForm(t.app, '/api/admin/songs/import', { file: csvFile(text) }, { token: people.tokens.owner });

  it('a round trip keeps key, tempo, duration and chart (a long one, and lines a spreadsheet would run)', async () => {
    const long = `{title: Dugačka}\n${'[C]la la [G]la\n'.repeat(5000)}`.trimEnd();
    await add({ title: 'Jugo 45', tonalitet: 'G', tempo: '132', trajanje: '3:45', akordi: CHART });
    await add({ title: 'Dugačka', tonalitet: 'Ebm', tempo: '60', trajanje: '1:02:03', akordi: long });
    await add({ title: 'Bez akorda' });
    const exported = await call(t.app, 'GET', '/api/admin/songs/export?lang=sr', {
      token: people.tokens.owner,
    });
    expect(exported.statusCode).toBe(200);
    const rows = Papa.parse<string[]>(exported.body.replace(/^\uFEFF/, ''), { skipEmptyLines: true }).data;
    expect(rows[0].slice(4)).toEqual(['Tonalitet', 'Tempo (BPM)', 'Trajanje', 'Akordski zapis (ChordPro)']);
    const jugo = rows.find((row) => row[0] === 'Jugo 45')!;
    expect(jugo.slice(4, 7)).toEqual(['G', '132', '3:45']);
    // The export defuses the chart's lines that begin like a formula…
    expect(jugo[7]).toContain("\n'-- Solo --\n'=> repeat");

    // …and the import of the same file into another band takes them out again.
    const outsider = await postForm(
      t.app,
      '/api/admin/songs/import',
      { file: csvFile(exported.body) },
      {
        token: people.tokens.outsider,
      },
    );
    expect(outsider.statusCode, outsider.body).toBe(200);
    expect(outsider.json()).toMatchObject({ added: 3 });
    const theirs = await t.app.db
      .selectFrom('songs')
      .select(['naziv', 'tonalitet', 'tempo', 'trajanje', 'akordi'])
      .where('band_id', '=', people.bandB)
      .orderBy('naziv')
      .execute();
    expect(theirs).toEqual([
      { naziv: 'Bez akorda', tonalitet: null, tempo: null, trajanje: null, akordi: null },
      { naziv: 'Dugačka', tonalitet: 'Ebm', tempo: 60, trajanje: 3723, akordi: long },
      { naziv: 'Jugo 45', tonalitet: 'G', tempo: 132, trajanje: 225, akordi: CHART },
    ]);
  });

  it('reads the columns by their English, Serbian and API names, and says which cells are wrong', async () => {
    const preview = await postForm(
      t.app,
      '/api/admin/songs/import/preview',
      {
        file: csvFile(
          'naziv;izvođač;Key;bpm;trajanje;chordpro\n' + 'A;B;Am;100;200;[Am]la\n' + 'C;D;H;10;3:99;\n',
        ),
      },
      { token: people.tokens.owner },
    );
    expect(preview.statusCode, preview.body).toBe(200);
    const body = preview.json();
    expect(body.add).toEqual([
      expect.objectContaining({ title: 'A', tonalitet: 'Am', tempo: 100, trajanje: 200 }),
    ]);
    expect(body.errors).toEqual([
      {
        line: 3,
        reason:
          'the key must be a note name with # or b and m for minor, as Am, F#, Bb; the tempo must be a whole number from 20 to 400; the duration must be m:ss or seconds',
        reasons: [
          { code: 'import_key', params: { examples: 'Am, F#, Bb' } },
          { code: 'import_tempo', params: { min: 20, max: 400 } },
          { code: 'import_duration' },
        ],
      },
    ]);
  });

  it('refuses a chart cell over 100 kB in its row, and any other cell over 2000 characters', async () => {
    const big = await importCsv(`title;performer;chart\nA;B;"${'x'.repeat(MAX_CHART_BYTES + 1)}"\n`);
    expect(big.statusCode).toBe(422);
    expect(JSON.stringify(big.json())).toMatch(/cell is longer|larger than 100 kB/);
    const title = await importCsv(`title;performer\n"${'x'.repeat(2001)}";B\n`);
    expect(title.statusCode).toBe(422);
  });
});
