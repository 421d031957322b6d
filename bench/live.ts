// `npm run bench:live`: websocket clients follow one gig while song requests arrive at a steady rate.
// Prints p50 and p99 of the time from a request's acceptance (the server's commit) to its arrival at
// each subscriber's socket (the band page's is one of them), of each guest's request from sending to
// its answer, the events lost, the server's memory per subscriber, a bare websocket echo's round trip
// for scale, and the audience page's gzipped JavaScript.
//
//   npm run bench:live                      gig night: 300 subscribers, 20 requests/s for 30 s
//   npm run bench:live -- --scale           a big night (issue 15): 3,000 subscribers, 50 requests/s
//                                           for 20 s, 1,000 of them dropped and reconnected within
//                                           one second halfway through
//   npm run bench:live -- --two-processes   issue 16: two server processes on one PostgreSQL and one
//                                           Redis; 1,000 subscribers on process 2, 50 requests/s
//                                           through process 1
//   npm run bench:live -- --sse             half the subscribers follow on the Server-Sent Events
//                                           fallback instead (bench/sse-subscriber.ts); delivery and
//                                           lost events are printed for each kind (with any mode)
//   npm run bench:live -- --admin-load      issue 23: gig night while band admins preview big CSV
//                                           files and match 300-line setlists against the band's
//                                           60,000 songs, one request after another (bench/admin-load.ts)
//   npm run bench:live -- --gig-night       issue 25: 3,000 subscribers, 50 requests/s for 20 s, while
//                                           20 band admins search the band's 100,000 songs as they
//                                           type and one imports 5,000-row CSVs (bench/gig-night-admins.ts)
//
// BENCH_PHONES=native reads the subscribers' websockets with a small C program
// (bench/native-subscribers.ts) instead of Node: the phones' reading off the server's two cores, as
// real phones bring their own CPU (not with --sse or a reconnect storm).
// BENCH_SPLIT (one-process modes): two server processes on one SQLite file and the local Redis, the
// guests' requests and the admins on the first; `half`: the subscribers split over both (the
// fan-out on both cores); `live`: every subscriber on the second (the API's event loop without it).
// BENCH_CLIENTS, BENCH_RATE, BENCH_SECONDS, BENCH_RECONNECT and BENCH_CLIENT_PROCESSES (how many
// processes hold the subscribers, 2 by default) change a mode's figures; with --admin-load,
// BENCH_ADMINS (2) and BENCH_CATALOGUE (60,000 songs) too; with --gig-night, BENCH_SEARCHERS (20)
// BENCH_IMPORTERS (1), BENCH_CATALOGUE (100,000) and BENCH_SEARCH_PAUSE_MS (500: a searcher's pause
// after each answer; 0: one request after another). READ_WORKERS=0 reads the lists and writes the
// imports on the main thread. The load average is printed at the start and the end: the machine may
// be shared.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import pg from 'pg';
import { WebSocket } from 'ws';
import { adminLoad } from './admin-load.js';
import { gigNightAdmins } from './gig-night-admins.js';
import { type BenchServer, envNumber, onFinish, runBench, start } from './child.js';

type Mode = 'night' | 'scale' | 'two-processes' | 'admin-load' | 'gig-night';
const mode: Mode = process.argv.includes('--two-processes')
  ? 'two-processes'
  : process.argv.includes('--scale')
    ? 'scale'
    : process.argv.includes('--admin-load')
      ? 'admin-load'
      : process.argv.includes('--gig-night')
        ? 'gig-night'
        : 'night';
const PLANS: Record<Mode, { clients: number; rate: number; seconds: number; reconnect: number }> = {
  night: { clients: 300, rate: 20, seconds: 30, reconnect: 0 },
  'admin-load': { clients: 300, rate: 20, seconds: 30, reconnect: 0 },
  scale: { clients: 3000, rate: 50, seconds: 20, reconnect: 1000 },
  'two-processes': { clients: 1000, rate: 50, seconds: 20, reconnect: 0 },
  'gig-night': { clients: 3000, rate: 50, seconds: 20, reconnect: 0 },
};
const plan = PLANS[mode];
const SSE = process.argv.includes('--sse');
const CLIENTS = envNumber('BENCH_CLIENTS', plan.clients);
const RATE = envNumber('BENCH_RATE', plan.rate);
const SECONDS = envNumber('BENCH_SECONDS', plan.seconds);
const RECONNECT = process.env.BENCH_RECONNECT === '0' ? 0 : envNumber('BENCH_RECONNECT', plan.reconnect);
const CLIENT_PROCESSES = envNumber('BENCH_CLIENT_PROCESSES', 2);
const NATIVE_PHONES = process.env.BENCH_PHONES === 'native';
if (NATIVE_PHONES && (SSE || RECONNECT))
  throw new Error(
    'BENCH_PHONES=native follows on websockets only, without a reconnect storm (BENCH_RECONNECT=0).',
  );
