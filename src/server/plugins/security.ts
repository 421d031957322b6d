import helmet from 'helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Security headers. The CSP allows what the panel needs: its own scripts, MUI's inline styles,
 *  and pictures from data: and blob: URLs (previews before upload). helmet is used directly, built
 *  once: @fastify/helmet rebuilds it (parsing the CSP again) on every request. */
async function securityPlugin(app: FastifyInstance) {
  const setHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        frameSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        // The service worker (/sw.js, Workbox's) and the pages' web manifests: our own files only
        // (issue 27, point 5).
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        frameAncestors: ["'self'"],
        formAction: ["'self'"],
        // Bands run Encore over plain http on a venue's LAN; upgrading would break every request.
        upgradeInsecureRequests: null,
      },
    },
    // The same plain-http deployments: HSTS would lock a browser out of them.
    strictTransportSecurity: false,
  });
  app.addHook('onRequest', (request, reply, done) => {
    setHeaders(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
}

export default fp(securityPlugin, { name: 'security' });
