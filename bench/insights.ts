// `npm run bench:insights`: GET /api/admin/insights (issue 29, point 3) over a band's history of
// BENCH_GIGS gigs (1,000) of BENCH_REQUESTS requests each (500), on SQLite or (BENCH_DATABASE_URL)
// PostgreSQL: the real app on a port of its own, asked over HTTP by a band admin for the whole
// period, then by a system admin for every band, BENCH_ROUNDS times each (5). Prints each call's
// time and the load average at the start and the end (the figures depend on what else runs).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { sql } from 'kysely';
import { buildApp } from '../src/server/app.js';
import * as figures from '../src/server/db/insights.js';
import { loadConfig } from '../src/server/config.js';
import { hashPassword } from '../src/server/services/auth/passwords.js';
import { envNumber, onFinish, runBench } from './child.js';

const GIGS = envNumber('BENCH_GIGS', 1000);
const PER_GIG = envNumber('BENCH_REQUESTS', 500);
const SONGS = 500;
const ROUNDS = envNumber('BENCH_ROUNDS', 5);
const LIMIT = envNumber('BENCH_TIMEOUT_SECONDS', 900);
const databaseUrl = process.env.BENCH_DATABASE_URL || undefined;
const schema = databaseUrl ? `bench_${randomBytes(6).toString('hex')}` : undefined;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'encore-insights-'));
const withPg = async (text: string) => {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(text).finally(() => client.end());
};

const ADMIN = { email: 'root@bench.test', password: 'bench-password' };
const MEMBER = { email: 'band@bench.test', password: 'bench-password' };
const FIRST_NIGHT = Date.parse('2024-01-01T20:00:00Z');
const DAY_MS = 86_400_000;

