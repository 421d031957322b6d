import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Role } from '../../shared/constants.js';
import { deleteSession, findSessionUser, touchSession } from '../db/sessions.js';
import type { UserWithBand } from '../db/users.js';
import { forbidden, unauthorized, underMaintenance } from '../errors.js';
import { type Clock, iso } from '../services/clock.js';

declare module 'fastify' {
  interface FastifyRequest {
    user: UserWithBand | null;
    sessionId: number | null;
  }
  interface FastifyInstance {
    clock: Clock;
    /** preHandler: any signed-in user. */
    authenticate(request: FastifyRequest): Promise<void>;
    /** preHandler: a signed-in user with one of these roles. */
    requireRole(...roles: Role[]): (request: FastifyRequest) => Promise<void>;
  }
}

// Writing last_used_at on every call would make each read a write; a minute's slack is harmless.
const TOUCH_AFTER_MS = 60_000;

function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1];
}

async function authPlugin(app: FastifyInstance, options: { clock: Clock }) {
  app.decorate('clock', options.clock);
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);

  async function authenticate(request: FastifyRequest) {
    const token = bearer(request);
    if (!token) throw unauthorized();
    const found = await findSessionUser(app.db, token);
    if (!found) throw unauthorized();
    const { session_id: sessionId, last_used_at: lastUsedAt, ...user } = found;
    const now = app.clock();
    const { session_timeout, maintenance_mode } = await app.settings.get();
    const idleMs = now.getTime() - Date.parse(lastUsedAt);
    if (idleMs > session_timeout * 60_000) {
      await deleteSession(app.db, sessionId);
      throw unauthorized('Your session has expired. Please sign in again.');
    }
    if (idleMs > TOUCH_AFTER_MS) await touchSession(app.db, sessionId, iso(now));
    if (maintenance_mode && user.role !== 'admin') throw underMaintenance();
    request.user = user;
    request.sessionId = sessionId;
  }

  app.decorate('authenticate', authenticate);
  app.decorate('requireRole', (...roles: Role[]) => async (request: FastifyRequest) => {
    await authenticate(request);
    if (!roles.includes(request.user!.role as Role)) throw forbidden();
  });
}

export default fp(authPlugin, { name: 'auth', dependencies: ['database', 'settings'] });
