import { Worker } from 'node:worker_threads';
import type { Db } from './connect.js';
import { type ListKind, type ListRequest, type ListResult, LISTS } from './lists.js';
import type { Memo } from './memo.js';

interface Waiting {
  /** The worker asked. */
  at: number;
  resolve: (page: unknown) => void;
  reject: (error: Error) => void;
}

/** The worker went away (it crashed or the app is closing) before answering. */
class WorkerGone extends Error {}

/**
 * The lists' pages (songs, performers, playlists) read off the main thread on SQLite (issue 25,
 * point 2): better-sqlite3 is synchronous, so a search's milliseconds held every websocket send and
 * guest's request behind them. A worker thread (list-read-worker.ts) with its own read-only
 * connection answers them instead; the main thread only waits. On PostgreSQL, whose queries do not
 * hold the event loop, and with no workers configured, the pages are read here as before. A worker
 * that dies is replaced at the next read; what it held is read here meanwhile.
 */
export class ListReads {
  #workers: (Worker | undefined)[];
  #waiting = new Map<number, Waiting>();
  #load: number[];
  #next = 0;
  #answered = 0;

  /** `dataDir`: the SQLite database's folder, for the workers; none: every read on this thread. */
  constructor(
    private readonly db: Db,
    private readonly dataDir: string | undefined,
    workers = 1,
  ) {
    this.#workers = Array.from({ length: dataDir ? workers : 0 }, () => undefined);
    this.#load = this.#workers.map(() => 0);
  }

  async read<K extends ListKind>(
    kind: K,
    request: Omit<ListRequest, 'kind'>,
    memo?: Memo,
  ): Promise<ListResult<K>> {
    const inline = () => LISTS[kind](this.db, request.user, request.options, memo) as Promise<ListResult<K>>;
    if (!this.#workers.length) return inline();
    try {
      return (await this.#ask({ kind, ...request })) as ListResult<K>;
    } catch (error) {
      if (error instanceof WorkerGone) return inline();
      throw error;
    }
  }

  /** How many pages the workers have answered (what list-reads.test.ts checks). */
  get answeredByWorkers() {
    return this.#answered;
  }

  async close() {
    await Promise.all(this.#workers.map((worker) => worker?.terminate()));
  }

  #ask(request: ListRequest) {
    // The least busy worker, started when first needed.
    const at = this.#load.indexOf(Math.min(...this.#load));
    const worker = (this.#workers[at] ??= this.#start(at));
    const id = this.#next++;
    this.#load[at]++;
    return new Promise<unknown>((resolve, reject) => {
      this.#waiting.set(id, { at, resolve, reject });
      worker.postMessage({ id, request });
    });
  }

  #settle(id: number, settle: (waiting: Waiting) => void) {
    const waiting = this.#waiting.get(id);
    if (!waiting) return;
    this.#waiting.delete(id);
    this.#load[waiting.at]--;
    settle(waiting);
  }

  #start(at: number) {
    // The worker runs TypeScript as the server does (tsx), through worker-boot.mjs.
    const worker = new Worker(new URL('./worker-boot.mjs', import.meta.url), {
      workerData: { entry: new URL('./list-read-worker.ts', import.meta.url).href, dataDir: this.dataDir },
    });
    worker.on('message', ({ id, page, error }: { id: number; page?: unknown; error?: string }) =>
      this.#settle(id, (waiting) => {
        if (error !== undefined) return waiting.reject(new Error(error));
        this.#answered++;
        waiting.resolve(page);
      }),
    );
    const gone = () => {
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
