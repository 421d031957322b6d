/**
 * Rules that read and then write (the last system admin, a band that still owns items, a taken
 * e-mail, the songs a playlist may hold) hold when requests race each other, on SQLite and on
 * PostgreSQL. Each race is run a bounded number of times, with the second request started a
 * growing number of event-loop turns after the first, so that its steps fall between the first
 * one's read and its write at some point of the sweep.
 */
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSession } from '../../src/server/db/sessions.js';
import type { Role } from '../../src/shared/constants.js';
import { formatSongsField } from '../../src/shared/playlist-songs.js';
import { ADMIN, buildTestApp, call, createBand, type TestApp } from './helpers.js';
import { png, postForm, upload } from './fixtures.js';

const ROUNDS = 12;

let t: TestApp;
beforeEach(async () => {
  t = await buildTestApp();
});
afterEach(() => t.close());

/** Lets `turns` rounds of the event loop (and the I/O they finish) pass. */
async function turns(n: number) {
  for (let i = 0; i < n; i += 1) await new Promise((resolve) => setImmediate(resolve));
}

/**
 * Runs both and answers both results: the round decides which starts first and how many turns
 * later the other follows (rounds sweep from `second` well ahead to `first` well ahead).
 */
async function race<A, B>(first: () => Promise<A>, second: () => Promise<B>, round: number, rounds = ROUNDS) {
  const lead = round - Math.floor(rounds / 2);
  if (lead >= 0) return Promise.all([first(), turns(lead).then(second)]);
  return Promise.all([turns(-lead).then(first), second()]);
}

let serial = 0;
/** A user made straight in the database (no password hashing), with a session token. */
async function person(role: Role, bandId: number | null = null) {
  serial += 1;
  const now = new Date().toISOString();
  const { id } = await t.app.db
    .insertInto('users')
    .values({
      name: `Person ${serial}`,
      email: `person-${serial}@test.local`,
      password_hash: 'not-a-hash',
      role,
      band_id: bandId,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, token: await signIn(id) };
}

const signIn = (userId: number) => createSession(t.app.db, userId, new Date().toISOString());

const admins = async () =>
  (await t.app.db.selectFrom('users').select('id').where('role', '=', 'admin').execute()).map((r) => r.id);

/** Leaves exactly these users as system admins. */
async function onlyAdmins(ids: number[]) {
  await t.app.db.updateTable('users').set({ role: 'viewer' }).where('id', 'not in', ids).execute();
  await t.app.db.updateTable('users').set({ role: 'admin' }).where('id', 'in', ids).execute();
}

const post = (url: string, token: string, body: unknown) => call(t.app, 'POST', url, { token, body });

/** Statuses that mean the request was refused on purpose: never a 500. */
const expectAnswered = (response: { statusCode: number; body: string }, allowed: number[]) =>
  expect(allowed, response.body).toContain(response.statusCode);

describe('the last system admin', () => {
  it('survives two admins demoting each other at once (role route)', async () => {
    const x = await person('admin');
    const y = await person('admin');
    for (let round = 0; round < ROUNDS; round += 1) {
      await onlyAdmins([x.id, y.id]);
      const [a, b] = await race(
        () => post(`/api/admin/users/${y.id}/role`, x.token, { role: 'viewer' }),
        () => post(`/api/admin/users/${x.id}/role`, y.token, { role: 'band_admin' }),
        round,
      );
      expectAnswered(a, [200, 403, 409]);
      expectAnswered(b, [200, 403, 409]);
      expect((await admins()).length, `round ${round}: ${a.statusCode} ${b.statusCode}`).toBe(1);
    }
  });

  it('survives two admins demoting each other at once (user update)', async () => {
    const x = await person('admin');
    const y = await person('admin');
    const update = (target: number, token: string) =>
      post(`/api/admin/user/${target}/update`, token, {
        name: `User ${target}`,
        email: `person-${target}-renamed@test.local`,
        // A new password too: its hashing lets the other request run between the check and the write.
        password: 'new-password-1',
        role: 'viewer',
      });
    for (let round = 0; round < ROUNDS; round += 1) {
      await onlyAdmins([x.id, y.id]);
      // A new password signs its user out, so each round signs in afresh.
      const [xToken, yToken] = [await signIn(x.id), await signIn(y.id)];
      const [a, b] = await race(
        () => update(y.id, xToken),
        () => update(x.id, yToken),
        round,
      );
      // The new password signs its target out, so the slower request may find its caller signed out (401).
      expectAnswered(a, [200, 401, 403, 409]);
      expectAnswered(b, [200, 401, 403, 409]);
      expect((await admins()).length, `round ${round}: ${a.statusCode} ${b.statusCode}`).toBe(1);
    }
  });

  it('survives the two remaining admins being deleted at once', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const x = await person('admin');
      const y = await person('admin');
      await onlyAdmins([x.id, y.id]);
      const [a, b] = await race(
        () => call(t.app, 'DELETE', `/api/admin/user/${y.id}/delete`, { token: x.token }),
        () => call(t.app, 'DELETE', `/api/admin/user/${x.id}/delete`, { token: y.token }),
        round,
      );
      // The loser may also find itself signed out (401) or its target already gone (404).
      expectAnswered(a, [200, 401, 404, 409]);
      expectAnswered(b, [200, 401, 404, 409]);
      expect((await admins()).length, `round ${round}: ${a.statusCode} ${b.statusCode}`).toBe(1);
    }
  });

  it('survives one admin being demoted while the other is deleted', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const x = await person('admin');
      const y = await person('admin');
      await onlyAdmins([x.id, y.id]);
      const [a, b] = await race(
        () => call(t.app, 'DELETE', `/api/admin/user/${y.id}/delete`, { token: x.token }),
        () => post(`/api/admin/users/${x.id}/role`, y.token, { role: 'viewer' }),
        round,
      );
      expectAnswered(a, [200, 403, 404, 409]);
      expectAnswered(b, [200, 401, 403, 404, 409]);
      expect((await admins()).length, `round ${round}: ${a.statusCode} ${b.statusCode}`).toBe(1);
    }
  });
});

