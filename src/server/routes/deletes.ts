import type { FastifyInstance, FastifyRequest, FastifySchema } from 'fastify';
import type { Role } from '../../shared/constants.js';
import { IdParams } from '../services/forms/list-query.js';

/**
 * A delete of spec §7 at `url` (with an `:id`): GET, as the panel calls it, POST and DELETE alike;
 * the docs show the GET. `run` gets the request and the id from the address, and answers.
 */
export function deleteRoutes(
  app: FastifyInstance,
  url: string,
  options: {
    access: readonly Role[];
    schema: Omit<FastifySchema, 'params'> & { tags: string[]; description?: string };
    run: (request: FastifyRequest, id: number) => Promise<unknown>;
  },
) {
  for (const method of ['GET', 'POST', 'DELETE'] as const) {
    app.route({
      method,
      url,
      config: { access: options.access },
      schema: { ...options.schema, params: IdParams, hide: method !== 'GET' },
      handler: (request) => options.run(request, (request.params as { id: number }).id),
    });
  }
}
