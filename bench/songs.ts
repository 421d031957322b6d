// `npm run bench`: the songs list at 1k, 10k and 100k songs, cached and uncached (each request
// after a write that invalidates it), on SQLite and, when it answers, PostgreSQL; a write mix of 20
// band admins; and a bare Fastify route answering the same bytes, for scale. Each line ends with its
// throughput as a share of the bare route's. Environment: BENCH_SECONDS (5), BENCH_WARMUP_SECONDS (1),
// BENCH_CONNECTIONS (50), BENCH_SIZES (1000,10000,100000), BENCH_DATABASES (sqlite,postgres),
// DATABASE_URL (else postgres://postgres@127.0.0.1:5432/test is tried), BENCH_TIMEOUT_SECONDS (900),
// BENCH_ONLY (run only the lines whose title holds this text, e.g. `write mix`; the bare route always
// runs, as every line's ratio is to it).
import autocannon from 'autocannon';
import pg from 'pg';
import { formatSongsField } from '../src/shared/playlist-songs.js';
import { type BenchServer, envNumber, runBench, start } from './child.js';
import type { BandInfo } from './songs-server.js';

const SECONDS = envNumber('BENCH_SECONDS', 5);
const WARMUP = envNumber('BENCH_WARMUP_SECONDS', 1);
const CONNECTIONS = envNumber('BENCH_CONNECTIONS', 50);
const SIZES = (process.env.BENCH_SIZES ?? '1000,10000,100000').split(',').map(Number);
const DATABASES = (process.env.BENCH_DATABASES ?? 'sqlite,postgres').split(',');
const LIMIT = envNumber('BENCH_TIMEOUT_SECONDS', 900);
const WRITERS = 20;
const ONLY = process.env.BENCH_ONLY?.toLowerCase();
const POSTGRES_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const CSRF = { cookie: 'XSRF-TOKEN=bench', 'x-xsrf-token': 'bench' };

