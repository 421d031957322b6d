import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { listBackups } from '../../src/server/services/ops/backup.js';
import {
  ADMIN,
  buildTestApp,
  call,
  createUser,
  login,
  manualClock,
  type TestApp,
  waitFor,
} from './helpers.js';
import { fetchUpload, gif, png, postForm, upload } from './fixtures.js';

let t: TestApp;
let restored: TestApp | undefined;
let clock: ReturnType<typeof manualClock>;
let admin: string;

beforeEach(async () => {
  clock = manualClock();
  t = await buildTestApp({ clock });
  admin = await login(t.app, ADMIN.email, ADMIN.password);
});
afterEach(async () => {
  await restored?.close();
  restored = undefined;
  await t.close();
  vi.useRealTimers();
});

const backupsDir = () => path.join(t.dataDir, 'backups');
const sqlite = () => t.app.dialect === 'sqlite';

/** A band with a picture, its band admin, a performer and a song with a picture, through the API. */
async function seedContent() {
  const bandPicture = png([10, 200, 10]);
  const band = await postForm(
    t.app,
    '/api/admin/addband',
    { naziv: 'Ćevap Band', email: 'bend@test.local', picture: upload(bandPicture, 'band.png', 'image/png') },
    { token: admin },
  );
  expect(band.statusCode, band.body).toBe(200);
  const { id: bandId, picture: bandPictureUrl } = band.json().data;
  const owner = await createUser(t.app, {
    email: 'owner@test.local',
    role: 'band_admin',
    bandId,
    name: 'Đorđe',
  });
  const token = await login(t.app, owner.email, owner.password);
  const performer = await postForm(t.app, '/api/admin/addperformer', { title: 'Bajaga' }, { token });
  expect(performer.statusCode, performer.body).toBe(200);
  const songPicture = gif();
  const song = await postForm(
    t.app,
    '/api/admin/addsong',
    {
      title: 'Jugoslovenka',
      performer: String(performer.json().id),
      picture: upload(songPicture, 'cover.gif', 'image/gif'),
    },
    { token },
  );
  expect(song.statusCode, song.body).toBe(200);
  const songId = song.json().id as number;
  const { slika } = (await call(t.app, 'GET', `/api/admin/song/${songId}`, { token })).json();
  return { bandId, bandPicture, bandPictureUrl, owner, songId, songPicture, songPictureUrl: slika as string };
}

describe('the backup job', () => {
  it('writes DATA_DIR/backups/<time>/ with the database (on SQLite) and the uploads', async () => {
    const seeded = await seedContent();
    await t.app.jobs.runNow('backup');

    expect(listBackups(t.dataDir)).toEqual(['2026-11-21T12-00-00-000Z']);
    const folder = path.join(backupsDir(), '2026-11-21T12-00-00-000Z');
    const contents = fs.readdirSync(folder).sort();
    // PostgreSQL is backed up with its own tools (docs/operations.md): only the uploads are copied there
    expect(contents).toEqual(sqlite() ? ['encore.sqlite', 'uploads'] : ['uploads']);
    const uploads = path.join(t.dataDir, 'uploads');
    expect(fs.readdirSync(path.join(folder, 'uploads')).sort()).toEqual(fs.readdirSync(uploads).sort());
    const bandFile = path.basename(seeded.bandPictureUrl);
    expect(fs.readFileSync(path.join(folder, 'uploads', bandFile))).toEqual(seeded.bandPicture);
    expect(fs.readFileSync(path.join(folder, 'uploads', path.basename(seeded.songPictureUrl)))).toEqual(
      seeded.songPicture,
    );
    expect(fs.readdirSync(backupsDir()).filter((name) => name.endsWith('.partial'))).toEqual([]);
    await expect
      .poll(() => t.app.logging.file.read('info', 50).find((entry) => entry.message === 'backup written'))
      .toMatchObject({ context: 'backup', extra: { folder } });
  });

  it('works with no uploads yet', async () => {
    await t.app.jobs.runNow('backup');
    const [name] = listBackups(t.dataDir);
    const contents = fs.readdirSync(path.join(backupsDir(), name));
    if (sqlite()) expect(contents).toContain('encore.sqlite');
    expect(contents.filter((entry) => entry !== 'uploads' && entry !== 'encore.sqlite')).toEqual([]);
  });

  it('keeps the newest five backups', async () => {
    const names: string[] = [];
    for (let i = 0; i < 7; i++) {
      await t.app.jobs.runNow('backup');
      names.push(clock().toISOString().replace(/[:.]/g, '-'));
      clock.advanceMinutes(60);
    }
    expect(fs.readdirSync(backupsDir()).sort()).toEqual(names.slice(2));
    expect(listBackups(t.dataDir)).toEqual(names.slice(2).reverse());
  });

  it('leaves no half-written folder behind when it fails, and the next good run works', async () => {
    await seedContent();
    // a socket file among the uploads cannot be copied: the run fails after the database is copied
    const socket = net.createServer();
    await new Promise<void>((resolve) => socket.listen(path.join(t.dataDir, 'uploads', 'sock'), resolve));
    try {
      await t.app.jobs.runNow('backup');
      expect(fs.readdirSync(backupsDir())).toEqual([]);
      const status = (await call(t.app, 'GET', '/api/admin/system-status', { token: admin })).json();
      expect(status.status.messageQueue.status).toBe('warning');
      expect(status.status.messageQueue.message).toMatch(/backup/);
    } finally {
      await new Promise((resolve) => socket.close(resolve));
    }
    fs.rmSync(path.join(t.dataDir, 'uploads', 'sock'), { force: true });
    await t.app.jobs.runNow('backup');
    expect(listBackups(t.dataDir)).toHaveLength(1);
    const status = (await call(t.app, 'GET', '/api/admin/system-status', { token: admin })).json();
    expect(status.status.messageQueue.status).toBe('healthy');
  });

  it('runs by itself every backup_frequency hours, and not at all with auto_backup_enabled off', async () => {
    // Only the intervals are faked: the database, sockets and files keep real time.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    await t.close();
    t = await buildTestApp({ clock });
    admin = await login(t.app, ADMIN.email, ADMIN.password);
    const save = (settings: Record<string, unknown>) =>
      call(t.app, 'POST', '/api/admin/system-settings', { token: admin, body: { settings } });

    expect((await save({ backup_frequency: 2 })).statusCode).toBe(200);
    vi.advanceTimersByTime(60 * 60_000);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(listBackups(t.dataDir)).toEqual([]);
    vi.advanceTimersByTime(60 * 60_000);
    await waitFor(() => listBackups(t.dataDir).length === 1);

    expect((await save({ auto_backup_enabled: false })).statusCode).toBe(200);
    clock.advanceMinutes(60);
    vi.advanceTimersByTime(48 * 60 * 60_000);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(listBackups(t.dataDir)).toHaveLength(1);
  });

  it('keeps running after its schedule changes while a run is under way', async () => {
    const settings = await t.app.settings.get();
    const first = t.app.jobs.runNow('backup');
    // the schedule changes (a settings save, or the sync from another process) before the run ends
    t.app.applySettings({ ...settings, backup_frequency: 12 });
    await first;
    expect(listBackups(t.dataDir)).toHaveLength(1);

    clock.advanceMinutes(60);
    await t.app.jobs.runNow('backup');
    expect(listBackups(t.dataDir)).toHaveLength(2);
  });
});

