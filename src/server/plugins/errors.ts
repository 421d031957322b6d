import http from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type MessageCode, type Said, say } from '../../shared/server-messages.js';
import { ApiError, invalidBody, type Sentence } from '../errors.js';
import type { FieldMessages } from '../services/forms/fields.js';

interface AjvIssue {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
}

const label = (field: string) => field.replace(/_/g, ' ');

/** The route's body schema, as far as the messages of its fields go (services/forms/fields.ts). */
interface BodySchema {
  properties?: Record<string, { messages?: FieldMessages }>;
  /** `unknown`: the code of the sentence for a field the body may not have (its %{field}). */
  messages?: { unknown?: MessageCode };
}

const isSaid = (value: unknown): value is Said =>
  typeof value === 'object' && value !== null && 'code' in value && 'message' in value;

const blank = (value: unknown) => typeof value === 'string' && value.trim() === '';

/**
 * Turns ajv's issues into Laravel's `errors` map: one plain sentence per field. A body field whose
 * schema carries `messages` gets the spec's sentence, one per field, in the order of the schema's
 * properties (the order the fields were checked in before they had schemas).
 */
export function validationErrors(
  issues: AjvIssue[],
  context: string,
  body?: { schema?: unknown; value?: unknown },
): Record<string, Sentence[]> {
  // No prototype: a field named like an Object method ("toString") is just a field.
  const errors: Record<string, Sentence[]> = Object.create(null);
  const schema = context === 'body' ? (body?.schema as BodySchema | undefined) : undefined;
  const properties = schema?.properties;
  for (const issue of issues) {
    const extra = issue.params.additionalProperty;
    if (typeof extra === 'string' && !issue.instancePath) {
      const unknown = schema?.messages?.unknown;
      errors[extra] ??= [
        unknown ? say(unknown, { field: extra }) : say('field_not_allowed', { field: label(extra) }),
      ];
      continue;
    }
    const missing = issue.params.missingProperty as string | undefined;
    const path = issue.instancePath.replace(/^\//, '');
    const field = missing ?? (path.replace(/\//g, '.') || context);
    const top = missing ?? path.split('/')[0];
    const spec = properties && Object.hasOwn(properties, top) ? properties[top].messages : undefined;
    if (spec) {
      const value = (body?.value as Record<string, unknown> | undefined)?.[top];
      const message = missing || blank(value) ? spec.required : (spec[issue.keyword] ?? spec.invalid);
      if (message) {
        errors[top] ??= [message];
        continue;
      }
    }
    // A check of ours (services/forms/ajv-rules.ts) names the problem itself.
    const sentence = issue.params.sentence;
    let message: Sentence;
    if (isSaid(sentence)) message = sentence;
    else if (missing) message = say('field_required', { field: label(field) });
    else if (field === context) message = say('request_not_object', { part: context });
    // ajv's own words, for a body no form of the panel sends: English only.
    else message = `The ${label(field)} field ${issue.message ?? 'is invalid'}.`;
    const messages = (errors[field] ??= []);
    const text = typeof message === 'string' ? message : message.message;
    if (!messages.some((m) => (typeof m === 'string' ? m : m.message) === text)) messages.push(message);
  }
  if (!properties) return errors;
  const order = Object.keys(properties);
  const place = (field: string) => (order.includes(field) ? order.indexOf(field) : order.length);
  const sorted: Record<string, Sentence[]> = Object.create(null);
  for (const field of Object.keys(errors).sort((a, b) => place(a) - place(b))) sorted[field] = errors[field];
  return sorted;
}

/**
 * A unique or foreign key constraint the database enforced: a request that raced another one (two
 * adds of one email, a song added to a band being deleted). The rules are checked before writing,
 * so this is a conflict with a concurrent change, not a server fault. PostgreSQL and SQLite codes.
 */
const CONSTRAINT_CODES = new Set([
  '23505',
  '23503',
  'SQLITE_CONSTRAINT_UNIQUE',
  'SQLITE_CONSTRAINT_FOREIGNKEY',
  'SQLITE_CONSTRAINT_PRIMARYKEY',
]);

/** One error handler for the whole API: DESIGN §4's shapes, never a stack trace, 500 only for bugs. */
async function errorsPlugin(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ApiError) return reply.code(error.statusCode).send(error.body);
    if (error.validation) {
      const errors = validationErrors(error.validation as AjvIssue[], error.validationContext ?? 'body', {
        schema: request.routeOptions.schema?.body,
        value: request.body,
      });
      return reply.code(422).send(invalidBody(errors));
    }
    if (CONSTRAINT_CODES.has(String(error.code))) {
      return reply.code(409).send(say('clash'));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const sentence = clientMessage(error);
      return reply.code(status).send(typeof sentence === 'string' ? { message: sentence } : sentence);
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send(say('server_error'));
  });

  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send(say('no_such_address', { method: request.method, path: request.url.split('?')[0] }));
  });
}

/**
 * Fastify's own answers before routing (a path that does not decode, an over-long parameter): the
 * Fastify option `frameworkErrors`, so they too have DESIGN §4's shape.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 400;
  reply
    .code(status)
    .send(
      say(
        error.code === 'FST_ERR_BAD_URL' || error.code === 'FST_ERR_MAX_PARAM_LENGTH'
          ? 'address_invalid'
          : 'not_routed',
      ),
    );
}

/**
 * Requests Node's HTTP parser rejects (the Fastify option `clientErrorHandler`): the same shape as
 * every other answer, then the connection is closed.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Duplex) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? ([408, 'request_too_slow'] as const)
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? ([431, 'headers_too_large'] as const)
        : ([400, 'not_http'] as const);
  const body = JSON.stringify(say(code));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

function clientMessage(error: FastifyError): Sentence {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return say('body_too_large');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return say('content_type');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return say('body_empty');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return say('body_not_json');
    case 'FST_REQ_FILE_TOO_LARGE':
      return say('file_too_large');
    case 'FST_FILES_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_PARTS_LIMIT':
      return say('too_many_parts');
    default:
      return error.statusCode === 400 && /JSON/i.test(error.message) ? say('body_not_json') : error.message;
  }
}

export default fp(errorsPlugin, { name: 'errors' });
