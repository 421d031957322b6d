import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { COMPRESS_FROM, ENCODINGS } from '../services/cache/compressed-answer.js';

/**
 * Compresses answers over 1 kB (JSON lists, the OpenAPI document) for clients that accept it. The
 * panel's files are compressed once at build time instead (see panel.ts); answers that already carry
 * a Content-Encoding are left alone: cached list pages carry theirs, compressed once
 * (services/compressed-answer.ts).
 */
async function compressionPlugin(app: FastifyInstance) {
  await app.register(compress, { global: true, threshold: COMPRESS_FROM, encodings: [...ENCODINGS] });
}

export default fp(compressionPlugin, { name: 'compression' });
