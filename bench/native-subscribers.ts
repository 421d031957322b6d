// Child process of bench/live.ts with BENCH_PHONES=native: the audience's phones read by a small C
// program (bench/native-phones.c, built here with the machine's C compiler) instead of Node. The same
// websockets, checks and report as live-subscribers.ts, at a fraction of its CPU: on this 2-core
// machine the Node phones' reading took about a core the server needed, where real phones bring their
// own. No reconnect storm and no event stream: those stay with the Node phones.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { serveBench } from './serve.js';

const url = new URL(process.env.BENCH_WS_URL!);
const binary = path.join(os.tmpdir(), `encore-native-phones-${process.pid}`);
execFileSync('cc', ['-O2', '-o', binary, 'bench/native-phones.c'], { stdio: 'inherit' });
const phones = spawn(
  binary,
  [url.hostname, url.port, url.pathname, process.env.BENCH_GIG!, process.env.BENCH_CLIENTS!],
  { stdio: ['pipe', 'pipe', 'inherit'] },
);
// The program is started from its own copy: the file can go at once.
const stopped = new Promise<void>((resolve) =>
  phones.once('spawn', () => fs.rmSync(binary)).once('exit', () => resolve()),
);
// The program fails the run by exiting: this process ends with it, before or after it is ready.
phones.once('exit', (code) => code && process.exit(1));

/** The program answers each line it is sent with one line, in order. */
const answers: ((line: string) => void)[] = [];
createInterface({ input: phones.stdout }).on('line', (line) => answers.shift()?.(line));
const next = () => new Promise<string>((resolve) => answers.push(resolve));
const ask = (question: string) => {
  const answer = next();
  phones.stdin.write(`${question}\n`);
  return answer;
};

const ready = await next();
const hangUp = async () => {
  phones.kill();
  await stopped;
};
/** live-subscribers.ts's figures, where the program writes -1 for "none" (as NaN there). */
const figure = (n: number) => (n < 0 ? NaN : n);
serveBench({ version: Number(ready.split(' ')[1]) }, hangUp, {
  // The program's CPU and this process's own (which only waits).
  cpu: async () => {
    const { user, system } = process.cpuUsage();
    return Number(await ask('cpu')) + user + system;
  },
  report: async () => {
    const { errors, ...websocket } = JSON.parse(await ask('report')) as Record<string, number> & {
      errors: string[];
    };
    const none = { phones: 0, events: 0, replayed: 0, missing: 0, outOfOrder: 0, versions: {}, open: 0 };
    return {
      errors,
      kinds: {
        websocket: {
          ...websocket,
          p50: figure(websocket.p50),
          p99: figure(websocket.p99),
          max: figure(websocket.max),
        },
        stream: { ...none, p50: NaN, p99: NaN, max: NaN },
      },
    };
  },
});
