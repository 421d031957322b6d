import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Security headers. The CSP allows what the panel needs: its own scripts, MUI's inline styles,
 *  and pictures from data: and blob: URLs (previews before upload). */
async function securityPlugin(app: FastifyInstance) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        frameSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
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
}

export default fp(securityPlugin, { name: 'security' });
