// The benchmarks' server processes, seen from the benchmark: started with Node itself (tsx as a
// loader, not `npx tsx`, whose wrapper process would stand between the signal and the server) and
// stopped on every way out of the run: success, failure, Ctrl-C or SIGTERM, and the run's time limit.
import { type ChildProcess, spawn } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const STOP_GRACE_MS = 5_000;
const running = new Set<ChildProcess>();

export interface BenchServer<Info> {
  info: Info;
  child: ChildProcess;
  /** The server process's CPU time so far (user + system), in microseconds. */
  cpu(): Promise<number>;
  /** Asks the process a question (serve.ts answers 'cpu' and 'memory'; a script may answer more). */
  ask<Answer>(type: string, payload?: object): Promise<Answer>;
  stop(): Promise<void>;
}

/**
 * Starts a benchmark server script (see serve.ts) and waits until it reports that it listens.
 * The IPC channel doubles as a lifeline: the server stops itself when the benchmark goes away.
 */
export function start<Info = Record<string, unknown>>(
  script: string,
  env: Record<string, string> = {},
  nodeOptions: string[] = [],
): Promise<BenchServer<Info>> {
  const child = spawn(process.execPath, [...nodeOptions, '--import', 'tsx', script], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  let asked = 0;
  const ask = <Answer>(type: string, payload: object = {}) =>
    new Promise<Answer>((resolve, reject) => {
      const id = ++asked;
      const answer = (message: { type?: string; id?: number; answer?: Answer }) => {
        if (message.type !== 'answer' || message.id !== id) return;
        child.off('message', answer);
        child.off('exit', ended);
        resolve(message.answer!);
      };
      const ended = () => reject(new Error(`${script} ended before it answered "${type}"`));
      child.on('message', answer);
      child.once('exit', ended);
      child.send({ ...payload, type, id }, (error) => error && reject(error));
    });
  const cpu = () => ask<number>('cpu');
  return new Promise((resolve, reject) => {
    const failed = (code: number | null) => reject(new Error(`${script} ended (${code}) before it listened`));
    child.once('exit', failed);
    child.once('error', reject);
    child.on('message', (message: { type?: string; info?: Info }) => {
      if (message.type !== 'ready') return;
      child.off('exit', failed);
      resolve({ info: message.info!, child, cpu, ask, stop: () => stop(child) });
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

const cleanups: (() => Promise<void>)[] = [];

/** Something to undo once the servers are stopped, on every way out (e.g. a database to drop). */
export function onFinish(cleanup: () => Promise<void>) {
  cleanups.push(cleanup);
}

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
    // Stopping and cleaning up must not hang either.
    setTimeout(() => {
      running.forEach((child) => child.kill('SIGKILL'));
      process.exit(code || 1);
    }, STOP_GRACE_MS * 3).unref();
    await stopAll();
    for (const cleanup of cleanups.splice(0).reverse())
      await cleanup().catch((error: unknown) => console.error('cleanup failed:', error));
    process.exit(code);
  };
  // A promise nobody waits for yet (a question to a child that has been stopped) fails the run, once.
  process.on('unhandledRejection', (error) => void finish(1, `Unhandled: ${String(error)}`));
  process.once('SIGINT', () => void finish(130, 'Interrupted; stopping the servers.'));
  process.once('SIGTERM', () => void finish(143, 'Terminated; stopping the servers.'));
  // A last resort should the event loop be stuck: no server outlives the benchmark.
  process.once('exit', () => running.forEach((child) => child.kill('SIGKILL')));
  // Started through a wrapper (npm, a shell) that was killed and left this process behind: stop too.
  const parent = process.ppid;
  const orphaned = setInterval(() => {
    if (process.ppid !== parent)
      void finish(143, 'The process that started the benchmark is gone; stopping.');
  }, 1000);
  orphaned.unref();
  const limit = setTimeout(
    () => void finish(1, `The benchmark ran past its limit of ${limitSeconds} s; stopping it.`),
    limitSeconds * 1000,
  );
  limit.unref();
  // A figure means little without what else the machine was doing: every bench says it.
  console.log(`load average at the start: ${loadAverage()} (${os.cpus().length} cores)`);
  try {
    const code = await main();
    console.log(`load average at the end: ${loadAverage()}`);
    await finish(code ?? 0);
  } catch (error) {
    await finish(1, error instanceof Error ? (error.stack ?? error.message) : String(error));
  }
}

/** The 1, 5 and 15 minute load averages. */
const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

/** A whole number from the environment, or the default. */
export function envNumber(name: string, fallback: number): number {
  const text = process.env[name];
  if (text === undefined || text === '') return fallback;
  const n = Number(text);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a number above 0, got "${text}".`);
  return n;
}
