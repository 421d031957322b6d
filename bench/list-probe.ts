// `npx tsx bench/list-probe.ts`: the database side of each list page without any cache, at
// BENCH_SONGS songs (100,000) on SQLite or (BENCH_DATABASE_URL) PostgreSQL: server CPU per page for
// every list, ownership filter and with and without a search, first and tenth page; the songs and
// performers also with their total kept, as the list cache keeps it after a search's first page
// (per caller). A search's songs pages are timed as a new word in a list whose scope is unchanged
// (what the list cache keeps for the caller's scope whatever the word, memo.ts's SCOPE keys, kept)
// and, for the first page, with nothing kept (the first search after a write). Each search says how
// many songs it matches, so a word that finds nothing is not taken for a common one. Wall time as a
// mean and a median; with PostgreSQL on this machine, its own CPU per page too.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { sql } from 'kysely';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { listGigs } from '../src/server/db/gigs.js';
import { listPerformers } from '../src/server/db/performers.js';
import { listPlaylists } from '../src/server/db/playlists.js';
import { mergeSearchIndexes } from '../src/server/db/search-index.js';
import { listSongs } from '../src/server/db/songs.js';
import type { UserWithBand } from '../src/server/db/users.js';
import type { Ownership } from '../src/server/db/ownership.js';
import { type Memo, SCOPE } from '../src/server/db/memo.js';
import { envNumber, onFinish, runBench } from './child.js';
import { seedCatalogue } from './seed-catalogue.js';

const SONGS = Number(process.env.BENCH_SONGS ?? 100_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);
const LIMIT = envNumber('BENCH_TIMEOUT_SECONDS', 900);
// A subset, for a before/after of a few lines: comma lists of the searches (`-` for none), callers
// (band, admin), ownership filters (1 all, 2 mine, 3 others); BENCH_SONGS_ONLY=1 leaves out the
// performers', playlists' and gigs' lists.
const only = (name: string) => process.env[name]?.split(',');
const QUERIES = only('BENCH_QUERIES')?.map((q) => (q === '-' ? '' : q)) ?? [
  '',
  'srce',
  'ljubav',
  'pesma 4242',
  'zzz',
  'sa',
];
const CALLERS = only('BENCH_CALLERS');
const OWNERSHIPS = (only('BENCH_OWNERSHIPS')?.map(Number) ?? [1, 2, 3]) as Ownership[];
const SONGS_ONLY = process.env.BENCH_SONGS_ONLY === '1';
const databaseUrl = process.env.BENCH_DATABASE_URL || undefined;
const schema = databaseUrl ? `probe_${randomBytes(6).toString('hex')}` : undefined;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'encore-probe-'));
/**
 * PostgreSQL's own CPU (user and system, in clock ticks, of every process named postgres on this
 * machine), when the server runs here: the probe's wall time holds it, its Node CPU does not.
 * Undefined elsewhere.
 */
const TICK_MS = 10; // /proc counts CPU in clock ticks, 100 a second on Linux's usual builds.
const postgresTicks = (): Map<string, number> | undefined => {
  if (!databaseUrl || !/@(127\.0\.0\.1|localhost)[:/]/.test(databaseUrl)) return undefined;
  const ticks = new Map<string, number>();
  for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      if (fs.readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== 'postgres') continue;
      // The fields after the command's name (which may hold spaces): utime and stime are the 12th and 13th.
      const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      ticks.set(pid, Number(fields[11]) + Number(fields[12]));
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return ticks;
};
/**
 * PostgreSQL's CPU in ms between two readings, per process: a process that ended between them (a
 * closed connection's, autovacuum's) is left out rather than subtracted, one that started counts whole.
 */
const postgresCpuMs = (before: Map<string, number>, after: Map<string, number>) =>
  [...after].reduce((sum, [pid, ticks]) => sum + ticks - (before.get(pid) ?? 0), 0) * TICK_MS;
const withPg = async (text: string) => {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(text).finally(() => client.end());
};

