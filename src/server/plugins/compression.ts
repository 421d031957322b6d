import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Compresses answers over 1 kB (JSON lists, the OpenAPI document) for clients that accept it. The
 * panel's files are compressed once at build time instead (see panel.ts); answers that already carry
 * a Content-Encoding are left alone.
 */
async function compressionPlugin(app: FastifyInstance) {
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
}

export default fp(compressionPlugin, { name: 'compression' });