describe('e-mail addresses', () => {
  it('two users added at once with one address: one is added, the other gets 422', async () => {
    const admin = await person('admin');
    for (let round = 0; round < ROUNDS; round += 1) {
      const body = (name: string) => ({
        name,
        email: `twin-${round}@test.local`,
        password: 'password-123',
        role: 'viewer',
      });
      const [a, b] = await race(
        () => post('/api/admin/adduser', admin.token, body('First')),
        () => post('/api/admin/adduser', admin.token, body('Second')),
        round,
      );
      const statuses = [a.statusCode, b.statusCode].sort();
      expect(statuses, `round ${round}: ${a.body} ${b.body}`).toEqual([200, 422]);
      const refused = a.statusCode === 422 ? a : b;
      expect(refused.json().errors.email).toEqual(['The email has already been taken.']);
    }
  });

  it('two users renamed at once to one address: one keeps it, the other gets 422', async () => {
    const admin = await person('admin');
    for (let round = 0; round < ROUNDS; round += 1) {
      const x = await person('viewer');
      const y = await person('viewer');
      const email = `same-${round}@test.local`;
      const [a, b] = await race(
        () =>
          post(`/api/admin/user/${x.id}/update`, admin.token, {
            name: 'X',
            email,
            password: 'password-x1',
            role: 'viewer',
          }),
        () =>
          post(`/api/admin/user/${y.id}/update`, admin.token, {
            name: 'Y',
            email,
            password: 'password-y1',
            role: 'viewer',
          }),
        round,
      );
      expect([a.statusCode, b.statusCode].sort(), `round ${round}: ${a.body} ${b.body}`).toEqual([200, 422]);
    }
  });
});

