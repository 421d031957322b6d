// The benchmark server side of child.ts: report readiness over IPC, answer CPU questions, and stop
// on SIGTERM/SIGINT or as soon as the benchmark process is gone (its IPC channel closes).

const HARD_STOP_MS = 10_000;

export function serveBench(info: object, close: () => Promise<void>) {
  if (!process.send) throw new Error('Start this script from a benchmark (bench/child.ts).');
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    // Closing must not hang the machine's benchmarks: past the limit the process just ends.
    setTimeout(() => process.exit(1), HARD_STOP_MS).unref();
    close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  process.on('disconnect', stop);
  process.on('message', (message: { type?: string; id?: number }) => {
    if (message.type !== 'cpu') return;
    const { user, system } = process.cpuUsage();
    process.send?.({ type: 'cpu', id: message.id, micros: user + system });
  });
  process.send({ type: 'ready', info });
}

/** The port a listening server got. */
export function portOf(address: ReturnType<import('node:net').Server['address']>): number {
  return typeof address === 'object' && address ? address.port : 0;
}
