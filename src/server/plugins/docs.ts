import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { APP_NAME, APP_VERSION } from '../../shared/constants.js';

/** Collects every route's schema into an OpenAPI document served at /api/docs. */
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
  app.get('/api/docs', { schema: { hide: true }, config: { access: 'public' } }, async () => app.swagger());
}

export default fp(docsPlugin, { name: 'docs' });