describe('deleting a band', () => {
  /** Upload names in DATA_DIR/uploads that no row of the database names. */
  async function strayUploads() {
    const dir = path.join(t.dataDir, 'uploads');
    const files = fs.existsSync(dir) ? fs.readdirSync(dir) : [];
    const db = t.app.db;
    const named = new Set(
      [
        ...(await db.selectFrom('songs').select(['slika', 'resource_file']).execute()).flatMap((r) => [
          r.slika,
          r.resource_file,
        ]),
        ...(await db.selectFrom('performers').select('slika').execute()).map((r) => r.slika),
        ...(await db.selectFrom('playlists').select('slika').execute()).map((r) => r.slika),
        ...(await db.selectFrom('gigs').select('slika').execute()).map((r) => r.slika),
        ...(await db.selectFrom('bands').select('picture').execute()).map((r) => r.picture),
      ].filter(Boolean),
    );
    return files.filter((name) => !named.has(name));
  }

  it('while a song is being added to it: never deletes the new song without cascade, never a 500', async () => {
    const admin = await person('admin');
    const otherBand = await createBand(t.app, 'Drugi bend');
    const other = await person('band_admin', otherBand);
    const performer = await postForm(
      t.app,
      '/api/admin/addperformer',
      { title: 'Javni izvođač', visible: '1' },
      { token: other.token },
    );
    expect(performer.statusCode, performer.body).toBe(200);
    const performerId = String(performer.json().id);
    const member = await person('band_admin');
    for (let round = 0; round < ROUNDS * 2; round += 1) {
      const band = await createBand(t.app, `Bend ${round}`);
      await t.app.db.updateTable('users').set({ band_id: band }).where('id', '=', member.id).execute();
      const [added, deleted] = await race(
        () =>
          postForm(
            t.app,
            '/api/admin/addsong',
            { title: `Pesma ${round}`, performer: performerId, picture: upload(png(), 'p.png', 'image/png') },
            { token: member.token },
          ),
        () => call(t.app, 'DELETE', `/api/admin/deleteband/${band}`, { token: admin.token }),
        round,
      );
      const label = `round ${round}: add ${added.statusCode} ${added.body} / delete ${deleted.statusCode}`;
      expectAnswered(added, [200, 422]);
      expectAnswered(deleted, [200, 409]);
      const songsLeft = await t.app.db
        .selectFrom('songs')
        .select('id')
        .where('naziv', '=', `Pesma ${round}`)
        .execute();
      if (added.statusCode === 200) {
        // The song made it in first: the band is refused deletion and the song stays.
        expect(deleted.statusCode, label).toBe(409);
        expect(songsLeft, label).toEqual([{ id: added.json().id }]);
      } else {
        expect(deleted.statusCode, label).toBe(200);
        expect(songsLeft, label).toEqual([]);
      }
      expect(await strayUploads(), label).toEqual([]);
    }
  });

  it('while songs are being imported into it: the import lands whole or gets 422, never a 500', async () => {
    const admin = await person('admin');
    const member = await person('band_admin');
    const file = upload(Buffer.from('title;performer\nUvezena;Uvezeni izvođač\n'), 'songs.csv', 'text/csv');
    for (let round = 0; round < ROUNDS; round += 1) {
      const band = await createBand(t.app, `Bend ${round}`);
      await t.app.db.updateTable('users').set({ band_id: band }).where('id', '=', member.id).execute();
      const [imported, deleted] = await race(
        () => postForm(t.app, '/api/admin/songs/import', { file }, { token: member.token }),
        () => call(t.app, 'DELETE', `/api/admin/deleteband/${band}`, { token: admin.token }),
        round,
      );
      const label = `round ${round}: import ${imported.statusCode} ${imported.body} / delete ${deleted.statusCode}`;
      expectAnswered(imported, [200, 422]);
      expect(deleted.statusCode, label).toBe(imported.statusCode === 200 ? 409 : 200);
    }
  });

  it('while a user is being moved into it: the user ends up in no band or gets 422, never a 500', async () => {
    const admin = await person('admin');
    // The window (between the check that the band exists and the write) is short: more rounds.
    const rounds = ROUNDS * 3;
    for (let round = 0; round < rounds; round += 1) {
      const band = await createBand(t.app, `Bend ${round}`);
      const user = await person('viewer');
      const [moved, deleted] = await race(
        () => post(`/api/admin/users/${user.id}/band`, admin.token, { band_id: band }),
        () => call(t.app, 'DELETE', `/api/admin/deleteband/${band}`, { token: admin.token }),
        round,
        rounds,
      );
      expectAnswered(moved, [200, 422]);
      expect(deleted.statusCode, deleted.body).toBe(200);
      const row = await t.app.db
        .selectFrom('users')
        .select('band_id')
        .where('id', '=', user.id)
        .executeTakeFirst();
      expect(row?.band_id).toBeNull();
    }
  });
});

