// `npm run bench:live`: 300 websocket clients follow one gig while song requests arrive at 20 per
// second for 30 s. Prints p50 and p99 of the time from a request's acceptance (the server's commit)
// to its arrival at each subscriber's socket (the band page's is one of them), the events lost, a
// bare websocket echo's round trip for scale, and the audience page's gzipped JavaScript.
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { WebSocket } from 'ws';
import type { LiveEvent } from '../src/shared/live-events.js';
import { envNumber, runBench, start } from './child.js';

const CLIENTS = envNumber('BENCH_CLIENTS', 300);
const RATE = 20;
const SECONDS = envNumber('BENCH_SECONDS', 30);
const LIMIT = envNumber('BENCH_TIMEOUT_SECONDS', 300);
const BUDGET_KB = 60;

const now = () => performance.timeOrigin + performance.now();
const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN;
const ms = (n: number) => `${n.toFixed(2)} ms`;

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

async function main() {
  const server = await start<{ port: number; token: string }>('bench/live-server.ts');
  const echo = await start<{ port: number }>('bench/echo-server.ts');
  const { port, token } = server.info;
  const base = `http://127.0.0.1:${port}`;
  const echoTimes = await echoRoundTrips(echo.info.port);

  // The subscribers, each counting the request events it gets and how long each took.
  const latencies: number[] = [];
  let received = 0;
  let gaps = 0;
  const sockets = await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      const socket = await open(`ws://127.0.0.1:${port}/ws`);
      let version = -1;
      await new Promise<void>((resolve) => {
        socket.on('message', (data) => {
          const arrived = now();
          const event = JSON.parse(String(data)) as LiveEvent;
          if (event.type === 'queue') {
            version = event.version;
            resolve();
            return;
          }
          if (event.version !== version + 1) gaps++;
          version = event.version;
          if (event.change.kind === 'requested') {
            received++;
            latencies.push(arrived - event.at);
          }
        });
        socket.send(JSON.stringify({ type: 'subscribe', gig: token }));
      });
      return socket;
    }),
  );

  const cookie = (await fetch(`${base}/sanctum/csrf-cookie`)).headers.get('set-cookie')!.split(';')[0];
  const xsrf = decodeURIComponent(cookie.split('=')[1]);
  const { songs } = (await (await fetch(`${base}/api/public/gig/${token}`)).json()) as {
    songs: { id: number }[];
  };
  const total = RATE * SECONDS;
  if (songs.length < total) throw new Error(`The gig has ${songs.length} songs; the run needs ${total}.`);

  let accepted = 0;
  let refused = 0;
  const sends: Promise<void>[] = [];
  const started = now();
  for (let i = 0; i < total; i++) {
    // Requests at a steady 20 per second, each from its own phone for its own song.
    const due = started + (i * 1000) / RATE;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - now())));
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
      }).then((response) => {
        if (response.status === 201) accepted++;
        else refused++;
      }),
    );
  }
  await Promise.all(sends);
  await new Promise((resolve) => setTimeout(resolve, 2000));
  for (const socket of sockets) socket.close();

  const sorted = latencies.sort((a, b) => a - b);
  const lost = accepted * CLIENTS - received;
  const bundle = audienceBundleBytes();
  console.log(`${CLIENTS} subscribers on one gig; ${total} requests at ${RATE}/s for ${SECONDS} s`);
  console.log(`accepted ${accepted}, refused ${refused}`);
  console.log(
    `acceptance → subscriber socket: p50 ${ms(percentile(sorted, 50))}, p99 ${ms(percentile(sorted, 99))}, max ${ms(sorted.at(-1) ?? NaN)} (target p99 ≤ 100 ms)`,
  );
  console.log(`events lost: ${lost} (must be 0); version gaps seen: ${gaps}`);
  console.log(
    `bare websocket echo round trip: p50 ${ms(percentile(echoTimes, 50))}, p99 ${ms(percentile(echoTimes, 99))}`,
  );
  console.log(`audience page JavaScript: ${(bundle / 1024).toFixed(1)} kB gzipped (budget ${BUDGET_KB} kB)`);
  return lost !== 0 || refused !== 0 ? 1 : 0;
}

await runBench(main, LIMIT);