await runBench(async () => {
  onFinish(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  if (schema) {
    await withPg(`create schema ${schema}`);
    onFinish(() => withPg(`drop schema if exists ${schema} cascade`));
  }
  const app = await buildApp(
    {
      ...loadConfig({ DATA_DIR: dataDir, ADMIN_PASSWORD: 'bench-password' }),
      databaseUrl,
      clientDir: dataDir,
      logToConsole: false,
    },
    { databaseSchema: schema, liveListen: false },
  );
  onFinish(() => app.close());
  const started = performance.now();
  const bands = await seedCatalogue(app.db, new Date().toISOString(), SONGS);
  await sql`analyze`.execute(app.db);
  // PostgreSQL: as autovacuum leaves the tables a minute after the seed (this machine's server runs
  // without it): the visibility map set, so that a walk of a covering index reads no table rows.
  if (schema) {
    for (const table of ['songs', 'performers', 'playlists', 'gigs']) {
      await sql`vacuum analyze ${sql.table(table)}`.execute(app.db);
    }
  }
  // As the server's search-index job leaves it within a minute of the writes (SQLite).
  await mergeSearchIndexes(app.db);
  console.log(`${SONGS} songs seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const user = (role: string) => ({ id: 1, role, band_id: bands[0] }) as unknown as UserWithBand;
  const people = { band: user('band_admin'), admin: user('admin') };
  // The total as the list cache keeps it (counted once per caller's scope, filter and search, then
  // reused while nothing in the scope changes): the cost of every page after a search's first. Kept
  // per caller as the app keeps it: a system admin's total is not a band admin's.
  const totals = new Map<string, unknown>();
  const keptFor =
    (who: string, only?: string): Memo =>
    async (key, compute) => {
      if (only !== undefined && !key.startsWith(only)) return compute();
      const scoped = `${who}:${key}`;
      if (!totals.has(scoped)) totals.set(scoped, await compute());
      return totals.get(scoped) as Awaited<ReturnType<typeof compute>>;
    };
  const time = async (title: string, run: () => Promise<unknown>) => {
    for (let i = 0; i < 20; i++) await run();
    const pgBefore = postgresTicks();
    const cpu = process.cpuUsage();
    const wall = performance.now();
    // Each call's wall time too: the median says what a typical page costs, where the mean also
    // carries the few calls a busy core or a garbage collection held up.
    const calls: number[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      const call = performance.now();
      await run();
      calls.push(performance.now() - call);
    }
    const used = process.cpuUsage(cpu);
    const wallUs = ((performance.now() - wall) * 1000) / ROUNDS;
    const medianUs = calls.sort((a, b) => a - b)[ROUNDS >> 1] * 1000;
    const pgAfter = postgresTicks();
    const us = (used.user + used.system) / ROUNDS;
    const pgUs =
      pgBefore === undefined || pgAfter === undefined
        ? ''
        : (postgresCpuMs(pgBefore, pgAfter) * 1000) / ROUNDS;
    console.log(
      `${title.padEnd(48)} cpu ${us.toFixed(0).padStart(6)} µs   wall ${wallUs.toFixed(0).padStart(6)} µs` +
        `   median ${medianUs.toFixed(0).padStart(6)} µs` +
        (pgUs === '' ? '' : `   postgres cpu ${pgUs.toFixed(0).padStart(6)} µs`),
    );
  };
  for (const [who, caller] of Object.entries(people)) {
    if (CALLERS && !CALLERS.includes(who)) continue;
    const kept = keptFor(who);
    // A new word in a list whose scope has not changed since it was last searched: what the list
    // cache keeps for the caller's scope whatever the search (a part's size) is kept, nothing of
    // the word's own.
    const scopeKept = keptFor(who, SCOPE);
    for (const o of OWNERSHIPS) {
      // Common words that match songs the caller sees (how many is printed), a title, nothing, and
      // a two-letter search. A line without "total kept" is a search's first page: what a user
      // waits for after typing; "nothing kept", the first search after a write in the scope.
      for (const q of QUERIES) {
        const { total, more } = await listSongs(app.db, caller, { ownership: o, q, page: 0 });
        const count = `${more ? 'more than ' : ''}${total.toLocaleString('en')}`;
        console.log(`${who} o=${o} q=${q || '-'}: ${count} songs match`);
        for (const page of [0, 9]) {
          const args = { ownership: o, q, page };
          const tag = `${who} o=${o} q=${q || '-'} pg=${page}`;
          if (page === 0) await time(`songs ${tag} nothing kept`, () => listSongs(app.db, caller, args));
          await time(`songs ${tag}`, () => listSongs(app.db, caller, args, scopeKept));
          await time(`songs ${tag} total kept`, () => listSongs(app.db, caller, args, kept));
          if (page === 0 && !SONGS_ONLY) {
            await time(`performers ${tag}`, () => listPerformers(app.db, caller, args));
            await time(`performers ${tag} total kept`, () => listPerformers(app.db, caller, args, kept));
            await time(`playlists ${tag}`, () => listPlaylists(app.db, caller, args));
          }
        }
      }
    }
    if (!SONGS_ONLY) await time(`gigs ${who}`, () => listGigs(app.db, caller, { page: 0 }));
  }
}, LIMIT);