describe("a band's songs", () => {
  // The import holds the band's row (PostgreSQL): what else writes the band's items or its row must
  // wait for it or go on beside it, never deadlock with it.
  it('an import runs beside songs and performers added one at a time and the band renamed', async () => {
    const admin = await person('admin');
    const band = await createBand(t.app, 'Bend');
    const member = await person('band_admin', band);
    const performer = await postForm(
      t.app,
      '/api/admin/addperformer',
      { title: 'Izvođač' },
      { token: member.token },
    );
    const performerId = String(performer.json().id);
    const rows = Array.from({ length: 300 }, (_, i) => `Uvezena ${i};Uvezeni izvođač ${i % 30}`);
    for (let round = 0; round < ROUNDS; round += 1) {
      const file = upload(
        Buffer.from(['title;performer', ...rows.map((row) => `${row} ${round}`)].join('\n')),
        'songs.csv',
        'text/csv',
      );
      const [imported, [song, added, renamed]] = await race(
        () => postForm(t.app, '/api/admin/songs/import', { file }, { token: member.token }),
        () =>
          Promise.all([
            postForm(
              t.app,
              '/api/admin/addsong',
              { title: `Pesma ${round}`, performer: performerId },
              { token: member.token },
            ),
            postForm(
              t.app,
              '/api/admin/addperformer',
              { title: `Izvođač ${round}` },
              { token: member.token },
            ),
            postForm(
              t.app,
              `/api/admin/updateband/${band}`,
              { naziv: `Bend ${round}` },
              { token: admin.token },
            ),
          ]),
        round,
      );
      for (const response of [imported, song, added, renamed])
        expect(response.statusCode, `round ${round}: ${response.body}`).toBe(200);
      expect(imported.json().added, `round ${round}`).toBe(300);
    }
  });
});

describe('playlist songs', () => {
  it('a song deleted while a playlist update adds it: the update gets 422 or the entry goes with the song', async () => {
    const band = await createBand(t.app, 'Bend');
    const member = await person('band_admin', band);
    const performer = await postForm(
      t.app,
      '/api/admin/addperformer',
      { title: 'Izvođač' },
      { token: member.token },
    );
    const performerId = String(performer.json().id);
    const playlist = await postForm(
      t.app,
      '/api/admin/addplaylist',
      { title: 'Lista' },
      { token: member.token },
    );
    const playlistId = playlist.json().id as number;
    for (let round = 0; round < ROUNDS; round += 1) {
      const song = await postForm(
        t.app,
        '/api/admin/addsong',
        { title: `Pesma ${round}`, performer: performerId },
        { token: member.token },
      );
      const songId = song.json().id as number;
      const [updated, deleted] = await race(
        () =>
          postForm(
            t.app,
            `/api/admin/playlist/${playlistId}/update`,
            {
              title: 'Lista',
              visible: '0',
              songs: formatSongsField([songId]),
              // Storing a picture lets the other request run between the check and the write.
              picture: upload(png(), 'p.png', 'image/png'),
            },
            { token: member.token },
          ),
        () => call(t.app, 'DELETE', `/api/admin/song/${songId}/delete`, { token: member.token }),
        round,
      );
      expectAnswered(updated, [200, 422]);
      expect(deleted.statusCode, deleted.body).toBe(200);
      const entries = await t.app.db
        .selectFrom('playlist_songs')
        .select('song_id')
        .where('song_id', '=', songId)
        .execute();
      expect(entries).toEqual([]);
    }
  });
});

// How SQLite transactions begin matters only on SQLite; PostgreSQL's row locks are what the races
// above test there.
if (process.env.TEST_DB !== 'postgres') {
  describe('SQLite transactions', () => {
    it('take the write lock when they begin, so a read in one sees no write of another process before its own write', async () => {
      // A second connection to the same file stands for another process (the seed script, a
      // second server). busy_timeout 0: it fails at once instead of blocking this thread.
      const other = new SQLite(path.join(t.dataDir, 'encore.sqlite'));
      other.pragma('busy_timeout = 0');
      try {
        let otherWrite: unknown = 'not tried';
        await t.app.db.transaction().execute(async (trx) => {
          await trx.selectFrom('users').select('id').where('email', '=', ADMIN.email).execute();
          try {
            other.prepare("update users set name = 'Changed meanwhile'").run();
            otherWrite = 'written';
          } catch (error) {
            otherWrite = (error as { code?: string }).code;
          }
        });
        expect(otherWrite).toBe('SQLITE_BUSY');
      } finally {
        other.close();
      }
    });
  });
}
