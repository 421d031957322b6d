import { say } from '../../shared/server-messages.js';
import http from 'node:http';
import type { Duplex } from 'node:stream';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyBaseLogger } from 'fastify';
import { LISTEN_BACKLOG } from '../../shared/constants.js';

/**
 * The HTTP side of a websocket: where an upgrade goes, who sent it, listening on the live server's
 * own port, and guards so that nothing a client sends or does to its socket ends the process.
 */

export type UpgradeHandler = (request: http.IncomingMessage, socket: Duplex, head: Buffer) => void;

/**
 * The path of an upgrade's request target, or null when it is not one: origin form (/ws?x) or
 * absolute form (http://host/ws, RFC 9112 §3.2.2). A target URL cannot parse is not an error here.
 */
export function targetPath(target: string | undefined): string | null {
  if (!target) return null;
  if (target.startsWith('/')) return target.split(/[?#]/, 1)[0];
  if (!URL.canParse(target)) return null;
  return new URL(target).pathname;
}

/** The client address function Fastify builds for request.ip, for upgrades (they bypass Fastify). */
export function clientAddress(trustProxy: boolean | string | undefined) {
  if (!trustProxy) return undefined;
  const trust =
    trustProxy === true ? () => true : proxyAddr.compile(trustProxy.split(',').map((value) => value.trim()));
  return (request: http.IncomingMessage) => proxyAddr(request, trust);
}

/** Why a port could not be listened on, in an operator's words where the cause is a common one. */
function listenProblem(error: unknown): string {
  switch ((error as NodeJS.ErrnoException).code) {
    case 'EADDRINUSE':
      return 'another program is using that port';
    case 'EACCES':
      return 'permission denied (ports below 1024 need privileges)';
    case 'EADDRNOTAVAIL':
      return 'this machine has no such address';
    default:
      return (error as Error).message;
  }
}

function listen(
  host: string,
  port: number,
  onUpgrade: UpgradeHandler,
  logger: FastifyBaseLogger,
): Promise<http.Server> {
  const server = http.createServer((_request, response) => {
    response.writeHead(426, { 'Content-Type': 'application/json' });
    response.end(JSON.stringify(say('websocket_only')));
  });
  server.on('upgrade', onUpgrade);
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port, host, backlog: LISTEN_BACKLOG }, () => {
      server.off('error', reject);
      // An error of the listening socket later on (e.g. out of file descriptors) is not a crash.
      server.on('error', (error) =>
        logger.error({ context: 'websocket', err: error.message }, 'the live server port had an error'),
      );
      resolve(server);
    });
  });
}

/** Listens on the live server's own host and port, or says why it could not (the app's /ws still works). */
export async function listenOwnPort(
  where: { host: string; port: number },
  onUpgrade: UpgradeHandler,
  logger: FastifyBaseLogger,
): Promise<{ listener?: http.Server; error?: string }> {
  try {
    return { listener: await listen(where.host, where.port, onUpgrade, logger) };
  } catch (error) {
    return { error: `Could not listen on ${where.host}:${where.port}: ${listenProblem(error)}` };
  }
}

/**
 * Wraps an upgrade handler: whatever a client sends, an error in the handler or on the raw socket is
 * logged and ends that one connection, never the process.
 */
export function guardUpgrade(logger: FastifyBaseLogger, handler: UpgradeHandler): UpgradeHandler {
  return (request, socket, head) => {
    socket.on('error', () => socket.destroy());
    try {
      handler(request, socket, head);
    } catch (error) {
      dropConnection(logger, socket, error);
    }
  };
}

export function dropConnection(logger: FastifyBaseLogger, socket: Duplex, error: unknown) {
  logger.warn(
    { context: 'websocket', err: (error as Error).message },
    'dropped a websocket upgrade that failed',
  );
  socket.destroy();
}

/**
 * Answers an upgrade that will not be taken with a plain HTTP status. The raw socket gets an error
 * listener first: a client resetting it would otherwise be an unhandled error that ends the process.
 */
export function refuseUpgrade(socket: Duplex, status: string) {
  socket.on('error', () => socket.destroy());
  socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\n\r\n`);
}