await runBench(async () => {
  onFinish(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  if (schema) {
    await withPg(`create schema ${schema}`);
    onFinish(() => withPg(`drop schema if exists ${schema} cascade`));
  }
  const app = await buildApp(
    {
      ...loadConfig({ DATA_DIR: dataDir, ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password }),
      databaseUrl,
      clientDir: dataDir,
      logToConsole: false,
      timeZone: 'Europe/Belgrade',
    },
    { databaseSchema: schema, liveListen: false },
  );
  onFinish(() => app.close());
  const db = app.db;
  const now = new Date().toISOString();
  const started = performance.now();

  const band = await db
    .insertInto('bands')
    .values({ naziv: 'Bench band', slug: 'bench-band', email: null, picture: null, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('users')
    .values({
      name: 'Bench member',
      email: MEMBER.email,
      password_hash: await hashPassword(MEMBER.password),
      role: 'band_admin',
      band_id: band.id,
      created_at: now,
      updated_at: now,
    })
    .execute();
  const performer = await db
    .insertInto('performers')
    .values({
      band_id: band.id,
      created_by: null,
      naziv: 'Bench performer',
      search: 'bench performer',
      created_at: now,
      slika: null,
      visibility: 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const songIds: number[] = [];
  for (let i = 0; i < SONGS; i++) {
    const naziv = `Song ${i}`;
    const song = await db
      .insertInto('songs')
      .values({
        band_id: band.id,
        created_by: null,
        naziv,
        search: naziv.toLowerCase(),
        created_at: now,
        slika: null,
        performer_id: performer.id,
        visibility: 1,
        resursi: null,
        resource_file: null,
        tonalitet: null,
        tempo: null,
        trajanje: null,
        akordi: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    songIds.push(song.id);
  }
  let position = 0;
  for (let g = 0; g < GIGS; g++) {
    const night = FIRST_NIGHT + g * DAY_MS;
    const naziv = `Gig ${g}`;
    const gig = await db
      .insertInto('gigs')
      .values({
        band_id: band.id,
        created_by: null,
        naziv,
        search: naziv.toLowerCase(),
        created_at: now,
        lokacija: 'Beograd',
        pocetak: new Date(night + 3_600_000).toISOString().slice(0, 16),
        slika: null,
        status: 0,
        razmakpesme: 0,
        razmakvreme: 0,
        playlist_id: null,
        token: randomBytes(16).toString('hex'),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const rows = Array.from({ length: PER_GIG }, (_, k) => {
      position += 1;
      const at = new Date(night + k * 30_000).toISOString();
      // A few songs asked for often, most rarely (k² spreads them unevenly).
      const song = songIds[(k * k + g) % (SONGS - 50)];
      const status = k % 10 === 0 ? 'declined' : k % 10 === 1 ? 'waiting' : 'played';
      return {
        gig_id: gig.id,
        song_id: song,
        device_id: `d${k}`,
        ip: '203.0.113.1',
        status,
        position,
        created_at: at,
        updated_at: at,
      };
    });
    // 250 rows a statement stays below PostgreSQL's 65,535 parameters.
    for (let i = 0; i < rows.length; i += 250)
      await db
        .insertInto('song_requests')
        .values(rows.slice(i, i + 250))
        .execute();
    await db
      .insertInto('search_misses')
      .values(
        Array.from({ length: 20 }, (_, i) => ({
          gig_id: gig.id,
          band_id: band.id,
          day: new Date(night).toISOString().slice(0, 10),
          text: `missing ${(i * 7 + g) % 200}`,
          count: 1 + (i % 3),
        })),
      )
      .execute();
  }
  await sql`analyze`.execute(db);
  console.log(
    `${GIGS} gigs × ${PER_GIG} requests (${GIGS * PER_GIG} in all), ${SONGS} songs, on ${databaseUrl ? 'PostgreSQL' : 'SQLite'}: seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const tokenOf = async ({ email, password }: typeof ADMIN) => {
    const response = await fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: 'XSRF-TOKEN=b', 'x-xsrf-token': 'b' },
      body: JSON.stringify({ email, password }),
    });
    return ((await response.json()) as { data: { token: string } }).data.token;
  };
  const last = new Date(FIRST_NIGHT + GIGS * DAY_MS).toISOString().slice(0, 10);
  const ask = async (title: string, token: string, query: string) => {
    const times: number[] = [];
    let total = 0;
    for (let i = 0; i < ROUNDS; i++) {
      const t0 = performance.now();
      const response = await fetch(`${base}/api/admin/insights?${query}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const body = (await response.json()) as { totals: { total: number } };
      times.push(performance.now() - t0);
      if (!response.ok) throw new Error(`${response.status}: ${JSON.stringify(body)}`);
      total = body.totals.total;
    }
    times.sort((a, b) => a - b);
    const ms = (n: number) => `${n.toFixed(0)} ms`;
    console.log(
      `${title}: ${total} requests summed; median ${ms(times[Math.floor(times.length / 2)])}, fastest ${ms(times[0])}, slowest ${ms(times.at(-1)!)} (${ROUNDS} calls)`,
    );
  };
  // Each figure's query alone, once, for the whole history: where the time goes.
  const scope = { band: band.id, from: '2024-01-01', to: last };
  const parts: [string, () => Promise<unknown>][] = [
    ['per gig', () => figures.requestsPerGig(db, scope)],
    ['per hour', () => figures.requestsPerUtcHour(db, scope)],
    ['songs', () => figures.topSongs(db, scope, figures.TOP.songs)],
    ['performers', () => figures.topPerformers(db, scope, figures.TOP.performers)],
    ['misses', () => figures.topSearchMisses(db, scope, figures.TOP.misses)],
    ['never requested', () => figures.neverRequested(db, scope, figures.TOP.never)],
  ];
  const each = [];
  for (const [name, run] of parts) {
    const t0 = performance.now();
    await run();
    each.push(`${name} ${(performance.now() - t0).toFixed(0)} ms`);
  }
  console.log(`each figure once: ${each.join(', ')}`);
  await ask('band admin, every gig', await tokenOf(MEMBER), `from=2024-01-01&to=${last}`);
  await ask('band admin, one month', await tokenOf(MEMBER), 'from=2024-06-01&to=2024-06-30');
  await ask('system admin, every band', await tokenOf(ADMIN), `from=2024-01-01&to=${last}`);
}, LIMIT);
