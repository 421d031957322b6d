import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogue } from './fixtures-gigs.js';
import { MB, postForm, seedPeople, upload, type People, type Who } from './fixtures.js';
import { buildTestApp, type TestApp } from './helpers.js';
import { turnsDuring } from './turns.js';

let t: TestApp;
let people: People;
let known: { bajaga: number; djurdjevdan: number; colic: number };

beforeAll(async () => {
  t = await buildTestApp();
  people = await seedPeople(t.app);
  const c = catalogue(t.app, people);
  const bajaga = await c.addPerformer('Bajaga');
  const djurdjevdan = await c.addSong('Đurđevdan', bajaga);
  const colic = await c.addPerformer('Zdravko Čolić', { visible: true, who: 'outsider' });
  known = { bajaga, djurdjevdan, colic };
});
afterAll(() => t.close());

const csvFile = (text: string, { bom = false } = {}) =>
  upload(Buffer.from((bom ? '\uFEFF' : '') + text, 'utf8'), 'songs.csv', 'text/csv');

const send = (url: string, file: ReturnType<typeof upload> | undefined, who: Who = 'owner') =>
  postForm(t.app, url, { file }, { token: people.tokens[who] });
const preview = (file: ReturnType<typeof upload>, who: Who = 'owner') =>
  send('/api/admin/songs/import/preview', file, who);
const importFile = (file: ReturnType<typeof upload>, who: Who = 'owner') =>
  send('/api/admin/songs/import', file, who);

const rowsOf = async (table: 'songs' | 'performers' | 'history') =>
  Number(
    (
      await t.app.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

async function counts() {
  const [songs, performers] = await Promise.all([rowsOf('songs'), rowsOf('performers')]);
  return { songs, performers };
}

// Excel's "CSV UTF-8" in a Serbian locale: BOM, semicolons, CRLF.
const EXCEL = [
  'Naziv;Izvođač;Javno;Resource link',
  'Djurdjevdan;bajaga;;',
  'Lutka sa naslovne strane;Đorđe Balašević;da;https://example.com/lutka',
  'Ti si mi u krvi;zdravko colic;ne;',
  ';Nema naslova;;',
  '=HYPERLINK("http://evil.example");Napadač;;',
  'Lutka sa naslovne strane;Djordje Balasevic;;',
  'Pesma;Izvođač;možda;',
  'Jugo 45;Đorđe Balašević;;ftp://example.com/x',
].join('\r\n');

describe('import preview', () => {
  it('sorts the rows into songs to add, duplicates, repeats, new performers and bad rows, writing nothing', async () => {
    const before = await counts();
    const response = await preview(csvFile(EXCEL, { bom: true }));
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.add).toEqual([
      {
        line: 3,
        title: 'Lutka sa naslovne strane',
        performer: 'Đorđe Balašević',
        visible: true,
        resursi: 'https://example.com/lutka',
        tonalitet: null,
        tempo: null,
        trajanje: null,
        performer_id: null,
      },
      {
        line: 4,
        title: 'Ti si mi u krvi',
        performer: 'zdravko colic',
        visible: false,
        resursi: null,
        tonalitet: null,
        tempo: null,
        trajanje: null,
        performer_id: known.colic,
      },
    ]);
    // Issue 26: a song already in the band's songs and a row repeating an earlier one are apart.
    expect(body.duplicates).toEqual([
      {
        line: 2,
        title: 'Djurdjevdan',
        performer: 'bajaga',
        visible: false,
        resursi: null,
        tonalitet: null,
        tempo: null,
        trajanje: null,
        song_id: known.djurdjevdan,
      },
    ]);
    expect(body.repeated).toEqual([
      {
        line: 7,
        title: 'Lutka sa naslovne strane',
        performer: 'Djordje Balasevic',
        visible: false,
        resursi: null,
        tonalitet: null,
        tempo: null,
        trajanje: null,
        same_as_line: 3,
      },
    ]);
    expect(body.new_performers).toEqual(['Đorđe Balašević']);
    expect(body.errors).toEqual([
      { line: 5, reason: 'the title is missing', reasons: [{ code: 'import_title_missing' }] },
      { line: 6, reason: 'a cell is a spreadsheet formula', reasons: [{ code: 'import_formula' }] },
      { line: 8, reason: 'visible must be yes or no', reasons: [{ code: 'import_visible' }] },
      {
        line: 9,
        reason: 'the resource link must start with http(s)://',
        reasons: [{ code: 'import_link_scheme' }],
      },
    ]);
    expect(await counts()).toEqual(before);
  });

  it('lists a file’s repeats of a song the band has as duplicates, and repeats of a new song apart', async () => {
    const response = await preview(
      csvFile(
        'title,performer\nĐurđevdan,Bajaga\nNova,Bajaga\ndjurdjevdan,BAJAGA\nnova,bajaga\nNOVA,Bajaga\n',
      ),
    );
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.add.map((row: { line: number }) => row.line)).toEqual([3]);
    expect(body.duplicates.map((row: { line: number }) => row.line)).toEqual([2, 4]);
    expect(
      body.repeated.map((row: { line: number; same_as_line: number }) => [row.line, row.same_as_line]),
    ).toEqual([
      [5, 3],
      [6, 3],
    ]);
  });

  it('reads comma-separated files without a BOM and English headers', async () => {
    const response = await preview(csvFile('title,performer\n"Ruse kose, curo, imaš",Bajaga\n'));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().add).toEqual([
      expect.objectContaining({ title: 'Ruse kose, curo, imaš', performer_id: known.bajaga }),
    ]);
  });
});

