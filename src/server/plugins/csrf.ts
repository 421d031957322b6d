import { say } from '../../shared/server-messages.js';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import cookie from '@fastify/cookie';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from '../errors.js';

const COOKIE = 'XSRF-TOKEN';
const HEADER = 'x-xsrf-token';
const SAFE = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Laravel's cookie is URL-encoded; a header that does not decode simply does not match. */
function decoded(value: string): string | undefined {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}

function same(a: string, b: string) {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * Sanctum-compatible double-submit CSRF check: GET /sanctum/csrf-cookie sets a readable cookie and
 * every unsafe API call must echo it in X-XSRF-TOKEN.
 */
async function csrfPlugin(app: FastifyInstance) {
  await app.register(cookie);

  app.get('/sanctum/csrf-cookie', { schema: { hide: true } }, async (request, reply) => {
    const token = request.cookies[COOKIE] || randomBytes(32).toString('base64url');
    reply
      .setCookie(COOKIE, token, {
        path: '/',
        sameSite: 'lax',
        httpOnly: false,
        secure: request.protocol === 'https',
        maxAge: 60 * 60 * 24 * 7,
      })
      .code(204)
      .send();
  });

  // Every matched route is checked for unsafe methods, whatever the URL looks like (the router decodes
  // "/%61pi/..." to "/api/..."); an unmatched one only gets the 404.
  app.addHook('onRequest', async (request) => {
    if (SAFE.has(request.method) || !request.routeOptions.url) return;
    const cookieValue = request.cookies[COOKIE];
    const header = request.headers[HEADER];
    const sent = decoded((Array.isArray(header) ? header[0] : header) ?? '');
    if (!cookieValue || !sent || !same(sent, cookieValue)) {
      throw new ApiError(419, say('csrf_mismatch'));
    }
  });
}

export default fp(csrfPlugin, { name: 'csrf' });
