import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyReply } from 'fastify';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** As the compression plugin (plugins/compression.ts) answers: these encodings, from this size. */
export const ENCODINGS = ['br', 'gzip'] as const;
export const COMPRESS_FROM = 1024;
export type Encoding = (typeof ENCODINGS)[number];

const negotiator = new Negotiator<Encoding>({ supportedValues: [...ENCODINGS] });
// @fastify/compress's own brotli settings: quality 4 is what it uses for answers made per request.
const compress: Record<Encoding, (bytes: Buffer) => Buffer> = {
  br: (bytes) =>
    brotliCompressSync(bytes, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: 4,
      },
    }),
  gzip: (bytes) => gzipSync(bytes),
};

/**
 * An answer kept to be sent many times (a cached list page), with its compressed forms made once,
 * when a client first asks for them: compressing per request cost a browser's cached page as much
 * again as the rest of the request.
 */
export class CompressedAnswer {
  private readonly encoded: Partial<Record<Encoding, Buffer>> = {};

  /** @param onCompress told each time a compressed form is made (the list cache counts them) */
  constructor(
    readonly bytes: Buffer,
    private readonly onCompress?: () => void,
  ) {}

  /** Sends the bytes in the encoding the request accepts; the compression plugin leaves them be. */
  send(reply: FastifyReply, contentType: string) {
    // Plain or compressed, the answer depends on Accept-Encoding: a shared cache must know it.
    reply.type(contentType).header('vary', 'accept-encoding');
    const accepted = reply.request.headers['accept-encoding'];
    const encoding = this.bytes.length >= COMPRESS_FROM && accepted ? negotiator.negotiate(accepted) : null;
    if (!encoding) return reply.send(this.bytes);
    let bytes = this.encoded[encoding];
    if (!bytes) {
      bytes = this.encoded[encoding] = compress[encoding](this.bytes);
      this.onCompress?.();
    }
    return reply.header('content-encoding', encoding).send(bytes);
  }
}
