import type { FastifyInstance } from 'fastify';
import type { PanelResource } from '../../shared/panel-live.js';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Tells the system admins' panels (issue 28, point 2) that the routes of this plugin changed its
 * list: users and bands are listed by system admins only, and every write of theirs answers 200.
 * A hook of the plugin's own (it is encapsulated), so none of the routes can forget it. The id is
 * the address's, if any (an add's new id is in its answer only: none, which reloads the list too).
 */
export function announceWrites(app: FastifyInstance, resource: PanelResource) {
  app.addHook('onResponse', async (request, reply) => {
    const write = !READS.has(request.method) || Boolean(request.routeOptions.url?.endsWith('/delete'));
    if (!write || reply.statusCode !== 200) return;
    const id = Number((request.params as { id?: unknown } | undefined)?.id);
    app.panelLive.changed(null, resource, Number.isSafeInteger(id) && id > 0 ? [id] : []);
  });
}
