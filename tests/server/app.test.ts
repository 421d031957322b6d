import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { ConfigError, loadConfig } from '../../src/server/config.js';
import { DEFAULT_ADMIN_EMAIL } from '../../src/server/services/auth/first-admin.js';
import { buildTestApp, call, login, type TestApp } from './helpers.js';

const LOOPBACK = {
  address: '127.0.0.1',
  netmask: '255.0.0.0',
  family: 'IPv4' as const,
  mac: '00:00:00:00:00:00',
  internal: true,
  cidr: '127.0.0.1/8',
};

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('config', () => {
  it('has defaults', () => {
    const config = loadConfig({}, { lo: [LOOPBACK] });
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe(path.resolve('data'));
    expect(config.databaseUrl).toBeUndefined();
    expect(config.publicUrl).toBe('http://localhost:3000');
  });

  it('defaults the public URL to the first LAN address, so phones on the same network can open it', () => {
    const lan = { ...LOOPBACK, address: '192.168.1.20', internal: false, cidr: '192.168.1.20/24' };
    const ipv6 = { ...lan, family: 'IPv6' as const, address: 'fe80::1', scopeid: 2, cidr: 'fe80::1/64' };
    expect(loadConfig({ PORT: '8080' }, { lo: [LOOPBACK], eth0: [ipv6, lan] }).publicUrl).toBe(
      'http://192.168.1.20:8080',
    );
    expect(loadConfig({ PUBLIC_URL: 'https://encore.example/' }, { eth0: [lan] }).publicUrl).toBe(
      'https://encore.example',
    );
  });

  it('puts the live server on PORT+1 by default, on LIVE_PORT when set, and on no port of its own for 0', () => {
    expect(loadConfig({})).toMatchObject({ port: 3000, livePort: undefined, defaultLivePort: 3001 });
    expect(loadConfig({ PORT: '8080' })).toMatchObject({ livePort: undefined, defaultLivePort: 8081 });
    expect(loadConfig({ PORT: '65535' }).defaultLivePort).toBe(65534);
    expect(loadConfig({ PORT: '8080', LIVE_PORT: '9000' }).livePort).toBe(9000);
    expect(loadConfig({ LIVE_PORT: '0' }).livePort).toBe(0);
    expect(loadConfig({ LIVE_PORT: '' }).livePort).toBeUndefined();
  });

  it.each([
    [{ LIVE_PORT: '-1' }, /LIVE_PORT must be a whole number from 0 to 65535/],
    [{ LIVE_PORT: '3001.5' }, /LIVE_PORT/],
    [{ LIVE_PORT: 'ws' }, /LIVE_PORT/],
    [{ LIVE_PORT: '70000' }, /LIVE_PORT/],
    [{ PORT: '4000', LIVE_PORT: '4000' }, /LIVE_PORT must differ from PORT \(4000\)/],
    [{ LIVE_PORT: '3000' }, /LIVE_PORT must differ from PORT/],
  ])('refuses %o for the live port, naming LIVE_PORT', (env, pattern) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(pattern);
  });

  it("takes the venues' time zone from TIME_ZONE, the server's own by default", () => {
    expect(loadConfig({ TIME_ZONE: 'Europe/Belgrade' }).timeZone).toBe('Europe/Belgrade');
    expect(loadConfig({}).timeZone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  it.each([
    [{ TIME_ZONE: 'Belgrade' }, /TIME_ZONE must be an IANA time zone/],
    [{ PORT: 'abc' }, /PORT/],
    [{ PORT: '70000' }, /PORT/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL/],
    [{ PUBLIC_URL: 'not a url' }, /PUBLIC_URL/],
    [{ ADMIN_EMAIL: 'nobody' }, /ADMIN_EMAIL/],
    [{ ADMIN_PASSWORD: 'short' }, /ADMIN_PASSWORD/],
  ])('refuses %o with a message naming the variable', (env, pattern) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(pattern);
  });
});

describe('first start', () => {
  it('creates admin@encore.local with a generated password when none is configured', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'encore-first-'));
    const app = await buildApp({ ...loadConfig({ DATA_DIR: dataDir }), clientDir: dataDir });
    try {
      expect(app.firstAdmin?.email).toBe(DEFAULT_ADMIN_EMAIL);
      const password = app.firstAdmin!.generatedPassword!;
      expect(password.length).toBeGreaterThanOrEqual(16);
      expect(await login(app, DEFAULT_ADMIN_EMAIL, password)).toBeTruthy();
    } finally {
      await app.close();
    }
    // A second start on the same data keeps the admin and creates nobody.
    const again = await buildApp({ ...loadConfig({ DATA_DIR: dataDir }), clientDir: dataDir });
    expect(again.firstAdmin).toBeUndefined();
    await again.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
});

