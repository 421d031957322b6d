/**
 * The main connection's database work before the write worker's (db/writer-turns.ts): the main
 * SQLite connection counts what waits for it or runs on it, and a background writer's connection
 * begins a transaction only once that is done (or after a while).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type DbHandle, openDatabase } from '../../src/server/db/connect.js';
import { WriterTurns } from '../../src/server/db/writer-turns.js';

describe('writer turns', () => {
  it('wakes a waiting writer when the main connection is done, and lets it go after its time', async () => {
    const main = new WriterTurns();
    const worker = new WriterTurns(main.shared);
    main.enter();
    main.enter();
    expect(worker.busy).toBe(2);
    let woke = false;
    // An hour: only the count's fall can end this wait within the test's time.
    const waiting = worker.yield(3_600_000).then(() => (woke = true));
    main.leave();
    await new Promise((resolve) => setImmediate(resolve));
    expect(woke).toBe(false);
    main.leave();
    await waiting;
    expect(worker.busy).toBe(0);
    // Its time up, a writer goes on however busy the main connection is.
    main.enter();
    await worker.yield(1);
    expect(worker.busy).toBe(1);
  });
});

// SQLite's connections only: PostgreSQL has a pool of them and no single writer.
describe.runIf(process.env.TEST_DB !== 'postgres')('a background writer beside the main connection', () => {
  let dataDir: string;
  let main: DbHandle;
  let background: DbHandle;

  beforeEach(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'encore-turns-'));
    main = openDatabase({ dataDir });
    background = openDatabase({ dataDir, after: main.turns, afterMaxMs: 3_600_000 });
    await sql`create table said (who text)`.execute(main.db);
  });
  afterEach(async () => {
    await background.db.destroy();
    await main.db.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('counts what waits for the main connection or runs on it', async () => {
    const turns = new WriterTurns(main.turns);
    let release = () => {};
    const held = main.db.connection().execute(async (connection) => {
      await sql`select 1`.execute(connection);
      await new Promise<void>((resolve) => (release = resolve));
    });
    const queued = sql`select who from said`.execute(main.db);
    await new Promise((resolve) => setImmediate(resolve));
    expect(turns.busy).toBe(2);
    release();
    await Promise.all([held, queued]);
    expect(turns.busy).toBe(0);
  });

  it("begins its transaction after the main connection's work", async () => {
    let release = () => {};
    const held = main.db.connection().execute(async (connection) => {
      await sql`select 1`.execute(connection);
      await new Promise<void>((resolve) => (release = resolve));
      await sql`insert into said values ('main')`.execute(connection);
    });
    // Without turns this transaction is done in microtasks, before the main connection lets go.
    const written = background.db
      .transaction()
      .execute((trx) => sql`insert into said values ('background')`.execute(trx));
    await new Promise((resolve) => setImmediate(resolve));
    release();
    await Promise.all([held, written]);
    const said = await sql<{ who: string }>`select who from said order by rowid`.execute(main.db);
    expect(said.rows.map((row) => row.who)).toEqual(['main', 'background']);
  });
});
