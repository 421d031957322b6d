import { parentPort } from 'node:worker_threads';
import { ApiError } from '../errors.js';
import type { WorkerError } from './worker-pool.js';

/** A worker's side of WorkerPool: answers each request with `handle`'s answer, or with its error. */
export function serveRequests<Request>(handle: (request: Request) => Promise<unknown>) {
  parentPort!.on('message', async ({ id, request }: { id: number; request: Request }) => {
    try {
      parentPort!.postMessage({ id, answer: await handle(request) });
    } catch (failure) {
      const { message, code } = (failure ?? {}) as { message?: string; code?: unknown };
      const error: WorkerError = { message: message ?? String(failure) };
      if (typeof code === 'string') error.code = code;
      if (failure instanceof ApiError) error.answer = { statusCode: failure.statusCode, body: failure.body };
      parentPort!.postMessage({ id, error });
    }
  });
  // Serving: the pool's warm() waits for this.
  parentPort!.postMessage({});
}
