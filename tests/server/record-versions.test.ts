/**
 * No silent overwrite (issue 28, point 1), on SQLite and PostgreSQL: every song, performer,
 * playlist, gig, user and band answers its version; a save that names the version it started from
 * is refused with 409 once the record has moved on (saying who saved it and when, with the record
 * as it is now) and changes nothing; a save without a version is written as before. Two saves of
 * one playlist at once never lose an entry silently: one of them is refused.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatSongsField } from '../../src/shared/playlist-songs.js';
import { say } from '../../src/shared/server-messages.js';
import { ADMIN, buildTestApp, call, type TestApp } from './helpers.js';
import { type Fields, type People, postForm, seedPeople } from './fixtures.js';
import { catalogue } from './fixtures-gigs.js';

let t: TestApp;
let people: People;
let c: ReturnType<typeof catalogue>;
beforeEach(async () => {
  t = await buildTestApp();
  people = await seedPeople(t.app);
  c = catalogue(t.app, people);
});
afterEach(() => t.close());

type Record_ = Record<string, unknown> & { version: number; updated_by: string | null };
type Answer = { statusCode: number; body: string; json: () => unknown };

/** How a test makes, reads and saves one kind of record; `title` is the field a save changes. */
interface Kind {
  titleField: 'naziv' | 'name';
  /** Who saves it: the band's admin, or the system admin for users and bands. */
  saver: 'owner' | 'admin';
  create(): Promise<number>;
  read(id: number): Promise<Record_>;
  save(id: number, title: string, version?: number): Promise<Answer>;
}

const flag = '1';
const start = '2026-12-24T21:00';

function kinds(): Record<string, Kind> {
  const owner = people.tokens.owner;
  const admin = people.tokens.admin;
  const getJson = async (url: string, token: string) => {
    const response = await call(t.app, 'GET', url, { token });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Record_;
  };
  const listed = async (url: string, id: number) => {
    const { data } = (await getJson(url, admin)) as unknown as { data: Record_[] };
    return data.find((row) => row.id === id)!;
  };
  const form = (url: string, fields: Fields, version: number | undefined, token: string) =>
    postForm(
      t.app,
      url,
      { ...fields, version: version === undefined ? undefined : String(version) },
      { token },
    );
  return {
    song: {
      titleField: 'naziv',
      saver: 'owner',
      create: async () => c.addSong('Đurđevdan', await c.addPerformer('Bijelo dugme')),
      read: (id) => getJson(`/api/admin/song/${id}`, owner),
      save: async (id, title, version) => {
        const { idizvodjaca } = await getJson(`/api/admin/song/${id}`, owner);
        return form(
          `/api/admin/song/${id}/update`,
          { title, performer: String(idizvodjaca), visible: flag },
          version,
          owner,
        );
      },
    },
    performer: {
      titleField: 'naziv',
      saver: 'owner',
      create: () => c.addPerformer('Riblja čorba'),
      read: (id) => getJson(`/api/admin/performer/${id}`, owner),
      save: (id, title, version) =>
        form(`/api/admin/performer/${id}/update`, { title, visible: flag }, version, owner),
    },
    playlist: {
      titleField: 'naziv',
      saver: 'owner',
      create: () => c.addPlaylist('Svadba'),
      read: (id) => getJson(`/api/admin/playlist/${id}`, owner),
      save: (id, title, version) =>
        form(`/api/admin/playlist/${id}/update`, { title, visible: flag }, version, owner),
    },
    gig: {
      titleField: 'naziv',
      saver: 'owner',
      create: async () => {
        const playlist = await c.addPlaylist('Za svirku');
        return c.addGig({
          title: 'Doček',
          lokacija: 'Kafana',
          razmakpesme: '3',
          razmakvreme: '10',
          starttime: start,
          playlista: String(playlist),
        });
      },
      read: (id) => getJson(`/api/admin/gig/${id}`, owner),
      save: async (id, title, version) => {
        const gig = await getJson(`/api/admin/gig/${id}`, owner);
        return form(
          `/api/admin/gig/${id}/update`,
          {
            title,
            lokacija: String(gig.lokacija),
            razmakpesme: String(gig.razmakpesme),
            razmakvreme: String(gig.razmakvreme),
            starttime: start,
            playlista: String(gig.playlista),
          },
          version,
          owner,
        );
      },
    },
    user: {
      titleField: 'name',
      saver: 'admin',
      create: async () => {
        const response = await call(t.app, 'POST', '/api/admin/adduser', {
          token: admin,
          body: { name: 'Mika', email: 'mika@test.local', password: 'mika-password', role: 'viewer' },
        });
        expect(response.statusCode, response.body).toBe(200);
        return response.json().data.id as number;
      },
      read: (id) => listed('/api/admin/users', id),
      save: (id, name, version) =>
        call(t.app, 'POST', `/api/admin/user/${id}/update`, {
          token: admin,
          body: {
            name,
            email: 'mika@test.local',
            role: 'viewer',
            ...(version === undefined ? {} : { version }),
          },
        }),
    },
    band: {
      titleField: 'naziv',
      saver: 'admin',
      create: async () => {
        const response = await postForm(
          t.app,
          '/api/admin/addband',
          { naziv: 'Novi bend' },
          { token: admin },
        );
        expect(response.statusCode, response.body).toBe(200);
        return response.json().data.id as number;
      },
      read: (id) => listed('/api/admin/bands', id),
      save: (id, naziv, version) => form(`/api/admin/updateband/${id}`, { naziv }, version, admin),
    },
  };
}