describe('database', () => {
  it('has every table of the data model', async () => {
    t = await buildTestApp();
    const tables = (await t.app.db.introspection.getTables()).map((table) => table.name);
    for (const name of [
      'bands',
      'users',
      'sessions',
      'performers',
      'songs',
      'playlists',
      'playlist_songs',
      'gigs',
      'song_requests',
      'settings',
    ]) {
      expect(tables).toContain(name);
    }
  });

  it('enforces foreign keys', async () => {
    t = await buildTestApp();
    await expect(
      t.app.db
        .insertInto('sessions')
        .values({ user_id: 9999, token_hash: 'x', created_at: 'now', last_used_at: 'now' })
        .execute(),
    ).rejects.toThrow();
  });

  it('runs SQLite in WAL mode, or talks to PostgreSQL when configured', async () => {
    t = await buildTestApp();
    const { sql } = await import('kysely');
    if (t.app.dialect === 'sqlite') {
      const result = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(t.app.db);
      expect(result.rows[0].journal_mode).toBe('wal');
    } else {
      expect(process.env.TEST_DB).toBe('postgres');
      const result = await sql<{ version: string }>`select version() as version`.execute(t.app.db);
      expect(result.rows[0].version).toMatch(/PostgreSQL/);
    }
  });
});

describe('HTTP surface', () => {
  it('sends security headers with a CSP', async () => {
    t = await buildTestApp();
    const response = await t.app.inject({ method: 'GET', url: '/sanctum/csrf-cookie' });
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('serves the OpenAPI document at /api/docs/json, to anyone', async () => {
    t = await buildTestApp();
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const doc = response.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.info.title).toBe('Encore API');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/login', '/api/user', '/api/logout', '/api/admin/dashboard']),
    );
    // The page's own routes are not part of what it documents.
    expect(Object.keys(doc.paths).filter((url) => url.startsWith('/api/docs'))).toEqual([]);
    const yaml = await t.app.inject({ method: 'GET', url: '/api/docs/yaml' });
    expect(yaml.statusCode).toBe(200);
    expect(yaml.body).toMatch(/^openapi: 3\./);
  });

  it('serves a browsable page at /api/docs whose files are all its own, under the app CSP', async () => {
    t = await buildTestApp();
    for (const url of ['/api/docs', '/api/docs/']) {
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.headers['content-type'], url).toMatch(/^text\/html/);
      expect(page.headers['content-security-policy'], url).toContain("script-src 'self'");
      const files = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1]);
      expect(files, url).toEqual(expect.arrayContaining([expect.stringMatching(/swagger-ui-bundle\.js$/)]));
      // Nothing from elsewhere (no CDN) and no inline script the CSP would block.
      expect(
        files.filter((file) => /^(https?:)?\/\//.test(file)),
        url,
      ).toEqual([]);
      expect(page.body, url).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
      for (const file of files) {
        const asset = await t.app.inject({ method: 'GET', url: new URL(file, `http://x${url}`).pathname });
        expect(asset.statusCode, file).toBe(200);
      }
    }
    // The page loads the document from /api/docs/json.
    const start = await t.app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    expect(start.body).toContain("resolveUrl('./json')");
  });

  it('serves the panel with an SPA fallback for /admin/* and /viewer', async () => {
    const clientDir = fs.mkdtempSync(path.join(os.tmpdir(), 'encore-client-'));
    fs.writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>panel</title>');
    fs.mkdirSync(path.join(clientDir, 'assets'));
    fs.writeFileSync(path.join(clientDir, 'assets', 'app.js'), 'console.log(1)');
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'encore-spa-'));
    const app = await buildApp({
      ...loadConfig({ DATA_DIR: dataDir, ADMIN_PASSWORD: 'long-enough' }),
      clientDir,
    });
    try {
      for (const url of ['/admin', '/admin/', '/admin/songs', '/admin/song/12', '/viewer']) {
        const response = await app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(200);
        expect(response.body).toContain('<title>panel</title>');
      }
      const asset = await app.inject({ method: 'GET', url: '/assets/app.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['content-type']).toMatch(/javascript/);
      expect((await app.inject({ method: 'GET', url: '/' })).headers.location).toBe('/admin/');
      expect((await app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
      expect((await app.inject({ method: 'GET', url: '/api/nothing' })).statusCode).toBe(404);
    } finally {
      await app.close();
      fs.rmSync(clientDir, { recursive: true, force: true });
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('answers 401 rather than 500 for a logout without a session', async () => {
    t = await buildTestApp();
    expect((await call(t.app, 'POST', '/api/logout', { token: 'nope' })).statusCode).toBe(401);
  });
});