describe('import', () => {
  it('adds the songs and the new performers, and skips what the preview skipped', async () => {
    const before = await counts();
    const response = await importFile(csvFile(EXCEL, { bom: true }));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      code: 'songs_imported',
      message: 'Imported 2 songs.',
      params: { smart_count: 2 },
      added: 2,
      performers_created: 1,
      skipped: 6,
    });
    expect(await counts()).toEqual({ songs: before.songs + 2, performers: before.performers + 1 });
    const lutka = await t.app.db
      .selectFrom('songs')
      .innerJoin('performers', 'performers.id', 'songs.performer_id')
      .select([
        'songs.visibility',
        'songs.resursi',
        'songs.band_id',
        'performers.naziv',
        'performers.visibility as pv',
      ])
      .where('songs.naziv', '=', 'Lutka sa naslovne strane')
      .executeTakeFirstOrThrow();
    expect(lutka).toEqual({
      visibility: 1,
      resursi: 'https://example.com/lutka',
      band_id: people.bandA,
      naziv: 'Đorđe Balašević',
      pv: 0,
    });
    // The same file again adds nothing: everything is a duplicate now.
    const again = await importFile(csvFile(EXCEL, { bom: true }));
    expect(again.json()).toMatchObject({ added: 0, performers_created: 0 });
    const found = await postForm(
      t.app,
      '/api/admin/songs/import/preview',
      {},
      { token: people.tokens.owner },
    );
    expect(found.statusCode).toBe(422);
  });

  it('writes a large file in batches', async () => {
    const lines = [
      'title;performer',
      ...Array.from({ length: 1200 }, (_, i) => `Pesma ${i};Izvođač ${i % 40}`),
    ];
    const before = await counts();
    const response = await importFile(csvFile(lines.join('\n')));
    expect(response.json()).toMatchObject({ added: 1200, performers_created: 40 });
    expect(await counts()).toEqual({ songs: before.songs + 1200, performers: before.performers + 40 });
  });

  it('writes everything or nothing: a failure halfway leaves no song and no performer behind', async () => {
    // A trigger that refuses one song stands in for a database failure in the middle of the import.
    if (t.app.dialect === 'postgres') {
      await sql`create function refuse_boom() returns trigger as $$ begin
        if new.naziv = 'BOOM' then raise exception 'boom'; end if; return new; end $$ language plpgsql`.execute(
        t.app.db,
      );
      await sql`create trigger refuse_boom before insert on songs for each row execute function refuse_boom()`.execute(
        t.app.db,
      );
    } else {
      await sql`create trigger refuse_boom before insert on songs when new.naziv = 'BOOM'
        begin select raise(abort, 'boom'); end`.execute(t.app.db);
    }
    try {
      const lines = [
        'title;performer',
        ...Array.from({ length: 700 }, (_, i) => `Nova ${i};Novi izvođač ${i}`),
        'BOOM;Neko',
      ];
      const before = { ...(await counts()), history: await rowsOf('history') };
      const response = await importFile(csvFile(lines.join('\n')));
      expect(response.statusCode).toBe(500);
      // Its first 500 songs were committed before the failure (one transaction each 500): undone.
      expect({ ...(await counts()), history: await rowsOf('history') }).toEqual(before);
    } finally {
      await sql`drop trigger refuse_boom${sql.raw(t.app.dialect === 'postgres' ? ' on songs' : '')}`.execute(
        t.app.db,
      );
    }
  });
});