/** The seeded people's names, as `updated_by` says them. */
async function nameOf(who: 'owner' | 'admin') {
  const email = who === 'admin' ? ADMIN.email : 'owner@test.local';
  const row = await t.app.db
    .selectFrom('users')
    .select('name')
    .where('email', '=', email)
    .executeTakeFirstOrThrow();
  return row.name;
}

describe.each(['song', 'performer', 'playlist', 'gig', 'user', 'band'])('a %s', (name) => {
  it('answers its version; a stale save is refused with 409, says who and when, and changes nothing', async () => {
    const kind = kinds()[name];
    const id = await kind.create();
    const opened = await kind.read(id);
    expect(opened.version).toBe(1);
    expect(opened.updated_by).toBeNull();

    // One admin saves over the version both opened: accepted, and the version moves on.
    const first = await kind.save(id, 'Prva izmena', opened.version);
    expect(first.statusCode, first.body).toBe(200);
    const saved = await kind.read(id);
    expect(saved[kind.titleField]).toBe('Prva izmena');
    expect(saved.version).toBe(2);
    expect(saved.updated_by).toBe(await nameOf(kind.saver));
    expect(typeof saved.updated_at).toBe('string');

    // The other saves over the version they opened, which is no longer there.
    const stale = await kind.save(id, 'Druga izmena', opened.version);
    expect(stale.statusCode, stale.body).toBe(409);
    const body = stale.json() as {
      message: string;
      code: string;
      params: Record<string, string>;
      current: Record_;
    };
    expect(body.code).toBe('stale_save');
    expect(body.params).toEqual({ name: saved.updated_by, at: saved.updated_at });
    expect(body.message).toBe(say('stale_save', body.params).message);
    expect(body.current[kind.titleField]).toBe('Prva izmena');
    expect(body.current.version).toBe(2);
    expect(await kind.read(id)).toEqual(saved);

    // Over the version the 409 answered, the save goes through.
    const again = await kind.save(id, 'Druga izmena', body.current.version);
    expect(again.statusCode, again.body).toBe(200);
    expect((await kind.read(id)).version).toBe(3);
  });

  it('is saved without a version as before (an old client): no check, and the version moves on', async () => {
    const kind = kinds()[name];
    const id = await kind.create();
    await kind.save(id, 'Prva izmena', 1);
    const old = await kind.save(id, 'Bez verzije');
    expect(old.statusCode, old.body).toBe(200);
    const read = await kind.read(id);
    expect(read[kind.titleField]).toBe('Bez verzije');
    expect(read.version).toBe(3);
  });
});

describe('two saves of one playlist at once', () => {
  /** Lets `n` rounds of the event loop pass. */
  async function turns(n: number) {
    for (let i = 0; i < n; i += 1) await new Promise((resolve) => setImmediate(resolve));
  }

  it('never lose an entry silently: one is written whole, the other refused with 409', async () => {
    const performer = await c.addPerformer('Zdravko Čolić');
    const songs = await Promise.all(['A', 'B', 'C', 'D'].map((title) => c.addSong(title, performer)));
    const [a, b, added1, added2] = songs;
    const rounds = 8;
    for (let round = 0; round < rounds; round += 1) {
      const id = await c.addPlaylist(`Runda ${round}`);
      await c.setSongs(id, [a, b]);
      const { version } = (await c.readPlaylist(id)) as unknown as { version: number };
      // One adds two songs, the other moves a song: both from the same version.
      const adding = () =>
        c.updatePlaylist(id, {
          title: `Runda ${round}`,
          songs: formatSongsField([added1, added2, a, b]),
          version: String(version),
        });
      const moving = () =>
        c.updatePlaylist(id, {
          title: `Runda ${round}`,
          songs: formatSongsField([b, a]),
          version: String(version),
        });
      const lead = round - rounds / 2;
      const [first, second] =
        lead >= 0
          ? await Promise.all([adding(), turns(lead).then(moving)])
          : await Promise.all([turns(-lead).then(adding), moving()]);
      const statuses = [first.statusCode, second.statusCode].sort();
      expect(statuses, `${first.body} ${second.body}`).toEqual([200, 409]);
      const kept = (await c.readPlaylist(id)).songs.map((song) => song.id);
      expect(kept).toEqual(first.statusCode === 200 ? [added1, added2, a, b] : [b, a]);
      // The refused one is told what the playlist holds now, to merge its change on top.
      const refused = (first.statusCode === 409 ? first : second).json() as {
        current: { songs: { id: number }[] };
      };
      expect(refused.current.songs.map((song) => song.id)).toEqual(kept);
    }
  });
});

describe('other changes of a record move its version on', () => {
  it('songs added to a playlist from the songs list', async () => {
    const playlist = await c.addPlaylist('Svadba');
    const song = await c.addSong('Lutka', await c.addPerformer('Bajaga'));
    const response = await call(t.app, 'POST', `/api/admin/playlist/${playlist}/add-songs`, {
      token: people.tokens.owner,
      body: { ids: [song] },
    });
    expect(response.statusCode, response.body).toBe(200);
    const read = (await c.readPlaylist(playlist)) as unknown as { version: number; updated_by: string };
    expect(read.version).toBe(2);
    expect(read.updated_by).toBe(await nameOf('owner'));
  });
});
