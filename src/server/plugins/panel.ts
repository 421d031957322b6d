import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { LOGIN_PAGE } from '../../shared/constants.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Serves the built panel and answers its client-side routes with index.html (SPA fallback). */
async function panelPlugin(app: FastifyInstance, options: { clientDir: string }) {
  const index = path.join(options.clientDir, 'index.html');
  if (!fs.existsSync(index)) {
    app.log.warn(`No built panel in ${options.clientDir}: run "npm run build" to serve it.`);
    return;
  }
  // Only files present at start are served (wildcard off), so unknown paths fall through to the
  // JSON 404 instead of the file system. Vite writes .br and .gz beside each asset at build time;
  // files under assets/ carry a content hash in their names, so they never change and are cached
  // for a year, while HTML is revalidated on every visit. So is the service worker (sw.js, at the
  // root so that its scope is the whole site): a browser looks for a new one on each visit (it
  // skips its own HTTP cache for it only after 24 hours), and a new build's takes over at once.
  await app.register(fastifyStatic, {
    root: options.clientDir,
    wildcard: false,
    index: false,
    preCompressed: true,
    cacheControl: false,
    setHeaders(res, file) {
      const hashed = file.startsWith(path.join(options.clientDir, 'assets') + path.sep);
      res.setHeader('cache-control', hashed ? IMMUTABLE : 'no-cache');
      // The same URL answers brotli, gzip or plain bytes by Accept-Encoding: a shared cache must
      // keep them apart, or it may give brotli to a client that asked for gzip.
      res.setHeader('vary', 'accept-encoding');
    },
  });

  // /admin/login: the page with the sign-in form in it, painted before the JavaScript arrives (issue
  // 25, point 3). Its one inline script (it picks the form's language before the first paint) is
  // allowed by its hash, for this page only: every other page keeps script-src 'self'.
  const loginPage = path.join(options.clientDir, LOGIN_PAGE);
  if (fs.existsSync(loginPage)) {
    const hashes = inlineScriptHashes(fs.readFileSync(loginPage, 'utf8'));
    app.get('/admin/login', { schema: { hide: true } }, (_, reply) => {
      const policy = reply.getHeader('content-security-policy');
      if (typeof policy === 'string')
        reply.header('content-security-policy', withScriptHashes(policy, hashes));
      return reply.header('cache-control', 'no-cache').sendFile(LOGIN_PAGE);
    });
  }
  const sendIndex = (_: unknown, reply: import('fastify').FastifyReply) =>
    reply.header('cache-control', 'no-cache').sendFile('index.html');
  for (const route of ['/admin', '/admin/*', '/viewer', '/viewer/*', '/band/:token']) {
    app.get(route, { schema: { hide: true } }, sendIndex);
  }
  // The audience page: its own small entry, for phones.
  app.get('/g/:token', { schema: { hide: true } }, (_, reply) =>
    reply.header('cache-control', 'no-cache').sendFile('audience.html'),
  );
  // The venue screen: its own small entry too, for a projector or TV.
  app.get('/screen/:token', { schema: { hide: true } }, (_, reply) =>
    reply.header('cache-control', 'no-cache').sendFile('screen.html'),
  );
  app.get('/', { schema: { hide: true } }, (_, reply) => reply.redirect('/admin/'));
}

/** 'sha256-…' of each inline script of a page, as a CSP allows them. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    ([, code]) => `'sha256-${crypto.createHash('sha256').update(code).digest('base64')}'`,
  );
}

/** The policy with these hashes added to its script-src. */
export function withScriptHashes(policy: string, hashes: string[]): string {
  if (!hashes.length) return policy;
  return policy.replace(/(^|;)(\s*script-src [^;]*)/, `$1$2 ${hashes.join(' ')}`);
}

export default fp(panelPlugin, { name: 'panel' });
