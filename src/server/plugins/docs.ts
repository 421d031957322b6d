import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { APP_NAME, APP_VERSION } from '../../shared/constants.js';
import { publicScope } from './auth.js';

/**
 * Collects every route's schema into an OpenAPI document, served at /api/docs/json (and /yaml) with
 * a browsable page at /api/docs. The page's files come from the package, never a CDN, and need
 * nothing beyond the app's CSP (plugins/security.ts): scripts and styles of our own origin,
 * inline style attributes and data: images.
 */
async function docsPlugin(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: { title: `${APP_NAME} API`, version: APP_VERSION },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      },
      security: [{ bearer: [] }],
    },
  });
  // Public, as the document always was: it describes the routes, each of which checks its caller.
  await app.register(async (docs) => {
    publicScope(docs);
    await docs.register(swaggerUi, {
      routePrefix: '/api/docs',
      // No badge from Swagger's online validator: it would send the document to validator.swagger.io.
      validatorUrl: false,
      uiConfig: { deepLinking: true },
    });
  });
}

export default fp(docsPlugin, { name: 'docs' });
