import { Worker } from 'node:worker_threads';
import { ApiError } from '../errors.js';

interface Waiting {
  /** The worker asked. */
  at: number;
  resolve: (answer: unknown) => void;
  reject: (error: Error) => void;
}

/** The worker went away (it crashed or the app is closing) before answering. */
export class WorkerGone extends Error {}

/**
 * A few worker threads running one module of the server's (a list read, an import) so that its
 * better-sqlite3 work, synchronous, holds their event loops instead of the main one (issue 25,
 * point 2). Each request goes to the least busy worker, started when first needed; a worker that dies
 * is replaced at the next request, and what it held fails with WorkerGone (the caller may then do the
 * work itself). The module answers through `serveRequests` (worker-serve.ts).
 */
export class WorkerPool<Request, Answer> {
  #workers: (Worker | undefined)[];
  /** Each worker's start: settled once it serves (its module loaded) or has gone. */
  #ready: Promise<void>[] = [];
  #waiting = new Map<number, Waiting>();
  #load: number[];
  #next = 0;
  #answered = 0;

  constructor(
    /** The worker's module (TypeScript, run through worker-boot.mjs as the server runs it). */
    private readonly entry: URL,
    private readonly data: Record<string, unknown>,
    size: number,
  ) {
    this.#workers = Array.from({ length: size }, () => undefined);
    this.#load = this.#workers.map(() => 0);
  }

  get size() {
    return this.#workers.length;
  }

  /** How many requests the workers have answered (what the tests check). */
  get answered() {
    return this.#answered;
  }

  /** How many workers are running (what the tests check). */
  get running() {
    return this.#workers.filter(Boolean).length;
  }

  /**
   * Starts every worker now: a worker loads the server's modules (through tsx) for a second or more
   * on a busy machine, which the first requests after a start would otherwise wait for (every band
   * admin's first search after a deploy, on a gig night).
   */
  warm(): Promise<void> {
    this.#workers.forEach((worker, at) => (this.#workers[at] = worker ?? this.#start(at)));
    return Promise.all(this.#ready).then(() => undefined);
  }

  ask(request: Request): Promise<Answer> {
    const at = this.#load.indexOf(Math.min(...this.#load));
    const worker = (this.#workers[at] ??= this.#start(at));
    const id = this.#next++;
    this.#load[at]++;
    return new Promise<Answer>((resolve, reject) => {
      this.#waiting.set(id, { at, resolve: resolve as (answer: unknown) => void, reject });
      worker.postMessage({ id, request });
    });
  }

  async close() {
    await Promise.all(this.#workers.map((worker) => worker?.terminate()));
  }

  #settle(id: number, settle: (waiting: Waiting) => void) {
    const waiting = this.#waiting.get(id);
    if (!waiting) return;
    this.#waiting.delete(id);
    this.#load[waiting.at]--;
    settle(waiting);
  }

  #start(at: number) {
    const worker = new Worker(new URL('./worker-boot.mjs', import.meta.url), {
      workerData: { ...this.data, entry: this.entry.href },
    });
    let ready = () => {};
    this.#ready[at] = new Promise<void>((resolve) => (ready = resolve));
    worker.on('message', ({ id, answer, error }: { id?: number; answer?: unknown; error?: WorkerError }) => {
      if (id === undefined) return ready();
      this.#settle(id, (waiting) => {
        if (error !== undefined) return waiting.reject(rebuilt(error));
        this.#answered++;
        waiting.resolve(answer);
      });
    });
    const gone = () => {
      ready();
      if (this.#workers[at] !== worker) return;
      this.#workers[at] = undefined;
      for (const [id, waiting] of this.#waiting)
        if (waiting.at === at) this.#settle(id, (w) => w.reject(new WorkerGone()));
    };
    worker.on('error', gone);
    worker.on('exit', gone);
    // A worker waiting for work does not keep the process alive.
    worker.unref();
    return worker;
  }
}

/** What crosses back of an error a worker met: an API answer's status and body, or a message and code. */
export interface WorkerError {
  message: string;
  code?: string;
  answer?: { statusCode: number; body: object };
}

/** The error as the caller would have met it doing the work itself. */
function rebuilt({ message, code, answer }: WorkerError): Error {
  if (answer) return new ApiError(answer.statusCode, answer.body);
  return Object.assign(new Error(message), code === undefined ? {} : { code });
}

/** Asks the pool, or does the work here when there is no pool or the worker went away. */
export async function offThread<Request, Answer>(
  pool: WorkerPool<Request, Answer> | undefined,
  request: Request,
  here: () => Promise<Answer>,
): Promise<Answer> {
  if (!pool) return here();
  try {
    return await pool.ask(request);
  } catch (error) {
    if (error instanceof WorkerGone) return here();
    throw error;
  }
}
