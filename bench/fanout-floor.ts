// `npm run bench:fanout`: what the operating system asks of one thread to write a small frame to
// each of 3,000 TCP sockets on this machine, with nothing of the app around it: the floor under
// the live channel's broadcast (issue 25, point 2). Two reader processes hold the other ends, as
// bench:live's subscribers do. Prints, over BENCH_ROUNDS rounds (30), the wall time of a round and
// the writing thread's CPU (user and system) per round and per write, p50 and p90.
import { type ChildProcess, fork } from 'node:child_process';
import net from 'node:net';
import { envNumber, onFinish, runBench } from './child.js';

const SOCKETS = envNumber('BENCH_CLIENTS', 3000);
const ROUNDS = envNumber('BENCH_ROUNDS', 30);
/** About an event's frame: a queue entry's JSON. */
const FRAME_BYTES = 120;

if (process.argv[2] === 'reader') {
  const port = Number(process.argv[3]);
  const sockets = Array.from({ length: Number(process.argv[4]) }, () => net.connect(port));
  for (const socket of sockets) socket.on('data', () => {});
  process.on('disconnect', () => process.exit(0));
} else {
  await runBench(
    async () => {
      const sockets: net.Socket[] = [];
      const server = net.createServer((socket) => {
        socket.setNoDelay(true);
        sockets.push(socket);
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const { port } = server.address() as net.AddressInfo;
      const readers: ChildProcess[] = [0, 1].map((i) =>
        fork(process.argv[1], ['reader', String(port), String(Math.floor((SOCKETS + i) / 2))], {
          execArgv: ['--import', 'tsx'],
        }),
      );
      onFinish(async () => {
        readers.forEach((reader) => reader.kill());
        sockets.forEach((socket) => socket.destroy());
        server.close();
      });
      while (sockets.length < SOCKETS) await new Promise((resolve) => setTimeout(resolve, 20));
      const frame = Buffer.alloc(FRAME_BYTES, 0x61);
      const wall: number[] = [];
      const cpu: { user: number; system: number }[] = [];
      for (let round = 0; round < ROUNDS; round++) {
        const started = performance.now();
        const before = process.cpuUsage();
        for (const socket of sockets) socket.write(frame);
        cpu.push(process.cpuUsage(before));
        wall.push(performance.now() - started);
        // The readers drain between rounds, as phones do between a gig's events.
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const middle = (values: number[], p: number) =>
        [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(p * values.length))];
      const line = (name: string, values: number[]) =>
        `${name}: p50 ${(middle(values, 0.5) / 1000).toFixed(1)} ms, p90 ${(middle(values, 0.9) / 1000).toFixed(1)} ms ` +
        `a round; p50 ${(middle(values, 0.5) / SOCKETS).toFixed(1)} µs a write`;
      console.log(
        `${ROUNDS} rounds of a ${FRAME_BYTES}-byte write to each of ${SOCKETS} sockets, one thread:`,
      );
      console.log(
        line(
          'wall time',
          wall.map((ms) => ms * 1000),
        ),
      );
      console.log(
        line(
          'CPU, user + system',
          cpu.map((c) => c.user + c.system),
        ),
      );
      console.log(
        line(
          'CPU, system',
          cpu.map((c) => c.system),
        ),
      );
    },
    envNumber('BENCH_TIMEOUT_SECONDS', 120),
  );
}
