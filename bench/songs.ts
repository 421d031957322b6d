// `npm run bench`: GET /api/admin/songs (ownership 1, with and without q) against 10,000 songs,
// beside a bare Fastify route answering the same bytes. 50 connections for 10 s each.
import autocannon from 'autocannon';
import { start } from './child.js';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;

async function load(title: string, url: string, headers: Record<string, string> = {}) {
  // A short untimed run first, so the JIT and the list cache are warm for every contender alike.
  await autocannon({ url, connections: CONNECTIONS, duration: 2, headers });
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  const row = {
    title,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
  console.log(
    `${title.padEnd(34)} ${String(row.rps).padStart(7)} req/s   p50 ${row.p50} ms   p99 ${row.p99} ms   errors ${row.errors}`,
  );
  return row;
}

const real = await start('bench/songs-server.ts');
const base = `http://127.0.0.1:${real.info.port}`;
const auth = { authorization: `Bearer ${real.info.token}`, accept: 'application/json' };
const listUrl = `${base}/api/admin/songs?o=1&pg=0`;
const searchUrl = `${base}/api/admin/songs?o=1&pg=0&q=${encodeURIComponent('djurdjevdan')}`;
const sample = await fetch(listUrl, { headers: auth });
const body = Buffer.from(await sample.arrayBuffer());
const { total } = JSON.parse(body.toString());
const bare = await start('bench/bare-server.ts', { BARE_BODY_BASE64: body.toString('base64') });

console.log(
  `Songs visible to the caller: ${total}; response ${body.length} bytes; ${CONNECTIONS} connections, ${DURATION} s each\n`,
);
try {
  const bareRow = await load('bare Fastify route (same bytes)', `http://127.0.0.1:${bare.info.port}/bare`);
  const listRow = await load('GET /api/admin/songs?o=1', listUrl, auth);
  const searchRow = await load('GET /api/admin/songs?o=1&q=…', searchUrl, auth);
  console.log('');
  for (const row of [listRow, searchRow]) {
    const ratio = row.rps / bareRow.rps;
    const verdict = ratio >= 0.5 && row.p99 <= 25 ? 'meets' : 'misses';
    console.log(
      `${row.title}: ${(ratio * 100).toFixed(0)}% of the bare route, p99 ${row.p99} ms (${verdict} the target: ≥50%, p99 ≤ 25 ms)`,
    );
  }
} finally {
  real.child.kill('SIGTERM');
  bare.child.kill('SIGTERM');
}
