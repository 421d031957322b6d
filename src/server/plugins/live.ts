import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { LiveServer, refuseUpgrade } from '../services/live-server.js';

declare module 'fastify' {
  interface FastifyInstance {
    live: LiveServer;
  }
}

export interface LiveOptions {
  /** Also listen on websocket_host:websocket_port (DESIGN §1); /ws on the app's port always works. */
  listen: boolean;
  pingIntervalMs?: number;
}

/** The live server, started with the app and stopped before it closes. */
async function livePlugin(app: FastifyInstance, options: LiveOptions) {
  const live = new LiveServer({
    listen: options.listen,
    pingIntervalMs: options.pingIntervalMs,
    logger: app.log,
    async readSettings() {
      const settings = await app.settings.get();
      return {
        host: settings.websocket_host,
        port: settings.websocket_port,
        maxConnections: settings.max_concurrent_connections,
      };
    },
  });
  app.decorate('live', live);
  app.server.on('upgrade', (request, socket, head) => {
    if (new URL(request.url ?? '/', 'http://encore').pathname === '/ws')
      live.handleUpgrade(request, socket, head);
    else refuseUpgrade(socket, '404 Not Found');
  });
  app.addHook('onReady', () => live.start());
  // Open websockets would keep the HTTP server from closing.
  app.addHook('preClose', () => live.stop());
}

export default fp(livePlugin, { name: 'live', dependencies: ['settings'] });
