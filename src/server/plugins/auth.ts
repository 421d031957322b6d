import { say } from '../../shared/server-messages.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Role } from '../../shared/constants.js';
import { deleteSession } from '../db/sessions.js';
import type { UserWithBand } from '../db/users.js';
import { forbidden, unauthorized, underMaintenance } from '../errors.js';
import type { Clock } from '../lib/clock.js';
import { SessionCache } from '../services/auth/session-cache.js';
import { SessionUses } from '../services/auth/session-uses.js';

declare module 'fastify' {
  interface FastifyRequest {
    user: UserWithBand | null;
    sessionId: number | null;
  }
  interface FastifyInstance {
    clock: Clock;
    sessionUses: SessionUses;
    /**
     * The user of a bearer token, with the session's checks (expiry, maintenance); throws a 401/503.
     * `use: false` checks without counting a use of the session (a live page's later checks).
     */
    signedIn(
      token: string | undefined,
      options?: { use?: boolean },
    ): Promise<{ user: UserWithBand; sessionId: number }>;
  }
  interface FastifyContextConfig {
    /**
     * Who may call the route. Unset on an /api route means any signed-in user: a route that forgets
     * to declare is closed, not open. 'public' needs no sign-in (the route checks what it needs).
     */
    access?: 'public' | readonly Role[];
  }
}

/** Roles that may change a band's repertoire and gigs. */
export const WRITERS: readonly Role[] = ['admin', 'band_admin'];
export const ADMINS: readonly Role[] = ['admin'];

/** Declares every route registered later in this (encapsulated) plugin public: the audience's API. */
export function publicScope(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, access: route.config?.access ?? 'public' };
  });
}

/** The token of an `Authorization: Bearer` header, if any. */
export function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1];
}

/**
 * Decided by the matched route (its pattern and config), never by the URL text: the router decodes
 * paths, so "/%61pi/..." is the same route as "/api/...". Routes outside /api (the panel's pages and
 * files, the CSRF cookie) are public unless they say otherwise.
 */
export function routeAccess(request: FastifyRequest): 'public' | 'signed-in' | readonly Role[] {
  const { url, config } = request.routeOptions;
  if (config?.access) return config.access;
  return url?.startsWith('/api/') ? 'signed-in' : 'public';
}

async function authPlugin(app: FastifyInstance, options: { clock: Clock; sessionFlushMs?: number }) {
  app.decorate('clock', options.clock);
  app.decorate('sessionUses', new SessionUses(app.db, options.clock, app.log, options.sessionFlushMs));
  const sessions = new SessionCache(app.db, app.freshness);
  app.sessionUses.onFlushed = () => sessions.clear();
  app.decorateRequest('user', null);
  app.decorateRequest('sessionId', null);

  async function signedIn(token: string | undefined, { use = true }: { use?: boolean } = {}) {
    if (!token) throw unauthorized();
    const found = await sessions.find(token);
    if (!found) throw unauthorized();
    const { session_id: sessionId, last_used_at: lastUsedAt, ...user } = found;
    const now = app.clock().getTime();
    const { session_timeout, maintenance_mode } = await app.settings.get();
    if (now - app.sessionUses.lastUse(sessionId, lastUsedAt) > session_timeout * 60_000) {
      app.sessionUses.forget(sessionId);
      sessions.forget(token);
      await deleteSession(app.db, sessionId);
      throw unauthorized(say('session_expired'));
    }
    if (use) app.sessionUses.used(sessionId);
    if (maintenance_mode && user.role !== 'admin') throw underMaintenance();
    return { user, sessionId };
  }
  app.decorate('signedIn', signedIn);

  // onRequest: the caller is known before a body is read or validated.
  app.addHook('onRequest', async (request) => {
    const access = routeAccess(request);
    if (access === 'public') return;
    ({ user: request.user, sessionId: request.sessionId } = await signedIn(bearer(request)));
    if (access !== 'signed-in' && !access.includes(request.user!.role as Role)) throw forbidden();
  });
  // Before the database closes.
  app.addHook('preClose', () => app.sessionUses.flush());
}

export default fp(authPlugin, { name: 'auth', dependencies: ['database', 'freshness', 'settings', 'csrf'] });
