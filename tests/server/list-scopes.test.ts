// Lists without a warm cache and their caches per band and public scope (issue 15, points 1 and 2):
// band B's private edit leaves band A's cached pages, a public change reaches everyone's view,
// totals follow adds and deletes, and a sign-out through this process is refused at once.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, call, type TestApp, waitFor } from './helpers.js';
import { postForm, seedPeople, type People, type Who } from './fixtures.js';

let t: TestApp;
let people: People;
const token = (who: Who) => people.tokens[who];

beforeEach(async () => {
  t = await buildTestApp();
  people = await seedPeople(t.app);
});
afterEach(() => t.close());

async function add(path: string, fields: Record<string, string>, who: Who) {
  const response = await postForm(t.app, path, fields, { token: token(who) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().id as number;
}

const addPerformer = (naziv: string, who: Who, visible = true) =>
  add('/api/admin/addperformer', { title: naziv, visible: visible ? '1' : '0' }, who);
const addSong = (naziv: string, performer: number, who: Who, visible = false) =>
  add(
    '/api/admin/addsong',
    { title: naziv, performer: String(performer), visible: visible ? '1' : '0' },
    who,
  );

async function list(who: Who, path: string) {
  const response = await call(t.app, 'GET', path, { token: token(who) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    data: { id: number; naziv: string; nazivizvodjaca?: string | null }[];
    total: number;
  };
}

/** The list's answer and whether it was computed (true) or served from the cache (false). */
async function listWithMiss(who: Who, path: string) {
  const before = t.app.listCache.computed;
  const body = await list(who, path);
  return { body, computed: t.app.listCache.computed > before };
}

describe('list caches per band and public scope', () => {
  it("keeps band A's cached songs page when band B edits a private song, and drops it for a public one", async () => {
    const ownPerformer = await addPerformer('Izvođač A', 'owner');
    const otherPerformer = await addPerformer('Izvođač B', 'outsider');
    await addSong('Pesma A', ownPerformer, 'owner');
    const path = '/api/admin/songs?o=1&pg=0';
    expect((await listWithMiss('owner', path)).computed).toBe(true);
    expect((await listWithMiss('owner', path)).computed).toBe(false);

    // Band B's private song: band A cannot see it, so band A's page stays cached.
    const privateSong = await addSong('Tajna B', otherPerformer, 'outsider');
    const kept = await listWithMiss('owner', path);
    expect(kept.computed).toBe(false);
    expect(kept.body.data.map((s) => s.naziv)).toEqual(['Pesma A']);
    // ...while band B's own page and the admin's are recomputed and show it.
    expect((await list('outsider', '/api/admin/songs?o=2&pg=0')).data.map((s) => s.id)).toContain(
      privateSong,
    );
    expect((await list('admin', path)).data.map((s) => s.id)).toContain(privateSong);

    // Band B's public song changes what band A sees: its page is recomputed at once.
    const publicSong = await addSong('Javna B', otherPerformer, 'outsider', true);
    const fresh = await listWithMiss('owner', path);
    expect(fresh.computed).toBe(true);
    expect(fresh.body.data.map((s) => s.id)).toContain(publicSong);
    expect(fresh.body.total).toBe(2);

    // Making it private again takes it out of band A's view at once.
    const response = await postForm(
      t.app,
      `/api/admin/song/${publicSong}/update`,
      { title: 'Javna B', performer: String(otherPerformer), visible: '0' },
      { token: token('outsider') },
    );
    expect(response.statusCode, response.body).toBe(200);
    const hidden = await listWithMiss('owner', path);
    expect(hidden.computed).toBe(true);
    expect(hidden.body.data.map((s) => s.naziv)).toEqual(['Pesma A']);
    expect(hidden.body.total).toBe(1);
  });

  it("shows band B's private performer renamed on band B's public song in band A's list at once", async () => {
    const secret = await addPerformer('Tajni', 'outsider', false);
    await addSong('Javna B', secret, 'outsider', true);
    const path = '/api/admin/songs?o=1&pg=0';
    expect((await list('owner', path)).data.map((s) => s.nazivizvodjaca)).toEqual(['Tajni']);
    const renamed = await postForm(
      t.app,
      `/api/admin/performer/${secret}/update`,
      { title: 'Otkriveni', visible: '0' },
      { token: token('outsider') },
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect((await list('owner', path)).data.map((s) => s.nazivizvodjaca)).toEqual(['Otkriveni']);
  });

  it("keeps band A's gigs and playlists when band B writes its own private items", async () => {
    const performer = await addPerformer('Izvođač A', 'owner');
    await addSong('Pesma A', performer, 'owner');
    await list('owner', '/api/admin/playlists?os=1&pg=0');
    await list('owner', '/api/admin/gigs?pg=0');
    await list('owner', '/api/admin/performers?os=1&pg=0');
    await add('/api/admin/addplaylist', { title: 'Lista B', visible: '0' }, 'outsider');
    await addPerformer('Tajni B', 'outsider', false);
    expect((await listWithMiss('owner', '/api/admin/playlists?os=1&pg=0')).computed).toBe(false);
    expect((await listWithMiss('owner', '/api/admin/gigs?pg=0')).computed).toBe(false);
    expect((await listWithMiss('owner', '/api/admin/performers?os=1&pg=0')).computed).toBe(false);

    await add('/api/admin/addplaylist', { title: 'Javna lista B', visible: '1' }, 'outsider');
    const fresh = await listWithMiss('owner', '/api/admin/playlists?os=1&pg=0');
    expect(fresh.computed).toBe(true);
    expect(fresh.body.data.map((p) => p.naziv)).toEqual(['Javna lista B']);
  });
});

describe('totals', () => {
  const FILTERS = [1, 2, 3] as const;

  /** Every row of a list, page by page, to check the total against. */
  async function everyRow(who: Who, path: string) {
    const rows: number[] = [];
    for (let pg = 0; ; pg++) {
      const body = await list(who, `${path}&pg=${pg}`);
      rows.push(...body.data.map((row) => row.id));
      if (body.data.length === 0) return { rows, total: body.total };
    }
  }

  async function expectTotalsRight() {
    for (const who of ['owner', 'viewer', 'outsider', 'bandless', 'admin'] as const) {
      for (const o of FILTERS) {
        for (const path of [`/api/admin/songs?o=${o}`, `/api/admin/songs?o=${o}&q=pesma`]) {
          const { rows, total } = await everyRow(who, path);
          expect(total, `${who} ${path}`).toBe(rows.length);
          expect(new Set(rows).size, `${who} ${path}: no row twice`).toBe(rows.length);
        }
        const performers = await everyRow(who, `/api/admin/performers?os=${o}`);
        expect(performers.total, `${who} performers ${o}`).toBe(performers.rows.length);
        const playlists = await everyRow(who, `/api/admin/playlists?os=${o}`);
        expect(playlists.total, `${who} playlists ${o}`).toBe(playlists.rows.length);
      }
    }
  }

  it('are right for every filter after adds, a change of visibility and deletes', async () => {
    const a = await addPerformer('Izvođač A', 'owner');
    const b = await addPerformer('Izvođač B', 'outsider', false);
    const songs: number[] = [];
    // More than a page in each band, public and private mixed.
    for (let i = 0; i < 25; i++) songs.push(await addSong(`Pesma A${i}`, a, 'owner', i % 3 === 0));
    for (let i = 0; i < 23; i++) songs.push(await addSong(`Pesma B${i}`, b, 'outsider', i % 2 === 0));
    await addSong('Druga', a, 'owner', true);
    await add('/api/admin/addplaylist', { title: 'Lista A', visible: '1' }, 'owner');
    await expectTotalsRight();
    expect((await list('owner', '/api/admin/songs?o=1&pg=0')).total).toBe(26 + 12);

    for (const id of songs.filter((_, i) => i % 4 === 1)) {
      const who = id <= songs[24] ? 'owner' : 'outsider';
      const response = await call(t.app, 'POST', `/api/admin/song/${id}/delete`, { token: token(who) });
      expect(response.statusCode, response.body).toBe(200);
    }
    await expectTotalsRight();
    expect((await list('owner', '/api/admin/songs?o=2&pg=0')).total).toBe(26 - 6);
  });
});

describe('totals after a band goes', () => {
  it("drop the deleted band's public songs from the others' totals at once", async () => {
    const a = await addPerformer('Izvođač A', 'owner');
    const b = await addPerformer('Izvođač B', 'outsider');
    await addSong('Pesma A', a, 'owner');
    await addSong('Javna B', b, 'outsider', true);
    await addSong('Tajna B', b, 'outsider');
    expect((await list('owner', '/api/admin/songs?o=1&pg=0')).total).toBe(2);
    expect((await list('admin', '/api/admin/songs?o=1&pg=0')).total).toBe(3);
    const gone = await call(t.app, 'DELETE', `/api/admin/deleteband/${people.bandB}?cascade=1`, {
      token: token('admin'),
    });
    expect(gone.statusCode, gone.body).toBe(200);
    expect((await list('owner', '/api/admin/songs?o=1&pg=0')).total).toBe(1);
    expect((await list('owner', '/api/admin/songs?o=3&pg=0')).total).toBe(0);
    expect((await list('admin', '/api/admin/songs?o=1&pg=0')).total).toBe(1);
    expect((await list('owner', '/api/admin/performers?os=1&pg=0')).total).toBe(1);
  });
});

describe('sessions held in memory', () => {
  it('refuses a session signed out through this process at once, though its list was cached', async () => {
    await list('owner', '/api/admin/songs?o=1&pg=0');
    await list('owner', '/api/admin/songs?o=1&pg=0');
    const out = await call(t.app, 'POST', '/api/logout', { token: token('owner') });
    expect(out.statusCode, out.body).toBe(200);
    const after = await call(t.app, 'GET', '/api/admin/songs?o=1&pg=0', { token: token('owner') });
    expect(after.statusCode).toBe(401);
  });

  it("refuses a deleted user's session at once, and sees a changed role at once", async () => {
    await list('viewer', '/api/admin/songs?o=1&pg=0');
    const users = await call(t.app, 'GET', '/api/admin/users?pg=0', { token: token('admin') });
    expect(users.statusCode, users.body).toBe(200);
    const viewer = (users.json().data as { id: number; email: string }[]).find(
      (user) => user.email === 'viewer@test.local',
    )!;
    const removed = await call(t.app, 'POST', `/api/admin/user/${viewer.id}/delete`, {
      token: token('admin'),
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const after = await call(t.app, 'GET', '/api/admin/songs?o=1&pg=0', { token: token('viewer') });
    expect(after.statusCode).toBe(401);
  });
});

describe('two processes on one database', () => {
  const REDIS_URL = 'redis://127.0.0.1:6379';

  it('tells the other process through Redis of a public song and a sign-out', async () => {
    // Memory is trusted for a minute here, so only Redis can make the second process read again.
    const first = await buildTestApp({ redisUrl: REDIS_URL, freshMs: 60_000 });
    try {
      const who = await seedPeople(first.app);
      const second = await first.twin({ redisUrl: REDIS_URL, freshMs: 60_000 });
      const listOnSecond = () =>
        call(second, 'GET', '/api/admin/songs?o=1&pg=0', { token: who.tokens.owner });
      const before = await listOnSecond();
      expect(before.statusCode, before.body).toBe(200);
      expect(before.json().total).toBe(0);

      const performer = await postForm(
        first.app,
        '/api/admin/addperformer',
        { title: 'Izvođač B', visible: '1' },
        { token: who.tokens.outsider },
      );
      expect(performer.statusCode, performer.body).toBe(200);
      const song = await postForm(
        first.app,
        '/api/admin/addsong',
        { title: 'Javna B', performer: String(performer.json().id), visible: '1' },
        { token: who.tokens.outsider },
      );
      expect(song.statusCode, song.body).toBe(200);
      await waitFor(async () => (await listOnSecond()).json().total === 1);

      const out = await call(first.app, 'POST', '/api/logout', { token: who.tokens.owner });
      expect(out.statusCode, out.body).toBe(200);
      await waitFor(async () => (await listOnSecond()).statusCode === 401);
    } finally {
      await first.close();
    }
  });
});
