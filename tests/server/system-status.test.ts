import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN, buildTestApp, call, freePort, login, type TestApp } from './helpers.js';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function start(options: Parameters<typeof buildTestApp>[0] = {}) {
  t = await buildTestApp(options);
  const admin = await login(t.app, ADMIN.email, ADMIN.password);
  const app = t.app;
  return {
    app,
    admin,
    async status() {
      const response = await call(app, 'GET', '/api/admin/system-status', { token: admin });
      expect(response.statusCode, response.body).toBe(200);
      return response.json();
    },
  };
}

const component = {
  status: expect.stringMatching(/^(healthy|warning|error|unknown)$/),
  message: expect.any(String),
  // The message's code, and its values where it has any (issue 26: the panel translates by code).
  code: expect.stringMatching(/^[a-z_]+$/),
  lastCheck: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/),
};

describe('GET /api/admin/system-status', () => {
  it('answers the four components and the live server stats', async () => {
    const { status } = await start();
    const body = await status();
    expect(Object.keys(body).sort()).toEqual(['status', 'websocket_stats']);
    expect(Object.keys(body.status).sort()).toEqual(['database', 'messageQueue', 'redis', 'websocket']);
    for (const health of Object.values(body.status)) expect(health).toMatchObject(component);
    expect(body.websocket_stats).toEqual({
      state: 'running',
      listening: '/ws only',
      connections: 0,
      event_stream_connections: 0,
      signed_in_connections: 0,
      max_connections: 100,
      reserved_for_signed_in: 10,
      connections_total: 0,
      peak_connections: 0,
      messages_in: 0,
      messages_out: 0,
      refused_connections: 0,
      refused_full: 0,
      refused_per_address: 0,
      refused_per_gig: 0,
      refused_per_session: 0,
      refused_per_band: 0,
      closed_idle: 0,
      closed_signed_out: 0,
      restarts: 0,
      uptime_seconds: expect.any(Number),
    });
  });

  it('reports everything healthy on a fresh install without Redis', async () => {
    const { app, status } = await start();
    const { status: components } = await status();
    expect(components.websocket).toMatchObject({
      status: 'healthy',
      message: expect.stringMatching(/0 of 100/),
    });
    const name = app.dialect === 'postgres' ? 'PostgreSQL' : 'SQLite';
    expect(components.database.status).toBe('healthy');
    expect(components.database.message).toContain(name);
    expect(components.redis).toMatchObject({ status: 'unknown', message: 'Not configured' });
    expect(components.messageQueue.status).toBe('healthy');
    expect(components.messageQueue.message).toMatch(/backup/);
  });

  it('reports a stopped live server as error; restarting brings it back to healthy', async () => {
    const { app, admin, status } = await start();
    await app.live.stop();
    const stopped = await status();
    expect(stopped.status.websocket.status).toBe('error');
    expect(stopped.status.websocket.message).toMatch(/stopped/i);
    expect(stopped.websocket_stats).toMatchObject({ state: 'stopped', uptime_seconds: 0 });

    const restart = await call(app, 'POST', '/api/admin/restart-websocket', { token: admin });
    expect(restart.statusCode).toBe(200);
    expect(restart.json()).toEqual({
      success: true,
      code: 'websocket_restarted',
      message: 'WebSocket server restarted.',
    });
    const back = await status();
    expect(back.status.websocket.status).toBe('healthy');
    expect(back.websocket_stats).toMatchObject({ state: 'running', restarts: 1 });
  });

  it('reports a live server that cannot take its own port as warning, still reachable through /ws', async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const taken = (blocker.address() as net.AddressInfo).port;
    try {
      const { status } = await start({
        liveListen: true,
        settings: { websocket_port: taken, websocket_host: '127.0.0.1' },
      });
      const body = await status();
      expect(body.status.websocket.status).toBe('warning');
      expect(body.status.websocket.message).toContain(`127.0.0.1:${taken}`);
      expect(body.status.websocket.message).toContain('/ws');
      expect(body.websocket_stats).toMatchObject({ state: 'running', listening: '/ws only' });
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  });

  it('reports the live server listening on its own port', async () => {
    const port = await freePort();
    const { status } = await start({ liveListen: true, settings: { websocket_port: port } });
    const body = await status();
    expect(body.status.websocket.status).toBe('healthy');
    expect(body.websocket_stats.listening).toBe(`127.0.0.1:${port} and /ws`);
  });

  describe('Redis', () => {
    it('is healthy when REDIS_URL points at a running Redis', async () => {
      const { status } = await start({ redisUrl: 'redis://127.0.0.1:6379' });
      const { redis } = (await status()).status;
      expect(redis.status, redis.message).toBe('healthy');
    });

    it('is an error, "Unreachable: …", when nothing answers at REDIS_URL', async () => {
      const { status } = await start({ redisUrl: 'redis://127.0.0.1:1' });
      const { status: components } = await status();
      expect(components.redis.status).toBe('error');
      expect(components.redis.message).toMatch(/^Unreachable/);
      // the other components do not suffer for it
      expect(components.database.status).toBe('healthy');
    });
  });

  describe('message queue', () => {
    it('turns warning after a failed job, naming it, and healthy again after a good run', async () => {
      const { app, status } = await start();
      // a plain file where the backups folder belongs: the backup cannot create its folder
      const backups = path.join(t!.dataDir, 'backups');
      fs.rmSync(backups, { recursive: true, force: true });
      fs.writeFileSync(backups, 'not a folder');
      await app.jobs.runNow('backup');
      const failed = (await status()).status.messageQueue;
      expect(failed.status).toBe('warning');
      expect(failed.message).toMatch(/backup/);

      fs.rmSync(backups);
      await app.jobs.runNow('backup');
      expect((await status()).status.messageQueue.status).toBe('healthy');
      expect(fs.readdirSync(backups)).toHaveLength(1);
    });

    it('logs the failure as an error with context jobs', async () => {
      const { app } = await start();
      fs.writeFileSync(path.join(t!.dataDir, 'backups'), 'not a folder');
      await app.jobs.runNow('backup');
      await expect
        .poll(() => app.logging.file.read('error', 50).find((entry) => entry.context === 'jobs'))
        .toMatchObject({ level: 'error', message: 'backup job failed', extra: { job: 'backup' } });
    });
  });
});
