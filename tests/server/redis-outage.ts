import net from 'node:net';

const REDIS_PORT = 6379;

/**
 * The real Redis behind a TCP proxy the test can cut and restore: a Redis outage for the app under
 * test only (other test files share the same Redis). While it is down, open connections are reset
 * and new ones are refused, as a stopped Redis does.
 */
export interface RedisOutage {
  /** redis://127.0.0.1:<proxy port>, for the app's REDIS_URL. */
  url: string;
  stop(): void;
  start(): Promise<void>;
  close(): Promise<void>;
}

export async function redisBehindProxy(): Promise<RedisOutage> {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const next = net.createServer((client) => {
        const upstream = net.connect(REDIS_PORT, '127.0.0.1');
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on('error', () => socket.destroy());
          socket.on('close', () => {
            sockets.delete(socket);
            client.destroy();
            upstream.destroy();
          });
        }
        client.pipe(upstream).pipe(client);
      });
      next.once('error', reject);
      next.listen(port, '127.0.0.1', () => {
        port = (next.address() as net.AddressInfo).port;
        server = next;
        resolve();
      });
    });

  await listen();
  const stop = () => {
    server?.close();
    server = undefined;
    for (const socket of sockets) socket.resetAndDestroy();
    sockets.clear();
  };
  return {
    url: `redis://127.0.0.1:${port}`,
    stop,
    start: () => (server ? Promise.resolve() : listen()),
    async close() {
      stop();
    },
  };
}