const LIMIT = envNumber('BENCH_TIMEOUT_SECONDS', 300);
const DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const BUDGET_KB = 60;
const ADMINS = envNumber('BENCH_ADMINS', 2);
const CATALOGUE = envNumber('BENCH_CATALOGUE', mode === 'gig-night' ? 100_000 : 60_000);
const SEARCHERS = process.env.BENCH_SEARCHERS === '0' ? 0 : envNumber('BENCH_SEARCHERS', 20);
const IMPORTERS = process.env.BENCH_IMPORTERS === '0' ? 0 : envNumber('BENCH_IMPORTERS', 1);
/** A searcher's pause after each answer (bench/gig-night-admins.ts): the panel's 500 ms debounce. */
const SEARCH_PAUSE_MS =
  process.env.BENCH_SEARCH_PAUSE_MS === '0' ? 0 : envNumber('BENCH_SEARCH_PAUSE_MS', 500);

const now = () => performance.timeOrigin + performance.now();
const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN;
const ms = (n: number) => `${n.toFixed(1)} ms`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function open(url: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Round trips of a bare ws echo, one message at a time. */
async function echoRoundTrips(port: number, count = 2000) {
  const socket = await open(`ws://127.0.0.1:${port}`);
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const sent = now();
    await new Promise<void>((resolve) => {
      socket.once('message', () => resolve());
      socket.send(JSON.stringify({ type: 'ping', i }));
    });
    times.push(now() - sent);
  }
  socket.close();
  return times.sort((a, b) => a - b);
}

/** The audience page's JavaScript as the browser loads it, gzipped. */
function audienceBundleBytes() {
  const dir = 'dist/client';
  const html = fs.readFileSync(path.join(dir, 'audience.html'), 'utf8');
  const scripts = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]);
  return scripts.reduce((sum, file) => sum + gzipSync(fs.readFileSync(path.join(dir, file))).length, 0);
}

async function withPg(text: string) {
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  await client.query(text).finally(() => client.end());
}

type AppInfo = { port: number; token: string; dataDir: string; adminToken?: string; playlist?: number };
const SPLIT = ((split) => (split === 'half' || split === 'live' ? split : undefined))(
  process.env.BENCH_SPLIT,
);
/** --expose-gc for the memory figures; BENCH_SERVER_NODE_OPTIONS adds e.g. --cpu-prof. */
const SERVER_OPTIONS = [
  '--expose-gc',
  ...(process.env.BENCH_SERVER_NODE_OPTIONS ?? '').split(' ').filter(Boolean),
];

/**
 * The server(s): `accepting` takes the guests' requests, `serving` holds the subscribers. In one
 * process they are the same; with --two-processes each is its own process on a fresh PostgreSQL
 * database (dropped afterwards) and the local Redis.
 */
async function servers(): Promise<{ accepting: BenchServer<AppInfo>; serving: BenchServer<AppInfo> }> {
  const songs = String(Math.max(1000, RATE * SECONDS + 100));
  if (mode !== 'two-processes') {
    const catalogue: Record<string, string> =
      mode === 'admin-load' || mode === 'gig-night' ? { BENCH_CATALOGUE: String(CATALOGUE) } : {};
    const redis: Record<string, string> = SPLIT ? { BENCH_REDIS_URL: REDIS_URL } : {};
    const one = await start<AppInfo>(
      'bench/live-server.ts',
      { BENCH_SONGS: songs, ...catalogue, ...redis },
      SERVER_OPTIONS,
    );
    if (!SPLIT) return { accepting: one, serving: one };
    const two = await start<AppInfo>(
      'bench/live-server.ts',
      { ...redis, BENCH_DATA_DIR: one.info.dataDir, BENCH_GIG_TOKEN: one.info.token },
      SERVER_OPTIONS,
    );
    return { accepting: one, serving: two };
  }
  const database = `encore_bench_live_${randomBytes(6).toString('hex')}`;
  await withPg(`create database ${database}`);
  onFinish(() => withPg(`drop database if exists ${database} with (force)`));
  const url = new URL(DATABASE_URL);
  url.pathname = `/${database}`;
  const env = { BENCH_DATABASE_URL: url.toString(), BENCH_REDIS_URL: REDIS_URL, BENCH_SONGS: songs };
  // One after the other: the first brings the database up to date and seeds the gig.
  const accepting = await start<AppInfo>('bench/live-server.ts', env, SERVER_OPTIONS);
  const serving = await start<AppInfo>(
    'bench/live-server.ts',
    { ...env, BENCH_GIG_TOKEN: accepting.info.token },
    SERVER_OPTIONS,
  );
  return { accepting, serving };
}

