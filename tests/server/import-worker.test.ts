/**
 * A CSV import written off the main thread on SQLite (issue 25, point 2; db/heavy-write-pool.ts): the
 * worker writes it whole, with the search counts the per-row triggers would have kept; and the main
 * thread's writes wait for another connection's lock with the event loop turning, where SQLite's
 * busy_timeout slept in it. On PostgreSQL the import is written on the main thread, and the same
 * answers are checked.
 */
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { catalogue } from './fixtures-gigs.js';
import { postForm, seedPeople, upload, type People } from './fixtures.js';
import { writeImport } from '../../src/server/db/song-import.js';
import { buildTestApp, call, type TestApp, waitFor } from './helpers.js';

let t: TestApp;
let people: People;

beforeEach(async () => {
  t = await buildTestApp({ readWorkers: 1 });
  people = await seedPeople(t.app);
});
afterEach(() => t.close());

const sqliteOnly = () => t.app.dialect === 'sqlite';

const importCsv = (lines: string[]) =>
  postForm(
    t.app,
    '/api/admin/songs/import',
    { file: upload(Buffer.from(['Naziv;Izvođač;Javno', ...lines].join('\r\n')), 'songs.csv', 'text/csv') },
    { token: people.tokens.owner },
  );

/** Trigrams and pairs whose kept count differs from a count of every song's name now. */
async function miscounted() {
  const trigrams = await sql<{ n: number }>`select count(*) as n from (
      select t, count(*) as n from (select distinct id, substr(search, p, 3) as t from songs
        join trigram_positions on p <= length(search) - 2) group by t
    ) counted left join search_trigram_counts kept on kept.tbl = 'songs' and kept.trigram = counted.t
    where kept.n is null or kept.n != counted.n`.execute(t.app.db);
  const pairs = await sql<{ n: number }>`select count(*) as n from (
      select t, visibility, band_id, count(*) as n from (select distinct id, substr(search, p, 2) as t,
        visibility, band_id from songs join trigram_positions on p <= length(search) - 1)
      group by t, visibility, band_id
    ) counted left join search_pair_counts kept on kept.tbl = 'songs' and kept.pair = counted.t
      and kept.visibility = counted.visibility and kept.band_id = counted.band_id
    where kept.n is null or kept.n != counted.n`.execute(t.app.db);
  return { trigrams: Number(trigrams.rows[0].n), pairs: Number(pairs.rows[0].n) };
}

describe('an import written by the worker', () => {
  it('adds the songs and performers, skips what the band has, and keeps the search counts', async () => {
    const c = catalogue(t.app, people);
    await c.addSong('Đurđevdan', await c.addPerformer('Bajaga'));
    const before = t.app.heavyWrites.answeredByWorker;
    const response = await importCsv([
      'Đurđevdan;Bajaga;',
      'Lutka sa naslovne strane;Đorđe Balašević;da',
      'Ajde Jano;Narodna;',
      'Ajde Jano;Narodna;',
      // A name past the Basic Multilingual Plane: SQLite cuts it by characters, not UTF-16 units.
      'Pesma 🎸 gitara;Narodna;da',
    ]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ added: 3, performers_created: 2, skipped: 2 });
    expect(t.app.heavyWrites.answeredByWorker - before).toBe(sqliteOnly() ? 1 : 0);
    const names = await t.app.db.selectFrom('songs').select('naziv').orderBy('naziv').execute();
    expect(names.map((row) => row.naziv)).toEqual([
      'Ajde Jano',
      'Lutka sa naslovne strane',
      'Pesma 🎸 gitara',
      'Đurđevdan',
    ]);
    if (sqliteOnly()) expect(await miscounted()).toEqual({ trigrams: 0, pairs: 0 });
    // Each new song is in the history, as one added in the panel is.
    const created = await t.app.db
      .selectFrom('history')
      .select('item_name')
      .where('kind', '=', 'song')
      .where('action', '=', 'create')
      .where('item_name', '!=', 'Đurđevdan')
      .orderBy('item_name')
      .execute();
    expect(created.map((row) => row.item_name)).toEqual([
      'Ajde Jano',
      'Lutka sa naslovne strane',
      'Pesma 🎸 gitara',
    ]);
  });

  it('merges the search indexes there too, the songs found as before', async () => {
    for (const round of [1, 2, 3])
      expect((await importCsv([`Kolo ${round};Narodna;da`])).statusCode).toBe(200);
    const before = t.app.heavyWrites.answeredByWorker;
    const steps = await t.app.heavyWrites.mergeSearchIndexes();
    expect(t.app.heavyWrites.answeredByWorker - before).toBe(sqliteOnly() ? 1 : 0);
    // Three imports wrote three segments of the songs' index, merged now (PostgreSQL has none).
    expect(steps > 0).toBe(sqliteOnly());
    const found = await call(t.app, 'GET', '/api/admin/songs?o=2&q=kolo', { token: people.tokens.owner });
    expect((found.json() as { data: { naziv: string }[] }).data.map((row) => row.naziv).sort()).toEqual([
      'Kolo 1',
      'Kolo 2',
      'Kolo 3',
    ]);
  });
});

