// The benchmarks' server processes, seen from the benchmark: started with Node itself (tsx as a
// loader, not `npx tsx`, whose wrapper process would stand between the signal and the server) and
// stopped on every way out of the run: success, failure, Ctrl-C or SIGTERM, and the run's time limit.
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const STOP_GRACE_MS = 5_000;
const running = new Set<ChildProcess>();

export interface BenchServer<Info> {
  info: Info;
  child: ChildProcess;
  /** The server process's CPU time so far (user + system), in microseconds. */
  cpu(): Promise<number>;
  stop(): Promise<void>;
}

/**
 * Starts a benchmark server script (see serve.ts) and waits until it reports that it listens.
 * The IPC channel doubles as a lifeline: the server stops itself when the benchmark goes away.
 */
export function start<Info = Record<string, unknown>>(
  script: string,
  env: Record<string, string> = {},
): Promise<BenchServer<Info>> {
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  let asked = 0;
  const cpu = () =>
    new Promise<number>((resolve, reject) => {
      const id = ++asked;
      const answer = (message: { type?: string; id?: number; micros?: number }) => {
        if (message.type !== 'cpu' || message.id !== id) return;
        child.off('message', answer);
        resolve(message.micros!);
      };
      child.on('message', answer);
      child.send({ type: 'cpu', id }, (error) => error && reject(error));
    });
  return new Promise((resolve, reject) => {
    const failed = (code: number | null) => reject(new Error(`${script} ended (${code}) before it listened`));
    child.once('exit', failed);
    child.once('error', reject);
    child.on('message', (message: { type?: string; info?: Info }) => {
      if (message.type !== 'ready') return;
      child.off('exit', failed);
      resolve({ info: message.info!, child, cpu, stop: () => stop(child) });
    });
  });
}

/** SIGTERM, then SIGKILL if the process has not ended after a grace period. */
function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), STOP_GRACE_MS);
    child.once('exit', () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

export const stopAll = () => Promise.all([...running].map(stop));

/**
 * Runs a benchmark to its end and stops every server it started, whatever happens: an error, a
 * signal, or the run going past `limitSeconds`. The process then exits, so no forgotten handle
 * (a socket, a timer of the load generator) keeps it alive.
 */
export async function runBench(main: () => Promise<number | void>, limitSeconds: number) {
  let finishing = false;
  const finish = async (code: number, why?: string) => {
    // The first way out wins: a signal's stop makes the run itself fail afterwards.
    if (finishing) return;
    finishing = true;
    if (why) console.error(why);
    await stopAll();
    process.exit(code);
  };
  process.once('SIGINT', () => void finish(130, 'Interrupted; stopping the servers.'));
  process.once('SIGTERM', () => void finish(143, 'Terminated; stopping the servers.'));
  // A last resort should the event loop be stuck: no server outlives the benchmark.
  process.once('exit', () => running.forEach((child) => child.kill('SIGKILL')));
  const limit = setTimeout(
    () => void finish(1, `The benchmark ran past its limit of ${limitSeconds} s; stopping it.`),
    limitSeconds * 1000,
  );
  limit.unref();
  try {
    const code = await main();
    await finish(code ?? 0);
  } catch (error) {
    await finish(1, error instanceof Error ? (error.stack ?? error.message) : String(error));
  }
}

/** A whole number from the environment, or the default. */
export function envNumber(name: string, fallback: number): number {
  const text = process.env[name];
  if (text === undefined || text === '') return fallback;
  const n = Number(text);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a number above 0, got "${text}".`);
  return n;
}