type Kind = 'websocket' | 'stream';
interface KindReport {
  phones: number;
  events: number;
  replayed: number;
  p50: number;
  p99: number;
  max: number;
  missing: number;
  outOfOrder: number;
  versions: Record<string, number>;
  open: number;
}
interface Report {
  errors: string[];
  kinds: Record<Kind, KindReport>;
}
interface Resync {
  dropped: number;
  resynced: number;
  retries: number;
  failed: string[];
  spreadMs: number;
  resyncP50: number;
  resyncP99: number;
}

async function main() {
  const { accepting, serving } = await servers();
  const echo = await start<{ port: number }>('bench/echo-server.ts');
  const { token } = accepting.info;
  const base = `http://127.0.0.1:${accepting.info.port}`;
  const echoTimes = await echoRoundTrips(echo.info.port);
  await echo.stop();

  // The subscribers, in processes of their own, split evenly.
  const before = await serving.ask<NodeJS.MemoryUsage>('memory');
  const shares = Array.from({ length: CLIENT_PROCESSES }, (_, i) =>
    Math.floor((CLIENTS + i) / CLIENT_PROCESSES),
  ).filter(Boolean);
  const phones = await Promise.all(
    shares.map((count, i) => {
      // With BENCH_SPLIT=half, every other subscriber process follows the gig on the first server.
      const port = (SPLIT === 'half' && i % 2 === 0 ? accepting : serving).info.port;
      const script = NATIVE_PHONES ? 'bench/native-subscribers.ts' : 'bench/live-subscribers.ts';
      return start<{ version: number }>(script, {
        BENCH_WS_URL: `ws://127.0.0.1:${port}/ws`,
        ...(SSE && { BENCH_STREAM_URL: `http://127.0.0.1:${port}/api/live/${token}/events` }),
        BENCH_GIG: token,
        BENCH_CLIENTS: String(count),
      });
    }),
  );
  const after = await serving.ask<NodeJS.MemoryUsage>('memory');
  const firstVersion = phones[0].info.version;

  const cookie = (await fetch(`${base}/sanctum/csrf-cookie`)).headers.get('set-cookie')!.split(';')[0];
  const xsrf = decodeURIComponent(cookie.split('=')[1]);
  const { songs } = (await (await fetch(`${base}/api/public/gig/${token}`)).json()) as {
    songs: { id: number }[];
  };
  const total = RATE * SECONDS;
  if (songs.length < total) throw new Error(`The gig has ${songs.length} songs; the run needs ${total}.`);

  let accepted = 0;
  const refused: string[] = [];
  const answered: number[] = [];
  const sends: Promise<void>[] = [];
  let resyncs: Promise<Resync[]> | undefined;
  const phonesCpuBefore = await Promise.all(phones.map((child) => child.cpu()));
  // This process sends the guests' requests and runs the admins' load: a generator on the same cores.
  const benchCpuBefore = process.cpuUsage();
  const cpuBefore = await serving.cpu();
  type Loop = { p50: number; p99: number; max: number };
  await serving.ask<Loop>('loop');
  const acceptingCpuBefore = accepting === serving ? 0 : await accepting.cpu();
  const loadAtStart = loadAverage();
  const admins =
    mode === 'admin-load'
      ? adminLoad(base, {
          token: accepting.info.adminToken!,
          playlist: accepting.info.playlist!,
          cookie,
          xsrf,
          admins: ADMINS,
        })
      : mode === 'gig-night'
        ? gigNightAdmins(base, {
            token: accepting.info.adminToken!,
            cookie,
            xsrf,
            searchers: SEARCHERS,
            importers: IMPORTERS,
            pauseMs: SEARCH_PAUSE_MS,
          })
        : undefined;
  const started = now();
  for (let i = 0; i < total; i++) {
    // Requests at a steady rate, each from its own phone for its own song.
    const due = started + (i * 1000) / RATE;
    await sleep(Math.max(0, due - now()));
    if (RECONNECT && !resyncs && i >= total / 2) {
      // Halfway through: the venue's Wi-Fi drops RECONNECT phones, and they all come back within 1 s.
      resyncs = Promise.all(
        phones.map((child, n) =>
          child.ask<Resync>('reconnect', {
            count: Math.floor((RECONNECT + n) / phones.length),
            withinMs: 1000,
          }),
        ),
      );
    }
    const sent = now();
    sends.push(
      fetch(`${base}/api/public/gig/${token}/requests`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          cookie,
          'x-xsrf-token': xsrf,
          'x-device-id': `bench-device-${i.toString().padStart(6, '0')}`,
        },
        body: JSON.stringify({ song_id: songs[i].id }),
      }).then(
        async (response) => {
          answered.push(now() - sent);
          if (response.status === 201) accepted++;
          else refused.push(`${response.status} ${await response.text()}`);
        },
        (error: Error) => void refused.push(`${error.message} (${String(error.cause)})`),
      ),
    );
  }
  await Promise.all(sends);
  const adminReport = await admins?.stop();
  const resynced = resyncs ? await resyncs : [];
  const cpu = (await serving.cpu()) - cpuBefore;
  const loop = await serving.ask<Loop>('loop');
  const acceptingCpu = accepting === serving ? 0 : (await accepting.cpu()) - acceptingCpuBefore;
  const phonesCpu = (await Promise.all(phones.map((child) => child.cpu()))).map(
    (micros, n) => micros - phonesCpuBefore[n],
  );
  const benchCpu = process.cpuUsage(benchCpuBefore);
  const elapsed = (now() - started) / 1000;
  const share = (micros: number) => `${((micros / 1e6 / elapsed) * 100).toFixed(0)}%`;

  // Every event has arrived once every phone holds the last version (or a while has passed).
  const last = firstVersion + accepted;
  let reports: Report[] = [];
  for (const waitUntil = now() + 10_000; now() < waitUntil; await sleep(250)) {
    reports = await Promise.all(phones.map((child) => child.ask<Report>('report')));
    const kinds = reports.flatMap((report) => Object.values(report.kinds));
    if (kinds.every((kind) => (kind.versions[last] ?? 0) === kind.open)) break;
  }

  const load = loadAverage();
  const kinds = (SSE ? ['websocket', 'stream'] : ['websocket']) as Kind[];
  const delivery = kinds.map((kind) => ({
    kind,
    ...deliveryOf(
      reports.map((report) => report.kinds[kind]),
      last,
    ),
  }));
  const answers = answered.sort((a, b) => a - b);
  const lost = delivery.reduce((sum, { missing, behind }) => sum + missing + behind, 0);
  // The memory is the subscribing process's: with BENCH_SPLIT=half it holds every second process's share.
  const held =
    SPLIT === 'half' ? shares.filter((_, i) => i % 2 === 1).reduce((sum, n) => sum + n, 0) : CLIENTS;
  const perSubscriber = (key: 'heapUsed' | 'rss') => (after[key] - before[key]) / held / 1024;
  const dropped = resynced.reduce((sum, r) => sum + r.dropped, 0);
  const back = resynced.reduce((sum, r) => sum + r.resynced, 0);
  const bundle = audienceBundleBytes();

  console.log(
    mode === 'two-processes'
      ? `two processes (PostgreSQL, Redis): ${CLIENTS} subscribers on process 2, requests through process 1`
      : SPLIT
        ? `two processes (SQLite, Redis): ${CLIENTS} subscribers on one gig, ${SPLIT === 'half' ? 'half on each' : 'on process 2'}, requests through process 1`
        : `one process (SQLite): ${CLIENTS} subscribers on one gig`,
  );
  console.log(
    `${total} requests at ${RATE}/s for ${SECONDS} s (took ${elapsed.toFixed(1)} s); subscribers in ${phones.length} ${NATIVE_PHONES ? 'native' : 'Node'} processes; load average at the start ${loadAtStart}, at the end ${load}`,
  );
  if (adminReport) {
    const who =
      mode === 'gig-night'
        ? `${SEARCHERS} band admins searching (${SEARCH_PAUSE_MS ? `${SEARCH_PAUSE_MS} ms after each answer` : 'one request after another'}) and ${IMPORTERS} importing`
        : `${ADMINS} band admins, one request after another,`;
    console.log(`meanwhile ${who} against ${CATALOGUE} songs:`);
    for (const { name, times, failed } of adminReport.kinds.filter((k) => k.times.length || k.failed.length))
      console.log(
        `  ${name}: ${times.length} answered, p50 ${ms(percentile(times, 50))}, p99 ${ms(percentile(times, 99))}, max ${ms(times.at(-1) ?? NaN)}` +
          (failed.length ? `; ${failed.length} failed: ${failed.slice(0, 2).join('; ')}` : ''),
      );
  }
  console.log(
    `accepted ${accepted}, refused or failed ${refused.length}${refused.length ? `: ${refused.slice(0, 3).join('; ')}` : ''}`,
  );
  for (const {
    kind,
    phones: count,
    p50,
    p99,
    max,
    events,
    replayed,
    missing,
    behind,
    outOfOrder,
    open,
  } of delivery) {
    const label = kind === 'websocket' ? 'subscriber socket' : 'event stream';
    if (SSE)
      console.log(`${count} phones on ${kind === 'websocket' ? 'websockets' : 'the event stream fallback'}:`);
    console.log(
      `acceptance → ${label}: p50 ${ms(p50)}, p99 ${ms(p99)}, max ${ms(max)} over ${events} arrivals (target p99 ≤ 100 ms)` +
        (replayed
          ? `; besides, ${replayed} committed before a reconnecting phone asked, sent behind its snapshot`
          : ''),
    );
    console.log(
      `events lost: ${missing + behind} (must be 0): ${missing} skipped versions, ${behind} never reached a phone; out of order: ${outOfOrder}; phones still open ${open} of ${count}`,
    );
  }
  console.log(
    `guest's request → answer: p50 ${ms(percentile(answers, 50))}, p99 ${ms(percentile(answers, 99))}, max ${ms(answers.at(-1) ?? NaN)} (target p99 ≤ 250 ms)`,
  );
  if (RECONNECT)
    console.log(
      `reconnected: ${back} of ${dropped} dropped phones resynced (snapshot and the events after it as new as what they held; ${resynced.reduce((sum, r) => sum + r.retries, 0)} attempts retried), ` +
        `within ${ms(Math.max(...resynced.map((r) => r.spreadMs)))}; drop → queue back p50 ${ms(Math.max(...resynced.map((r) => r.resyncP50)))}, ` +
        `p99 ${ms(Math.max(...resynced.map((r) => r.resyncP99)))}` +
        (resynced.some((r) => r.failed.length)
          ? `; failures: ${resynced.flatMap((r) => r.failed).join('; ')}`
          : ''),
    );
  console.log(
    `server memory per subscriber: ${perSubscriber('heapUsed').toFixed(1)} kB heap, ${perSubscriber('rss').toFixed(1)} kB resident`,
  );
  console.log(
    `CPU during the requests, in shares of one core: server ${share(cpu)}` +
      (accepting === serving ? '' : ` (process 2), process 1 ${share(acceptingCpu)}`) +
      `; subscriber processes ${phonesCpu.map(share).join(', ')}` +
      `; the bench's own (guests' and admins' requests) ${share(benchCpu.user + benchCpu.system)}`,
  );
  console.log(
    `server event loop delay during the requests${accepting === serving ? '' : ' (process 2)'}: p50 ${ms(loop.p50)}, p99 ${ms(loop.p99)}, max ${ms(loop.max)}`,
  );
  console.log(
    `bare websocket echo round trip: p50 ${ms(percentile(echoTimes, 50))}, p99 ${ms(percentile(echoTimes, 99))}`,
  );
  console.log(`audience page JavaScript: ${(bundle / 1024).toFixed(1)} kB gzipped (budget ${BUDGET_KB} kB)`);
  const errors = reports.flatMap((report) => report.errors);
  if (errors.length) console.log(`errors the phones were sent: ${errors.join('; ')}`);
  const adminFailed = adminReport?.kinds.some((kind) => kind.failed.length) ?? false;
  return lost !== 0 || refused.length !== 0 || back !== dropped || adminFailed ? 1 : 0;
}

const loadAverage = () => fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

/** One kind of phone's figures over every subscriber process; lost = missing + behind. */
function deliveryOf(reports: KindReport[], last: number) {
  const held = reports.flatMap((report) =>
    Object.entries(report.versions).map(([version, count]) => ({ version: Number(version), count })),
  );
  const sum = (key: 'phones' | 'events' | 'replayed' | 'missing' | 'outOfOrder' | 'open') =>
    reports.reduce((total, report) => total + report[key], 0);
  // Percentiles of the whole from each process's own: the worst of them (an upper bound).
  const worst = (key: 'p50' | 'p99' | 'max') => Math.max(...reports.map((report) => report[key]));
  return {
    phones: sum('phones'),
    events: sum('events'),
    replayed: sum('replayed'),
    missing: sum('missing'),
    outOfOrder: sum('outOfOrder'),
    open: sum('open'),
    behind: held.reduce((total, { version, count }) => total + Math.max(0, last - version) * count, 0),
    p50: worst('p50'),
    p99: worst('p99'),
    max: worst('max'),
  };
}

await runBench(main, LIMIT);
