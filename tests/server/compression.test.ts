import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postForm, seedPeople } from './fixtures.js';
import { ADMIN, buildTestApp, login, type TestApp } from './helpers.js';

// A built panel as Vite leaves it: hashed assets with .br and .gz beside them.
const SCRIPT = `console.log(${JSON.stringify('Encore '.repeat(400))});`;
const ASSET = '/assets/panel-Abc123xY.js';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await buildTestApp({
    prepareDataDir(dataDir) {
      const client = path.join(dataDir, 'no-client');
      fs.mkdirSync(path.join(client, 'assets'), { recursive: true });
      fs.writeFileSync(path.join(client, 'index.html'), '<!doctype html><title>Encore</title>');
      fs.writeFileSync(path.join(client, 'audience.html'), '<!doctype html><title>Requests</title>');
      fs.writeFileSync(path.join(client, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
      fs.writeFileSync(path.join(client, 'sw.js'), 'self.skipWaiting();');
      fs.writeFileSync(path.join(client, 'band.webmanifest'), '{"name":"Encore"}');
      const file = path.join(client, ASSET);
      fs.writeFileSync(file, SCRIPT);
      fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(SCRIPT));
      fs.writeFileSync(`${file}.gz`, zlib.gzipSync(SCRIPT));
    },
  });
  token = await login(t.app, ADMIN.email, ADMIN.password);
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('the panel over the wire', () => {
  it('serves a hashed asset precompressed, by what the browser accepts, cached for a year', async () => {
    const br = await get(ASSET, { 'accept-encoding': 'br, gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    const gzip = await get(ASSET, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT);

    const plain = await get(ASSET);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // One URL, three bodies: a shared cache must keep them apart (issue 25, point 4).
    for (const answer of [br, gzip, plain]) expect(answer.headers.vary).toMatch(/accept-encoding/i);
  });

  it('revalidates HTML and files without a hash on every visit', async () => {
    for (const url of ['/admin/', '/admin/songs', `/g/${'a'.repeat(32)}`, '/favicon.svg']) {
      const response = await get(url, { 'accept-encoding': 'br, gzip' });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe('no-cache');
      expect(response.headers.vary, url).toMatch(/accept-encoding/i);
    }
  });
});

describe('the service worker and the manifests (issue 27, point 5)', () => {
  it('serves sw.js from the root, never cached for long, under a CSP that lets it run', async () => {
    const worker = await get('/sw.js');
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toMatch(/javascript/);
    expect(worker.headers['cache-control']).toBe('no-cache');
    expect(worker.headers['content-security-policy']).toContain("worker-src 'self'");
    // The pages that register it allow it, and their manifests.
    const page = await get(`/g/${'a'.repeat(32)}`);
    expect(page.headers['content-security-policy']).toContain("worker-src 'self'");
    expect(page.headers['content-security-policy']).toContain("manifest-src 'self'");
  });

  it('serves a web manifest as one', async () => {
    const manifest = await get('/band.webmanifest');
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.json()).toEqual({ name: 'Encore' });
  });
});

describe('API answers over the wire', () => {
  it('compresses JSON over 1 kB for clients that accept it, and only for them', async () => {
    const docs = await get('/api/docs/json', { 'accept-encoding': 'gzip' });
    expect(docs.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(docs.rawPayload).toString()).openapi).toMatch(/^3\./);
    expect((await get('/api/docs/json')).headers['content-encoding']).toBeUndefined();
  });

  it('serves a cached list page compressed once, in the encoding each client accepts', async () => {
    const owner = (await seedPeople(t.app)).tokens.owner;
    const performer = await postForm(
      t.app,
      '/api/admin/addperformer',
      { title: 'Izvođač', visible: '1' },
      { token: owner },
    );
    expect(performer.statusCode, performer.body).toBe(200);
    for (let n = 0; n < 20; n += 1) {
      const fields = {
        title: `Pesma broj ${n} sa dugim naslovom`,
        performer: String(performer.json().id),
        visible: '1',
      };
      expect((await postForm(t.app, '/api/admin/addsong', fields, { token: owner })).statusCode).toBe(200);
    }
    const page = (acceptEncoding?: string) =>
      t.app.inject({
        method: 'GET',
        url: '/api/admin/songs?o=1&pg=0',
        headers: {
          authorization: `Bearer ${owner}`,
          ...(acceptEncoding && { 'accept-encoding': acceptEncoding }),
        },
      });
    const plain = await page();
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);
    expect(plain.json().data).toHaveLength(20);
    // Sent plain here, compressed to the next caller: a shared cache must know it depends on this.
    expect(plain.headers.vary).toMatch(/accept-encoding/i);

    const { computed, compressed } = t.app.listCache;
    for (let round = 0; round < 2; round += 1) {
      const br = await page('gzip, deflate, br');
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toMatch(/accept-encoding/i);
      expect(br.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
      const gzip = await page('gzip');
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
      expect((await page('identity')).body).toBe(plain.body);
    }
    // Every answer came from the one cached page, compressed once in each encoding.
    expect(t.app.listCache.computed).toBe(computed);
    expect(t.app.listCache.compressed - compressed).toBe(2);
  });

  it('leaves small answers alone', async () => {
    const user = await t.app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip' },
    });
    expect(user.statusCode).toBe(200);
    expect(user.headers['content-encoding']).toBeUndefined();
  });
});

describe('uploads over the wire', () => {
  it('carries a validator and a max-age, and answers 304 when the copy is current', async () => {
    const dir = path.join(t.dataDir, 'uploads');
    fs.writeFileSync(path.join(dir, 'known-file.txt'), 'akordi');
    const first = await get('/uploads/known-file.txt');
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('public, max-age=86400');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^(W\/)?"/);
    const again = await get('/uploads/known-file.txt', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
  });
});