type AppInfo = { port: number; bands: BandInfo[] };
type Request = autocannon.Request;
interface Row {
  title: string;
  rps: number;
  p50: number;
  p99: number;
  cpu: number;
  errors: number;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN;
const LIST = '/api/admin/songs?o=1&pg=0';
const auth = (band: BandInfo) => ({ authorization: `Bearer ${band.token}`, accept: 'application/json' });
const json = (band: BandInfo, method: string, path: string, body: object): Request => ({
  method: method as Request['method'],
  path,
  headers: { ...auth(band), ...CSRF, 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

/**
 * A load run after a short untimed one (so the JIT and caches are warm alike for every contender).
 * Each connection gets its own requests from `perClient`; only responses `counted` picks (by their
 * index in the connection's cycle) make the line's throughput and latencies.
 */
async function measure(
  title: string,
  server: BenchServer<unknown>,
  url: string,
  options: {
    connections?: number;
    perClient: (client: number) => Request[];
    counted?: (index: number) => boolean;
  },
): Promise<Row | undefined> {
  const connections = options.connections ?? CONNECTIONS;
  if (ONLY && !title.toLowerCase().includes(ONLY) && !title.startsWith('bare')) return undefined;
  const cycle = options.perClient(0).length;
  const run = (duration: number, latencies?: number[]) => {
    let clients = 0;
    const seen = new Map<unknown, number>();
    let errors = 0;
    return new Promise<{ duration: number; errors: number }>((resolve, reject) => {
      const instance = autocannon(
        {
          url,
          connections,
          duration,
          setupClient: (client) => client.setRequests(options.perClient(clients++)),
        },
        (error, result: autocannon.Result) =>
          error ? reject(error) : resolve({ duration: result.duration, errors: errors + result.errors }),
      );
      instance.on('response', (client, status, _bytes, time) => {
        const n = seen.get(client) ?? 0;
        seen.set(client, n + 1);
        if (status >= 300) errors++;
        if (latencies && (options.counted?.(n % cycle) ?? true)) latencies.push(time);
      });
    });
  };
  await run(WARMUP);
  const latencies: number[] = [];
  const before = await server.cpu();
  const { duration, errors } = await run(SECONDS, latencies);
  const cpu = (await server.cpu()) - before;
  latencies.sort((a, b) => a - b);
  return {
    title,
    rps: latencies.length / duration,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    cpu: cpu / Math.max(1, latencies.length),
    errors,
  };
}

const rows: { row: Row; ratio: number }[] = [];
let bareRps = NaN;
function report(row: Row | undefined) {
  if (!row) return;
  const ratio = row.rps / bareRps;
  rows.push({ row, ratio });
  console.log(
    `${row.title.padEnd(44)} ${Math.round(row.rps).toLocaleString('en').padStart(7)} req/s` +
      `   p50 ${row.p50.toFixed(1).padStart(6)} ms   p99 ${row.p99.toFixed(1).padStart(6)} ms` +
      `   cpu ${Math.round(row.cpu).toLocaleString('en').padStart(6)} µs/req   errors ${row.errors}` +
      `   ${(ratio * 100).toFixed(1).padStart(5)}% of bare`,
  );
}

/** The songs list of band 1's admin, cached, then after a write by the same band each time. */
async function listLines(label: string, server: BenchServer<AppInfo>) {
  const { port, bands } = server.info;
  const base = `http://127.0.0.1:${port}`;
  const caller = bands[0];
  const read: Request = { method: 'GET', path: LIST, headers: auth(caller) };
  report(await measure(`${label} list, cached`, server, base, { perClient: () => [read] }));
  // As a browser asks: the cached page's compressed form is kept with it (services/compressed-answer.ts).
  const readAsBrowser: Request = {
    ...read,
    headers: { ...auth(caller), 'accept-encoding': 'gzip, deflate, br' },
  };
  report(await measure(`${label} list, cached, br`, server, base, { perClient: () => [readAsBrowser] }));
  // The list computed on every request (page and total), with sessions and versions still from
  // memory: what a page costs the database side when no cache helps.
  const cacheOff = (on: boolean) =>
    new Promise<void>((resolve, reject) =>
      server.child.send({ type: 'list-cache', on }, (error) => (error ? reject(error) : resolve())),
    );
  await cacheOff(false);
  report(await measure(`${label} list, cache off`, server, base, { perClient: () => [read] }));
  // A common word that matches songs the caller sees (a word that matches none costs little and
  // would flatter the figure): the first page, total included, on every request.
  const search: Request = { method: 'GET', path: `${LIST}&q=srce`, headers: auth(caller) };
  const found = await fetch(`${base}${search.path}`, { headers: auth(caller) });
  const matches = ((await found.json()) as { total: number }).total.toLocaleString('en');
  report(
    await measure(`${label} list q=srce (${matches} match), cache off`, server, base, {
      perClient: () => [search],
    }),
  );
  await cacheOff(true);
  // Each connection rewrites one of the band's songs as it is (the triggers still count it as a
  // change) and then reads the list, which the write has made stale.
  const rewrite = (client: number): Request => {
    const song = caller.songs[client % caller.songs.length];
    return json(caller, 'POST', `/api/admin/song/${song.id}/update`, {
      title: song.naziv,
      performer: String(song.performer),
      visible: String(song.visibility),
    });
  };
  report(
    await measure(`${label} list, uncached (after a write)`, server, base, {
      perClient: (client) => [rewrite(client), read],
      counted: (index) => index === 1,
    }),
  );
}

/** 20 band admins at once, each adding a song and saving their playlist in turn. */
async function writeMix(label: string, server: BenchServer<AppInfo>) {
  const { port, bands } = server.info;
  let added = 0;
  report(
    await measure(`${label} write mix (${WRITERS} band admins)`, server, `http://127.0.0.1:${port}`, {
      connections: WRITERS,
      perClient: (client) => {
        const band = bands[client % bands.length];
        const song = band.songs[0];
        return [
          json(band, 'POST', '/api/admin/addsong', {
            title: `Nova pesma ${client}-${added++}`,
            performer: String(song.performer),
            visible: '0',
          }),
          json(band, 'POST', `/api/admin/playlist/${band.playlist}/update`, {
            title: `Setlist ${client + 1}`,
            visible: '0',
            songs: formatSongsField(band.songs.map((s) => s.id).reverse()),
          }),
        ];
      },
    }),
  );
}

async function postgresAnswers(): Promise<boolean> {
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

async function main() {
  const databases: { name: string; env: Record<string, string> }[] = [];
  if (DATABASES.includes('sqlite')) databases.push({ name: 'SQLite', env: {} });
  if (DATABASES.includes('postgres')) {
    if (await postgresAnswers())
      databases.push({ name: 'PostgreSQL', env: { BENCH_DATABASE_URL: POSTGRES_URL } });
    else console.log(`PostgreSQL at ${POSTGRES_URL.replace(/\/\/[^@]*@/, '//')} does not answer: skipped.`);
  }
  let bare: BenchServer<{ port: number }> | undefined;
  for (const database of databases) {
    for (const size of SIZES) {
      const label = `${database.name} ${size >= 1000 ? `${size / 1000}k` : size}`;
      const started = performance.now();
      const server = await start<AppInfo>('bench/songs-server.ts', {
        ...database.env,
        BENCH_SONGS: String(size),
      });
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      if (!bare) {
        // The bare route answers the bytes of the first list page, as the real route would.
        const sample = await fetch(`http://127.0.0.1:${server.info.port}${LIST}`, {
          headers: auth(server.info.bands[0]),
        });
        const body = Buffer.from(await sample.arrayBuffer());
        bare = await start('bench/bare-server.ts', { BARE_BODY_BASE64: body.toString('base64') });
        console.log(
          `GET /api/admin/songs?o=1&pg=0 as band 1's admin (own and other bands' public songs), ` +
            `${body.length} bytes; ${CONNECTIONS} connections, ${SECONDS} s after ${WARMUP} s warm-up\n`,
        );
        const row = await measure(
          'bare Fastify route (same bytes)',
          bare,
          `http://127.0.0.1:${bare.info.port}`,
          {
            perClient: () => [{ method: 'GET', path: '/bare' }],
          },
        );
        bareRps = row?.rps ?? NaN;
        report(row);
        await bare.stop();
      }
      console.log(`(${label}: started and seeded in ${seconds} s)`);
      await listLines(label, server);
      if (size === (SIZES.includes(10_000) ? 10_000 : SIZES.at(-1))) await writeMix(label, server);
      await server.stop();
    }
  }
  console.log('\n| line | req/s | p50 ms | p99 ms | server CPU µs/req | errors | of bare |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: |');
  for (const { row, ratio } of rows) {
    console.log(
      `| ${row.title} | ${Math.round(row.rps).toLocaleString('en')} | ${row.p50.toFixed(1)} | ${row.p99.toFixed(1)} | ` +
        `${Math.round(row.cpu).toLocaleString('en')} | ${row.errors} | ${(ratio * 100).toFixed(1)}% |`,
    );
  }
  return rows.some(({ row }) => row.errors > 0) ? 1 : 0;
}

await runBench(main, LIMIT);