describe('an import beside the guests', () => {
  // Issue 25, point 2: on SQLite every write waits for the one write lock; an import holds it a
  // transaction of 500 songs at a time, so another connection's writes get in between.
  it("lets another connection's writes in between its transactions", async () => {
    const other = await t.twin();
    const file = csvFile(
      ['title;performer', ...Array.from({ length: 1500 }, (_, i) => `Između ${i};Izvođač između`)].join('\n'),
    );
    let importing = true;
    const imported = importFile(file).finally(() => (importing = false));
    /** How many of the import's songs each of the other connection's writes saw under its lock. */
    const seen: number[] = [];
    while (importing) {
      // A guest's request at a time, as they come: a turn of the event loop between them.
      await new Promise((resolve) => setTimeout(resolve, 1));
      seen.push(
        await other.db.transaction().execute(async (trx) => {
          await trx.updateTable('bands').set({ naziv: 'Između' }).where('id', '=', people.bandB).execute();
          const { n } = await trx
            .selectFrom('songs')
            .select((eb) => eb.fn.countAll().as('n'))
            .where('naziv', 'like', 'Između %')
            .executeTakeFirstOrThrow();
          return Number(n);
        }),
      );
    }
    expect((await imported).json()).toMatchObject({ added: 1500 });
    expect(
      seen.some((n) => n > 0 && n < 1500),
      String(seen),
    ).toBe(true);
  });
});

describe('two imports of one file at once', () => {
  const file = () =>
    csvFile(
      [
        'title;performer',
        ...Array.from({ length: 500 }, (_, i) => `Istovremena ${i};Istovremeni izvođač ${i % 25}`),
      ].join('\n'),
    );

  /** The band's performers that share a name with another of its performers. */
  const twinPerformers = async () =>
    (
      await t.app.db
        .selectFrom('performers')
        .select('search')
        .where('band_id', '=', people.bandA)
        .groupBy('search')
        .having((eb) => eb.fn.countAll(), '>', 1)
        .execute()
    ).map((row) => row.search);

  // The second import must see the first one's rows and skip them (on PostgreSQL both used to read
  // the band's songs before either wrote, and added everything twice).
  it.each([
    ['in one process', () => t.app],
    ['in two processes', () => t.twin()],
  ])('%s adds each song and performer once', async (_, second) => {
    await t.app.db.deleteFrom('songs').where('naziv', 'like', 'Istovremena %').execute();
    await t.app.db.deleteFrom('performers').where('naziv', 'like', 'Istovremeni izvođač %').execute();
    const before = await counts();
    const other = await second();
    const [a, b] = await Promise.all([
      importFile(file()),
      postForm(other, '/api/admin/songs/import', { file: file() }, { token: people.tokens.owner }),
    ]);
    expect([a.statusCode, b.statusCode], `${a.body} ${b.body}`).toEqual([200, 200]);
    expect([a.json().added + b.json().added, a.json().skipped + b.json().skipped]).toEqual([500, 500]);
    expect(await counts()).toEqual({ songs: before.songs + 500, performers: before.performers + 25 });
    expect(await twinPerformers()).toEqual([]);
  });
});

describe('two overlapping imports at once, each in several transactions', () => {
  // Each one's plan is made before either writes; between two of its transactions the other's songs
  // come in, so the rows it has left are planned again and the shared ones skipped, not added twice.
  it('adds every song once', async () => {
    const lines = (from: number, to: number) =>
      csvFile(
        [
          'title;performer',
          ...Array.from(
            { length: to - from },
            (_, i) => `Preklop ${from + i};Preklopni izvođač ${(from + i) % 7}`,
          ),
        ].join('\n'),
      );
    const before = await rowsOf('songs');
    const [a, b] = await Promise.all([importFile(lines(0, 1200)), importFile(lines(600, 1800))]);
    expect([a.statusCode, b.statusCode], `${a.body} ${b.body}`).toEqual([200, 200]);
    expect([a.json().added + b.json().added, a.json().skipped + b.json().skipped]).toEqual([1800, 600]);
    expect(await rowsOf('songs')).toBe(before + 1800);
    const twice = await t.app.db
      .selectFrom('songs')
      .select('naziv')
      .where('naziv', 'like', 'Preklop %')
      .groupBy('naziv')
      .having((eb) => eb.fn.countAll(), '>', 1)
      .execute();
    expect(twice).toEqual([]);
  });
});

