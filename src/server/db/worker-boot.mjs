// A worker thread's first module: the server runs TypeScript through tsx, whose loader Node 20 does
// not apply to a worker's own entry, so the worker registers it and then imports its real module
// (`workerData.entry`, a file URL).
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
