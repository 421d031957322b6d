/**
 * Shared pieces of the song, performer and upload tests: the people of two bands, real small files,
 * and multipart requests built the way a browser builds them (FormData → bytes + boundary).
 */
import zlib from 'node:zlib';
import { expect } from 'vitest';
import type { App } from '../../src/server/app.js';
import { type MessageCode, type MessageParams, say } from '../../src/shared/server-messages.js';
import { ADMIN, createBand, createUser, login } from './helpers.js';

// ---------------------------------------------------------------------------------------------
// People

/**
 * Who calls: `owner` is band_admin of band A (which owns the items under test), `viewer` a viewer
 * of band A, `outsider` band_admin of band B, `bandless` a band_admin with no band, `admin` the
 * system admin (no band).
 */
export type Who = 'owner' | 'viewer' | 'outsider' | 'bandless' | 'admin';

export interface People {
  bandA: number;
  bandB: number;
  tokens: Record<Who, string>;
}

export async function seedPeople(app: App): Promise<People> {
  const bandA = await createBand(app, 'Band A');
  const bandB = await createBand(app, 'Band B');
  const users = [
    ['owner', 'band_admin', bandA],
    ['viewer', 'viewer', bandA],
    ['outsider', 'band_admin', bandB],
    ['bandless', 'band_admin', null],
  ] as const;
  const tokens = { admin: await login(app, ADMIN.email, ADMIN.password) } as Record<Who, string>;
  for (const [who, role, bandId] of users) {
    const user = await createUser(app, { email: `${who}@test.local`, role, bandId });
    tokens[who] = await login(app, user.email, user.password);
  }
  return { bandA, bandB, tokens };
}

// ---------------------------------------------------------------------------------------------
// Files

function chunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid 1×1 RGB PNG of the given colour, built from its chunks. */
/**
 * A performer written straight to its table (no route, no history): for the search tests, which need
 * many and exact names (the search column is the name in lower case, as the tests' plain names fold).
 */
export async function insertPerformer(app: App, band: number, naziv: string, visibility: number) {
  const row = await app.db
    .insertInto('performers')
    .values({
      band_id: band,
      created_by: null,
      naziv,
      search: naziv.toLowerCase(),
      slika: null,
      visibility,
      created_at: '2026-01-01T00:00:00.000Z',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export function png([r, g, b]: [number, number, number] = [200, 30, 30]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(1, 0); // width
  header.writeUInt32BE(1, 4); // height
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(2, 9); // colour type: RGB
  const scanline = Buffer.from([0, r, g, b]); // filter byte, then one pixel
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(scanline)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A 1×1 transparent GIF. */
export const gif = () => Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/** A minimal PDF document. */
export const pdf = () =>
  Buffer.from(
    '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n' +
      '2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
  );

/** UTF-8 text, with Serbian letters. */
export const text = (content = 'Ćevapi na žaru — akordi: Am F C G\nĐorđe, refren ×2\n') =>
  Buffer.from(content, 'utf8');

/** A 44-byte PCM WAV header with no samples. */
export function wav(): Buffer {
  const buffer = Buffer.alloc(44);
  buffer.write('RIFF', 0);
  buffer.writeUInt32LE(36, 4);
  buffer.write('WAVEfmt ', 8);
  buffer.writeUInt32LE(16, 16);
  buffer.writeUInt16LE(1, 20); // PCM
  buffer.writeUInt16LE(1, 22); // mono
  buffer.writeUInt32LE(8000, 24); // sample rate
  buffer.writeUInt32LE(8000, 28); // byte rate
  buffer.writeUInt16LE(1, 32); // block align
  buffer.writeUInt16LE(8, 34); // bits per sample
  buffer.write('data', 36);
  buffer.writeUInt32LE(0, 40);
  return buffer;
}

/** A real ZIP archive holding one stored file, a.txt. */
export function zip(): Buffer {
  const name = Buffer.from('a.txt');
  const data = Buffer.from('hello');
  const crc = zlib.crc32(data);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(10, 4);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(data.length, 22);
  local.writeUInt16LE(name.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(10, 6);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(data.length, 20);
  central.writeUInt32LE(data.length, 24);
  central.writeUInt16LE(name.length, 28);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(local.length + name.length + data.length, 16);
  return Buffer.concat([local, name, data, central, name, end]);
}

/** Bytes that are no known format and not text (they contain NUL). */
export const binary = () => Buffer.from(Array.from({ length: 256 }, (_, i) => (i * 37 + 11) & 0xff));

export const MB = 1024 * 1024;

/** A PNG padded with zeros to `bytes` bytes: an image by its signature, but too large. */
export const bigPng = (bytes: number) => {
  const image = png();
  return Buffer.concat([image, Buffer.alloc(bytes - image.length)]);
};

// ---------------------------------------------------------------------------------------------
// Multipart requests

export interface Upload {
  data: Buffer;
  filename: string;
  type: string;
}

/** A file part as a browser sends it: the bytes, a file name and the type the browser guessed. */
export const upload = (data: Buffer, filename: string, type = 'application/octet-stream'): Upload => ({
  data,
  filename,
  type,
});

export type Fields = Record<string, string | Upload | undefined>;

/** The bytes and content type of a multipart/form-data body (fields left undefined are not sent). */
export async function multipart(fields: Fields) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, new Blob([new Uint8Array(value.data)], { type: value.type }), value.filename);
  }
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    contentType: encoded.headers.get('content-type')!,
  };
}

const CSRF = 'test-csrf-token';

/** A multipart POST as the panel sends it: CSRF cookie and header, and the bearer token when given. */
export async function postForm(
  app: App,
  url: string,
  fields: Fields,
  { token, csrf = true }: { token?: string; csrf?: boolean } = {},
) {
  const { payload, contentType } = await multipart(fields);
  return app.inject({
    method: 'POST',
    url,
    headers: {
      accept: 'application/json',
      'content-type': contentType,
      ...(csrf ? { cookie: `XSRF-TOKEN=${CSRF}`, 'x-xsrf-token': CSRF } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    payload,
  });
}

/** GET a stored upload by its URL, as a browser would (no token). */
export const fetchUpload = (app: App, url: string) => app.inject({ method: 'GET', url });

/**
 * Expects a 422 in Laravel's shape whose errors name exactly these fields, each sentence with its
 * code (issue 26): the code's English with its values is the sentence, so the panel can say it.
 */
export function expectInvalid(
  response: { statusCode: number; json: () => unknown },
  fields: string[],
): Record<string, string[]> {
  expect(response.statusCode).toBe(422);
  const body = response.json() as {
    message: string;
    code?: MessageCode;
    params?: MessageParams;
    errors: Record<string, string[]>;
    codes?: Record<string, ({ code: MessageCode; params?: MessageParams } | null)[]>;
  };
  expect(typeof body.message).toBe('string');
  expect(body.code, body.message).toBeDefined();
  expect(say(body.code!, body.params).message).toBe(body.message);
  expect(Object.keys(body.errors).sort()).toEqual([...fields].sort());
  for (const [field, messages] of Object.entries(body.errors)) {
    expect(messages.length).toBeGreaterThan(0);
    messages.forEach((message, i) => {
      expect(typeof message).toBe('string');
      const coded = body.codes?.[field]?.[i];
      expect(coded, message).toBeTruthy();
      expect(say(coded!.code, coded!.params).message).toBe(message);
    });
  }
  return body.errors;
}