describe('who may import', () => {
  it('band admins of a band only', async () => {
    const file = csvFile('title;performer\nA;B');
    expect((await preview(file, 'viewer')).statusCode).toBe(403);
    expect((await importFile(file, 'viewer')).statusCode).toBe(403);
    expect((await postForm(t.app, '/api/admin/songs/import', { file })).statusCode).toBe(401);
    const bandless = await importFile(file, 'bandless');
    expect(bandless.statusCode).toBe(422);
  });
});

describe('hostile and malformed files get a clear 4xx and change nothing', () => {
  const cases: [string, () => ReturnType<typeof upload>, number, RegExp][] = [
    [
      'not UTF-8',
      // "Đurđevdan" as Windows-1250 writes it.
      () =>
        upload(
          Buffer.concat([
            Buffer.from('title;performer\n'),
            Buffer.from([0xd0, 0x75, 0x72, 0xf0]),
            Buffer.from('evdan;Bajaga'),
          ]),
          'x.csv',
        ),
      422,
      /UTF-8/,
    ],
    ['binary', () => upload(Buffer.from([0x74, 0, 0x69, 0, 0x74]), 'x.csv'), 422, /not a CSV/],
    ['empty', () => csvFile('\r\n\r\n'), 422, /empty/],
    ['no header', () => csvFile('Đurđevdan;Bajaga\nLutka;Balašević'), 422, /title and performer/],
    ['a million columns', () => csvFile(`title;performer\n${';'.repeat(1_000_000)}`), 422, /columns/],
    ['too large', () => csvFile(`title;performer\n${'Pesma;Izvođač\n'.repeat(400_000)}`), 413, /too large/],
    ['5 MB of line breaks', () => csvFile('\n'.repeat(5 * MB - 1)), 422, /empty/],
    [
      'a header and 5 MB of line breaks',
      () => csvFile(`title;performer\n${'\n'.repeat(5 * MB - 100)}`),
      422,
      /more than 100000 lines/,
    ],
    [
      'a header and a million empty rows',
      () => csvFile(`title;performer\n${';;;;\n'.repeat(1_000_000)}`),
      422,
      /more than 100000 lines/,
    ],
    [
      'too many rows',
      () => csvFile(`title;performer\n${'Pesma;Izvođač\n'.repeat(20_000)}`),
      422,
      /more than 10000 rows/,
    ],
    ['a cell of 5 MB', () => csvFile(`title;performer\n"${'Pesma '.repeat(800_000)}`), 422, /cell is longer/],
  ];
  for (const [name, file, status, message] of cases) {
    it(name, async () => {
      const before = await counts();
      for (const response of [await preview(file()), await importFile(file())]) {
        expect(response.statusCode, response.body).toBe(status);
        const body = response.json();
        expect(body.errors?.file?.[0] ?? body.message).toMatch(message);
      }
      expect(await counts()).toEqual(before);
    });
  }
});

describe('a big file does not hold the server', () => {
  // Read in one go, a 5 MB file held the event loop for seconds: live pages and guests waited.
  it('is read in steps, with turns of the event loop between them', async () => {
    const row = (i: number) => `${`Pesma ${i} `.padEnd(200, 'a')};${`Izvođač ${i} `.padEnd(200, 'b')};da`;
    // 12,000 rows of 400-odd characters: refused for its rows only once 10,000 have been read.
    const text = ['title;performer;visible', ...Array.from({ length: 12_000 }, (_, i) => row(i))].join('\n');
    expect(text.length).toBeGreaterThan(4 * MB);
    for (const send of [preview, importFile]) {
      const { result, turns } = await turnsDuring(() => send(csvFile(text)));
      expect(result.statusCode, result.body).toBe(422);
      expect(result.json().errors.file).toEqual([
        'The file has more than 10000 rows; split it into smaller files.',
      ]);
      expect(turns).toBeGreaterThanOrEqual(20);
    }
  });
});