describe('an import planned before its lock', () => {
  it("is planned again under the lock when the band's songs moved meanwhile: no song twice", async () => {
    const band = people.bandA;
    const owner = await t.app.db
      .selectFrom('users')
      .select('id')
      .where('band_id', '=', band)
      .executeTakeFirstOrThrow();
    const rows = ['Prva', 'Druga', 'Treća'].map((title, i) => ({
      line: i + 2,
      title,
      performer: 'Isti izvođač',
      visible: true,
      resursi: null,
      tonalitet: null,
      tempo: null,
      trajanje: null,
      akordi: null,
    }));
    const request = { rows, owner: { bandId: band, userId: owner.id, now: new Date().toISOString() } };
    // Both plan before either takes the lock (on SQLite their queries take turns on one connection):
    // the second one's plan, made before the first's songs were there, is stale under its lock.
    const done = await Promise.all([writeImport(t.app.db, request), writeImport(t.app.db, request)]);
    expect(done.map((d) => d.added).sort()).toEqual([0, 3]);
    expect(done.map((d) => d.skipped).sort()).toEqual([0, 3]);
    const songs = await t.app.db.selectFrom('songs').select('naziv').where('band_id', '=', band).execute();
    expect(songs.map((song) => song.naziv).sort()).toEqual(['Druga', 'Prva', 'Treća']);
  });
});

describe('the history purge', () => {
  it('is written by the worker', async () => {
    const before = t.app.heavyWrites.answeredByWorker;
    await t.app.jobs.runNow('history-purge');
    expect(t.app.heavyWrites.answeredByWorker - before).toBe(sqliteOnly() ? 1 : 0);
  });
});

// PostgreSQL waits for its locks on the server, never in this thread.
describe.runIf(process.env.TEST_DB !== 'postgres')('a write while another connection holds the lock', () => {
  it('waits with the event loop turning, then is written', async () => {
    const other = new SQLite(path.join(t.dataDir, 'encore.sqlite'));
    try {
      other.exec('begin immediate');
      let written = false;
      const write = t.app.db
        .transaction()
        .execute((trx) => trx.updateTable('bands').set({ naziv: 'Posle čekanja' }).execute())
        .then(() => (written = true));
      // SQLite's busy_timeout would sleep in this thread: no timer would fire until it gave up.
      for (let turn = 0; turn < 20; turn++) {
        await new Promise((resolve) => setTimeout(resolve, 1));
        expect(written).toBe(false);
      }
      other.exec('commit');
      await write;
      const bands = await t.app.db.selectFrom('bands').select('naziv').execute();
      expect(bands.every((band) => band.naziv === 'Posle čekanja')).toBe(true);
    } finally {
      other.close();
    }
  });
});

describe.runIf(process.env.TEST_DB !== 'postgres')('the write-ahead log', () => {
  it("is copied into the file by the worker, not by a guest's commit on the main thread", async () => {
    expect(t.app.sqlite!.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
    expect((await importCsv(['Pesma 1;Izvođač 1;da'])).statusCode).toBe(200);
    const file = path.join(t.dataDir, 'encore.sqlite');
    const written = fs.statSync(file).mtimeMs;
    // A write on the main thread: in the log only, until the worker's checkpoint (every second).
    const c = catalogue(t.app, people);
    await c.addSong('Kasnija pesma', await c.addPerformer('Kasniji'));
    // Every second, from a thread that runs behind the others: a busy machine may run it late.
    await waitFor(() => fs.statSync(file).mtimeMs > written, { ms: 15_000 });
  });

  it('is left to the main connection where there is no worker', async () => {
    const alone = await buildTestApp({ readWorkers: 0 });
    try {
      expect(alone.app.sqlite!.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
    } finally {
      await alone.close();
    }
  });
});
