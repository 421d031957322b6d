import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN, buildTestApp, call, login, type TestApp, waitFor } from './helpers.js';

interface Entry {
  level: string;
  timestamp: string;
  message: string;
  context: string | null;
  extra: Record<string, unknown> | null;
}

let t: TestApp;
let admin: string;

beforeEach(async () => {
  t = await buildTestApp();
  admin = await login(t.app, ADMIN.email, ADMIN.password);
});
afterEach(() => t.close());

async function logs(type?: string): Promise<Entry[]> {
  const response = await call(t.app, 'GET', `/api/admin/system-logs${type ? `?type=${type}` : ''}`, {
    token: admin,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().logs;
}

/** The file destination writes asynchronously: waits until these messages can be read back. */
const written = (...messages: string[]) =>
  waitFor(async () => {
    const seen = new Set((await logs()).map((entry) => entry.message));
    return messages.every((message) => seen.has(message));
  });

const saveSettings = async (settings: Record<string, unknown>) => {
  const response = await call(t.app, 'POST', '/api/admin/system-settings', {
    token: admin,
    body: { settings },
  });
  expect(response.statusCode, response.body).toBe(200);
};

describe('GET /api/admin/system-logs', () => {
  it('answers {logs} of {level, timestamp, message, context, extra}, newest first', async () => {
    t.app.log.info({ context: 'test', n: 1 }, 'first line');
    t.app.log.warn({ context: 'test', n: 2 }, 'second line');
    t.app.log.error({ context: 'test', n: 3, detail: { why: 'broken' } }, 'third line');
    t.app.log.info('no context line');
    await written('first line', 'second line', 'third line', 'no context line');

    const entries = await logs();
    const ours = entries.filter((entry) => /^(first|second|third|no context) line$/.test(entry.message));
    expect(ours).toEqual([
      {
        level: 'info',
        timestamp: expect.any(String),
        message: 'no context line',
        context: null,
        extra: null,
      },
      {
        level: 'error',
        timestamp: expect.any(String),
        message: 'third line',
        context: 'test',
        extra: { n: 3, detail: { why: 'broken' } },
      },
      {
        level: 'warning',
        timestamp: expect.any(String),
        message: 'second line',
        context: 'test',
        extra: { n: 2 },
      },
      {
        level: 'info',
        timestamp: expect.any(String),
        message: 'first line',
        context: 'test',
        extra: { n: 1 },
      },
    ]);
    for (const entry of ours) expect(new Date(entry.timestamp).toISOString()).toBe(entry.timestamp);
    // newest first across the whole answer
    const times = entries.map((entry) => entry.timestamp);
    expect(times).toEqual([...times].sort().reverse());
    // the log never carries the noise of pid and hostname
    for (const entry of ours) expect(Object.keys(entry.extra ?? {})).not.toContain('pid');
  });

  it('filters by type: error, warning, info; all (and no type) shows every level', async () => {
    t.app.log.error({ context: 'test' }, 'an error');
    t.app.log.warn({ context: 'test' }, 'a warning');
    t.app.log.info({ context: 'test' }, 'some info');
    await written('an error', 'a warning', 'some info');

    // the app logs lines of its own (a warning that no built panel is there, for one): look at ours
    const messages = async (type?: string) =>
      (await logs(type)).filter((entry) => entry.context === 'test').map((entry) => entry.message);
    for (const type of ['error', 'warning', 'info']) {
      const entries = await logs(type);
      expect(entries.length, type).toBeGreaterThan(0);
      for (const entry of entries) expect(entry.level, type).toBe(type);
    }
    expect(await messages('error')).toContain('an error');
    expect(await messages('error')).not.toContain('a warning');
    expect(await messages('warning')).toEqual(['a warning']);
    expect(await messages('info')).toContain('some info');
    expect(await messages('info')).not.toContain('an error');
    for (const type of ['all', undefined]) {
      expect(await messages(type)).toEqual(expect.arrayContaining(['an error', 'a warning', 'some info']));
    }
  });

  it('answers 422 to an unknown type', async () => {
    const response = await call(t.app, 'GET', '/api/admin/system-logs?type=verbose', { token: admin });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({
      message: expect.any(String),
      errors: { type: expect.any(Array) },
    });
  });

  it('answers at most the newest 500 entries', async () => {
    for (let i = 0; i < 600; i++) t.app.log.info({ context: 'test' }, `line ${i}`);
    await written('line 599');
    const entries = await logs();
    expect(entries).toHaveLength(500);
    expect(entries[0].message).toBe('line 599');
    expect(entries.map((entry) => entry.message)).not.toContain('line 0');
  });
});

describe('the log_level setting', () => {
  it('error: info and warning lines are no longer written', async () => {
    await saveSettings({ log_level: 'error' });
    t.app.log.info({ context: 'test' }, 'quiet info');
    t.app.log.warn({ context: 'test' }, 'quiet warning');
    t.app.log.error({ context: 'test' }, 'loud error');
    await written('loud error');
    const messages = (await logs()).map((entry) => entry.message);
    expect(messages).not.toContain('quiet info');
    expect(messages).not.toContain('quiet warning');
    expect(fs.readFileSync(t.app.logging.file.path, 'utf8')).not.toContain('quiet info');
  });

  it('debug: debug lines are written, one per request among them', async () => {
    t.app.log.debug({ context: 'test' }, 'hidden debug');
    await saveSettings({ log_level: 'debug' });
    t.app.log.debug({ context: 'test' }, 'shown debug');
    await call(t.app, 'GET', '/api/admin/system-settings', { token: admin });
    await written('shown debug');
    const request = await waitFor(async () =>
      (await logs()).find(
        (entry) => entry.message === 'request completed' && entry.extra?.url === '/api/admin/system-settings',
      ),
    );
    const entries = await logs();
    expect(entries.find((entry) => entry.message === 'shown debug')).toMatchObject({
      level: 'debug',
      context: 'test',
    });
    expect(entries.map((entry) => entry.message)).not.toContain('hidden debug');
    expect(request).toMatchObject({
      level: 'debug',
      context: 'http',
      extra: expect.objectContaining({ method: 'GET', url: '/api/admin/system-settings', status: 200 }),
    });
    // the debug lines are no type of their own in the filter: "info" does not show them
    expect((await logs('info')).map((entry) => entry.message)).not.toContain('shown debug');
  });

  it('info (the default) writes no debug lines and no line per request', async () => {
    t.app.log.debug({ context: 'test' }, 'hidden debug');
    t.app.log.info({ context: 'test' }, 'marker');
    await written('marker');
    const messages = (await logs()).map((entry) => entry.message);
    expect(messages).not.toContain('hidden debug');
    expect(messages).not.toContain('request completed');
  });
});

describe('POST /api/admin/clear-logs', () => {
  it('empties the log; only the line saying it was cleared remains', async () => {
    t.app.log.error({ context: 'test' }, 'old error');
    t.app.log.info({ context: 'test' }, 'old info');
    await written('old error', 'old info');
    const response = await call(t.app, 'POST', '/api/admin/clear-logs', { token: admin });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true, code: 'logs_cleared', message: 'System logs cleared.' });
    await written('logs cleared');
    const entries = await logs();
    expect(entries).toEqual([
      expect.objectContaining({
        level: 'info',
        message: 'logs cleared',
        context: 'logs',
        extra: expect.objectContaining({ by: ADMIN.email }),
      }),
    ]);
    expect(await logs('error')).toEqual([]);
  });

  it('also drops lines logged just before (still on their way to the file)', async () => {
    for (let i = 0; i < 2000; i++)
      t.app.log.info({ context: 'test', padding: 'x'.repeat(200) }, `burst ${i}`);
    expect((await call(t.app, 'POST', '/api/admin/clear-logs', { token: admin })).statusCode).toBe(200);
    t.app.log.info({ context: 'test' }, 'after clearing');
    await written('after clearing');
    const messages = (await logs()).map((entry) => entry.message);
    expect(messages.filter((message) => message.startsWith('burst'))).toEqual([]);
  });

  it('removes the rotated file too', async () => {
    await saveSettings({ max_log_file_size: 1 });
    await fill(0, 1200);
    expect(fs.existsSync(t.app.logging.file.rotatedPath)).toBe(true);
    expect((await call(t.app, 'POST', '/api/admin/clear-logs', { token: admin })).statusCode).toBe(200);
    expect(fs.existsSync(t.app.logging.file.rotatedPath)).toBe(false);
    await written('logs cleared');
    expect((await logs()).map((entry) => entry.message)).toEqual(['logs cleared']);
  });
});

