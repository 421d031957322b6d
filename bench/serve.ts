// The benchmark server side of child.ts: report readiness over IPC, answer CPU questions, and stop
// on SIGTERM/SIGINT or as soon as the benchmark process is gone (its IPC channel closes).

import { monitorEventLoopDelay } from 'node:perf_hooks';

const HARD_STOP_MS = 10_000;
/** How late the event loop runs (a blocked loop delays every request and every send). */
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
loopDelay.enable();

/** Answers to a benchmark's questions beyond 'cpu' and 'memory', by question type. */
export type Answers = Record<string, (question: Record<string, unknown>) => unknown>;

let closing: () => Promise<void> = async () => {};
let stopping = false;

function stop() {
  if (stopping) return;
  stopping = true;
  // Closing must not hang the machine's benchmarks: past the limit the process just ends.
  setTimeout(() => process.exit(1), HARD_STOP_MS).unref();
  closing().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}

/**
 * What to undo (a temporary directory, a database schema) should the script be stopped, from now
 * on: also while it is still seeding, before it reports that it is ready.
 */
export function onStop(close: () => Promise<void>) {
  if (!process.send) throw new Error('Start this script from a benchmark (bench/child.ts).');
  closing = close;
  if (process.listenerCount('disconnect')) return;
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  process.on('disconnect', stop);
  // Gone already (the benchmark ended while this one was starting).
  if (!process.connected) stop();
}

export function serveBench(info: object, close: () => Promise<void>, answers: Answers = {}) {
  onStop(close);
  if (stopping) return;
  const all: Answers = {
    cpu: () => {
      const { user, system } = process.cpuUsage();
      return user + system;
    },
    /** The event loop's delay since the last question (ms): p50, p99, max. */
    loop: () => {
      const ms = (ns: number) => ns / 1e6;
      const answer = {
        p50: ms(loopDelay.percentile(50)),
        p99: ms(loopDelay.percentile(99)),
        max: ms(loopDelay.max),
      };
      loopDelay.reset();
      return answer;
    },
    memory: () => {
      // After a full collection when the process was started with --expose-gc: what is still held.
      globalThis.gc?.();
      return process.memoryUsage();
    },
    ...answers,
  };
  process.on('message', (message: { type?: string; id?: number } & Record<string, unknown>) => {
    const answer = message.type === undefined ? undefined : all[message.type];
    if (!answer) return;
    Promise.resolve(answer(message)).then(
      (value) => process.send?.({ type: 'answer', id: message.id, answer: value }),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
  process.send!({ type: 'ready', info });
}

/** The port a listening server got. */
export function portOf(address: ReturnType<import('node:net').Server['address']>): number {
  return typeof address === 'object' && address ? address.port : 0;
}
