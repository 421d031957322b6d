import { say } from '../../shared/server-messages.js';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError, invalid } from '../errors.js';
import { detectKind, type FileRule } from '../services/files/file-kinds.js';
import { MAX_CHART_BYTES } from '../../shared/song-sheet.js';

export interface Uploads {
  /** Checks a file against its rule by content and stores it under a random name. */
  store(field: string, buffer: Buffer, rule: FileRule): Promise<string>;
  /** Removes a stored file; a missing one is not an error. */
  remove(name: string | null | undefined): Promise<void>;
  /** Whether a stored file is still there (a restored version may name one removed since). */
  has(name: string): Promise<boolean>;
}

declare module 'fastify' {
  interface FastifyInstance {
    uploads: Uploads;
  }
  interface FastifyRequest {
    /** A form's files, by field, kept out of its body (which its schema validates). */
    formFiles: Record<string, Buffer> | null;
  }
}

/** Routes whose schema consumes multipart/form-data are forms (they also take JSON). */
const isForm = (request: FastifyRequest) =>
  (request.routeOptions.schema as { consumes?: string[] } | undefined)?.consumes?.includes(
    'multipart/form-data',
  ) === true;

const MAX_FILE_BYTES = 20 * 1024 * 1024;
/**
 * A text field may hold a chord chart (issue 27), each line break sent as \r\n (two bytes where the
 * stored chart has one). Busboy cuts a longer field short without a word, so the limit is past the
 * longest a chart within its own limit can be sent, and a cut chart is still too large for the check.
 */
const MAX_FIELD_BYTES = 2 * MAX_CHART_BYTES + 1024;
const SAFE_NAME = /^[A-Za-z0-9_-]+\.[a-z0-9]+$/;

async function uploadsPlugin(app: FastifyInstance, options: { dataDir: string }) {
  const dir = path.join(options.dataDir, 'uploads');
  await fs.mkdir(dir, { recursive: true });

  await app.register(multipart, {
    limits: { fileSize: MAX_FILE_BYTES, files: 4, fields: 30, fieldSize: MAX_FIELD_BYTES, parts: 40 },
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

  /**
   * A form's body becomes a plain object of trimmed text fields, multipart or JSON alike, so that
   * Fastify validates it against the route's `schema.body` as any JSON body; its files wait in
   * `request.formFiles` until the fields are valid, and are then checked by content (store).
   */
  app.decorateRequest('formFiles', null);
  app.addHook('preValidation', async (request) => {
    if (!isForm(request)) return;
    // No prototype: a field named __proto__ is just a field.
    const fields: Record<string, string> = Object.create(null);
    const files: Record<string, Buffer> = Object.create(null);
    if (!request.isMultipart()) {
      const body = request.body;
      if (body && typeof body === 'object') {
        for (const [key, value] of Object.entries(body)) {
          if (value !== null && value !== undefined) fields[key] = String(value).trim();
        }
      }
    } else {
      try {
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            const buffer = await part.toBuffer();
            if (buffer.length > 0) files[part.fieldname] = buffer;
          } else {
            fields[part.fieldname] = String(part.value ?? '').trim();
          }
        }
      } catch (error) {
        // Limits (413) keep their answer; a body the parser cannot read (no boundary, cut off) is
        // the client's fault, not a server error.
        const status = (error as { statusCode?: number }).statusCode;
        if (status && status >= 400 && status < 500) throw error;
        throw new ApiError(400, say('form_unreadable'));
      }
    }
    request.body = fields;
    request.formFiles = files;
  });

  async function store(field: string, buffer: Buffer, rule: FileRule) {
    if (buffer.length > rule.maxBytes) {
      throw invalid({
        [field]: [say('file_larger_than', { field: rule.label, mb: rule.maxBytes / 1024 / 1024 })],
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

  async function has(name: string) {
    if (!SAFE_NAME.test(name)) return false;
    return fs.access(path.join(dir, name)).then(
      () => true,
      () => false,
    );
  }

  app.decorate('uploads', { store, remove, has });
}

export default fp(uploadsPlugin, { name: 'uploads' });
