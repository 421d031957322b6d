import { say } from '../../shared/server-messages.js';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AddressConnections } from '../services/ops/address-connections.js';
import { watchBody } from '../services/ops/body-deadline.js';

declare module 'fastify' {
  interface FastifyInstance {
    clientLimits: {
      /** The connection now carries a live event stream: the live server's limits bound it instead. */
      liveStream(socket: Socket): void;
    };
  }
}

export interface ClientLimitsOptions {
  /** REQUEST_BODY_TIMEOUT_SECONDS, in ms. */
  bodyTimeoutMs: number;
  /** REQUEST_BODY_MIN_RATE: bytes a second. */
  bodyMinRate: number;
  /** MAX_CONNECTIONS_PER_ADDRESS. */
  maxConnectionsPerAddress: number;
  /** TRUST_PROXY: the proxies it names hold many clients' connections, so they are not counted. */
  trustProxy: boolean | string;
}

const TOO_SLOW = JSON.stringify(say('request_too_slow'));

/**
 * A body that did not arrive in time: 408 in the API's shape (as Node answers slow headers, see
 * errors.ts) and the connection closed, unless an answer has gone out already (a route may answer
 * before it reads the body, e.g. 401); then it is just closed.
 */
function cut(request: IncomingMessage, response: ServerResponse) {
  if (response.headersSent) {
    request.socket.destroy();
    return;
  }
  response
    .writeHead(408, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(TOO_SLOW),
      connection: 'close',
    })
    .end(TOO_SLOW);
}

/** Whether a peer is a proxy TRUST_PROXY names (true: every peer is). */
function proxyCheck(trustProxy: boolean | string): (address: string) => boolean {
  if (trustProxy === true) return () => true;
  if (!trustProxy) return () => false;
  const trust = proxyAddr.compile(trustProxy.split(',').map((value) => value.trim()));
  return (address) => trust(address, 0);
}

/**
 * Slow and greedy clients (issue 23, finding 9), on the main port's raw server so that every request
 * is covered, routed or not: a request body must arrive in time (services/body-deadline.ts), and one
 * address may hold only so many connections. A connection over that limit is closed at once, before
 * it is read: it has sent no request yet to answer, and one let in to be answered could hold its slot
 * with slow headers for a minute and more. Behind a trusted proxy every connection comes from the
 * proxy, so its connections are not counted; the proxy's own limits stand in (docs/operations.md).
 */
async function clientLimitsPlugin(app: FastifyInstance, options: ClientLimitsOptions) {
  const max = options.maxConnectionsPerAddress;
  const connections = new AddressConnections(max);
  const isProxy = proxyCheck(options.trustProxy);
  const pace = { graceMs: options.bodyTimeoutMs, minBytesPerSecond: options.bodyMinRate };

  app.server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress;
    // No address: the connection is gone already.
    if (!address || isProxy(address)) return;
    const outcome = connections.admit(socket, address);
    if (outcome === 'counted') return;
    if (outcome === 'first full')
      app.log.warn({ address, max }, 'an address holds too many connections: further ones are closed');
    socket.destroy();
  });
  app.server.on('request', (request: IncomingMessage, response: ServerResponse) =>
    watchBody(request, pace, () => cut(request, response)),
  );
  // A websocket upgrade leaves HTTP for the live server (or is refused and closed by it).
  app.server.on('upgrade', (request: IncomingMessage) => connections.release(request.socket));
  app.decorate('clientLimits', { liveStream: (socket: Socket) => connections.release(socket) });
}

export default fp(clientLimitsPlugin, { name: 'client-limits' });