const PADDING = 'x'.repeat(1000);

/** Logs lines "fill <from>" … "fill <to - 1>" of about 1 kB each, 100 at a time, each batch on disk before the next. */
async function fill(from: number, to: number) {
  for (let start = from; start < to; start += 100) {
    const end = Math.min(start + 100, to);
    for (let i = start; i < end; i++) t.app.log.info({ context: 'test', padding: PADDING }, `fill ${i}`);
    await written(`fill ${end - 1}`);
  }
}

const MB = 1024 * 1024;

describe('log rotation', () => {
  it('renames encore.log to encore.log.1 past max_log_file_size MB and starts a new file', async () => {
    const file = t.app.logging.file;
    expect(file.path).toBe(path.join(t.dataDir, 'logs', 'encore.log'));
    expect(file.rotatedPath).toBe(path.join(t.dataDir, 'logs', 'encore.log.1'));
    await saveSettings({ max_log_file_size: 1 });
    await fill(0, 900);
    expect(fs.existsSync(file.rotatedPath)).toBe(false);
    await fill(900, 1200);
    expect(fs.existsSync(file.rotatedPath)).toBe(true);

    const rotated = fs.readFileSync(file.rotatedPath, 'utf8');
    const current = fs.readFileSync(file.path, 'utf8');
    expect(rotated.length).toBeGreaterThan(MB * 0.85);
    expect(rotated.length).toBeLessThanOrEqual(MB + 2000);
    expect(current.length).toBeLessThan(MB * 0.5);
    expect(rotated).toContain('"fill 0"');
    expect(current).toContain('"fill 1199"');
    expect(current).not.toContain('"fill 0"');
    // every line is whole JSON, in one file or the other, and none is lost or doubled
    const lines = [...rotated.split('\n'), ...current.split('\n')].filter(Boolean);
    const fills = lines.map((line) => JSON.parse(line).message).filter((m: string) => m.startsWith('fill '));
    expect(fills).toEqual(Array.from({ length: 1200 }, (_, i) => `fill ${i}`));

    // reading still answers the newest entries first, across both files
    const entries = await logs();
    expect(entries).toHaveLength(500);
    expect(entries[0].message).toBe('fill 1199');
    const numbers = entries.map((entry) => Number(entry.message.replace('fill ', '')));
    expect(numbers).toEqual(numbers.map((_, i) => 1199 - i));
  });

  it('keeps one rotated file: the next rotation replaces encore.log.1', async () => {
    await saveSettings({ max_log_file_size: 1 });
    await fill(0, 2500);
    const dir = path.dirname(t.app.logging.file.path);
    expect(fs.readdirSync(dir).sort()).toEqual(['encore.log', 'encore.log.1']);
    const rotated = fs.readFileSync(t.app.logging.file.rotatedPath, 'utf8');
    expect(rotated).not.toContain('"fill 0"');
    expect(rotated).toContain('"fill 1500"');
    expect((await logs())[0].message).toBe('fill 2499');
  });

  it('rotates at once when the limit is lowered below the current size', async () => {
    await fill(0, 1200);
    expect(fs.existsSync(t.app.logging.file.rotatedPath)).toBe(false);
    await saveSettings({ max_log_file_size: 1 });
    await written('system settings saved');
    expect(fs.existsSync(t.app.logging.file.rotatedPath)).toBe(true);
    expect(fs.readFileSync(t.app.logging.file.rotatedPath, 'utf8')).toContain('"fill 1199"');
    expect((await logs())[0].message).toBe('system settings saved');
  });

  describe('a burst of lines logged in one go', () => {
    const burst = (lines: number) => {
      for (let i = 0; i < lines; i++) t.app.log.info({ context: 'test', padding: PADDING }, `burst ${i}`);
    };
    // The file is (re)opened asynchronously: let it settle before the DATA_DIR is removed.
    afterEach(() => waitFor(() => fs.existsSync(t.app.logging.file.path)));

    it('over twice the limit: no log call throws and the newest line reaches the file', async () => {
      await saveSettings({ max_log_file_size: 1 });
      expect(() => burst(2500)).not.toThrow();
      await written('burst 2499');
      const read = (file: string) => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '');
      const text = read(t.app.logging.file.rotatedPath) + read(t.app.logging.file.path);
      expect(text).toContain('"burst 2499"');
    });

    it('past the limit: encore.log.1 holds the lines up to the limit, not just what reached the disk', async () => {
      await saveSettings({ max_log_file_size: 1 });
      burst(1200);
      await written('burst 1199');
      expect(fs.statSync(t.app.logging.file.rotatedPath).size).toBeGreaterThan(MB * 0.85);
      expect(fs.statSync(t.app.logging.file.path).size).toBeLessThan(MB);
    });

    it('right after a rotation, clearing still works and empties both files', async () => {
      await saveSettings({ max_log_file_size: 1 });
      burst(1200);
      // at once, as a clear-logs call arriving then would
      expect(() => t.app.logging.file.clear()).not.toThrow();
      burst(1200);
      const response = await call(t.app, 'POST', '/api/admin/clear-logs', { token: admin });
      expect(response.statusCode, response.body).toBe(200);
      await written('logs cleared');
      expect(fs.existsSync(t.app.logging.file.rotatedPath)).toBe(false);
    });
  });
});
