import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError, invalid } from '../errors.js';
import { detectKind, type FileRule } from '../services/files/file-kinds.js';
import type { FormData } from '../services/forms/item-form.js';

export interface Uploads {
  /** The fields and files of a multipart request, or the fields of a JSON one. */
  readForm(request: FastifyRequest): Promise<FormData>;
  /** Checks a file against its rule by content and stores it under a random name. */
  store(field: string, buffer: Buffer, rule: FileRule): Promise<string>;
  /** Removes a stored file; a missing one is not an error. */
  remove(name: string | null | undefined): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    uploads: Uploads;
  }
}

const MAX_FILE_BYTES = 20 * 1024 * 1024;
const SAFE_NAME = /^[A-Za-z0-9_-]+\.[a-z0-9]+$/;

async function uploadsPlugin(app: FastifyInstance, options: { dataDir: string }) {
  const dir = path.join(options.dataDir, 'uploads');
  await fs.mkdir(dir, { recursive: true });

  await app.register(multipart, {
    limits: { fileSize: MAX_FILE_BYTES, files: 4, fields: 30, fieldSize: 64 * 1024, parts: 40 },
  });
  // Files appear at run time, so this static root serves by wildcard; names are random and the
  // helmet headers (nosniff, CSP) apply to every answer. A stored file never changes (a replaced
  // picture gets a new name), so browsers keep it a day and then revalidate by ETag.
  await app.register(fastifyStatic, {
    root: dir,
    prefix: '/uploads/',
    decorateReply: false,
    index: false,
    maxAge: '1d',
    etag: true,
  });

  async function readForm(request: FastifyRequest): Promise<FormData> {
    const form: FormData = { fields: {}, files: {} };
    if (!request.isMultipart()) {
      const body = request.body;
      if (body && typeof body === 'object') {
        for (const [key, value] of Object.entries(body)) {
          if (value !== null && value !== undefined) form.fields[key] = String(value);
        }
      }
      return form;
    }
    try {
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          const buffer = await part.toBuffer();
          if (buffer.length > 0) form.files[part.fieldname] = buffer;
        } else {
          form.fields[part.fieldname] = String(part.value ?? '');
        }
      }
    } catch (error) {
      // Limits (413) keep their answer; a body the parser cannot read (no boundary, cut off) is
      // the client's fault, not a server error.
      const status = (error as { statusCode?: number }).statusCode;
      if (status && status >= 400 && status < 500) throw error;
      throw new ApiError(400, { message: 'The form data could not be read.' });
    }
    return form;
  }

  async function store(field: string, buffer: Buffer, rule: FileRule) {
    if (buffer.length > rule.maxBytes) {
      throw invalid({
        [field]: [`The ${rule.label} may not be larger than ${rule.maxBytes / 1024 / 1024} MB.`],
      });
    }
    const kind = await detectKind(buffer);
    if (!kind || !rule.accept(kind.mime)) throw invalid({ [field]: [rule.kindMessage] });
    const name = `${randomBytes(16).toString('base64url')}.${kind.ext}`;
    await fs.writeFile(path.join(dir, name), buffer);
    return name;
  }

  async function remove(name: string | null | undefined) {
    if (!name || !SAFE_NAME.test(name)) return;
    await fs.rm(path.join(dir, name), { force: true });
  }

  app.decorate('uploads', { readForm, store, remove });
}

export default fp(uploadsPlugin, { name: 'uploads' });