// Restoring copies encore.sqlite back (docs/operations.md, Restore); on PostgreSQL the database is
// restored with pg_restore, outside the app, so this test exists for the SQLite run alone.
const onSqlite = process.env.TEST_DB !== 'postgres';
if (onSqlite) {
  describe('restore', () => {
    it('a server started on a backup finds the same users, bands, songs and files', async () => {
      const seeded = await seedContent();
      await t.app.jobs.runNow('backup');
      const [name] = listBackups(t.dataDir);
      const backup = path.join(backupsDir(), name);

      // changes after the backup are not in it
      await postForm(t.app, '/api/admin/addband', { naziv: 'Later Band' }, { token: admin });

      restored = await buildTestApp({
        prepareDataDir(dataDir) {
          fs.copyFileSync(path.join(backup, 'encore.sqlite'), path.join(dataDir, 'encore.sqlite'));
          fs.cpSync(path.join(backup, 'uploads'), path.join(dataDir, 'uploads'), { recursive: true });
        },
      });
      const app = restored.app;
      expect(app.firstAdmin).toBeFalsy();

      const adminToken = await login(app, ADMIN.email, ADMIN.password);
      const bands = (await call(app, 'GET', '/api/admin/bands', { token: adminToken })).json().data;
      expect(bands).toEqual([
        expect.objectContaining({ id: seeded.bandId, naziv: 'Ćevap Band', picture: seeded.bandPictureUrl }),
      ]);
      const users = (await call(app, 'GET', '/api/admin/users', { token: adminToken })).json().data;
      expect(users.map((user: { email: string }) => user.email).sort()).toEqual([
        ADMIN.email,
        seeded.owner.email,
      ]);

      const ownerToken = await login(app, seeded.owner.email, seeded.owner.password);
      const song = await call(app, 'GET', `/api/admin/song/${seeded.songId}`, { token: ownerToken });
      expect(song.statusCode).toBe(200);
      expect(song.json()).toMatchObject({ naziv: 'Jugoslovenka', slika: seeded.songPictureUrl });

      const bandPicture = await fetchUpload(app, seeded.bandPictureUrl);
      expect(bandPicture.statusCode).toBe(200);
      expect(bandPicture.rawPayload).toEqual(seeded.bandPicture);
      const songPicture = await fetchUpload(app, seeded.songPictureUrl);
      expect(songPicture.statusCode).toBe(200);
      expect(songPicture.rawPayload).toEqual(seeded.songPicture);
    });
  });
}
