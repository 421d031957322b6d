import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { actorOf, tracked } from '../../src/server/db/history.js';
import { ADMIN, buildTestApp, call, login, manualClock, type TestApp } from './helpers.js';
import { postForm, seedPeople, type People, type Who } from './fixtures.js';

let t: TestApp;
let people: People;
let clock: ReturnType<typeof manualClock>;
const token = (who: Who) => people.tokens[who];

beforeEach(async () => {
  clock = manualClock();
  t = await buildTestApp({ clock });
  people = await seedPeople(t.app);
});
afterEach(() => t.close());

async function add(path: string, fields: Record<string, string>, who: Who = 'owner') {
  const response = await postForm(t.app, path, fields, { token: token(who) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().id as number;
}
const addPerformer = (title: string) => add('/api/admin/addperformer', { title, visible: '0' });
const addSong = (title: string, performer: number) =>
  add('/api/admin/addsong', { title, performer: String(performer), visible: '0' });
const addPlaylist = (title: string) => add('/api/admin/addplaylist', { title, visible: '0' });

function updateSong(id: number, fields: Record<string, string>, who: Who = 'owner') {
  return postForm(t.app, `/api/admin/song/${id}/update`, { visible: '0', ...fields }, { token: token(who) });
}
const updatePlaylist = (id: number, songs: number[]) =>
  postForm(
    t.app,
    `/api/admin/playlist/${id}/update`,
    { title: 'Subota', visible: '0', songs: songs.map((song, i) => `${song},${i + 1}`).join(';') },
    { token: token('owner') },
  );

interface Entry {
  id: number;
  action: string;
  user_name: string;
  at: string;
  changes: {
    field: string;
    before: unknown;
    after: unknown;
    added?: { naziv: string }[];
    moved?: { id: number }[];
    removed?: { id: number }[];
    after_name?: string | null;
  }[];
}
async function historyOf(kind: string, id: number, who: Who = 'owner') {
  const response = await call(t.app, 'GET', `/api/admin/history/${kind}/${id}`, { token: token(who) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as Entry[];
}
const restore = (historyId: number, who: Who = 'owner') =>
  call(t.app, 'POST', `/api/admin/history/${historyId}/restore`, { token: token(who) });
const rowCount = async () =>
  Number(
    (
      await t.app.db
        .selectFrom('history')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('the history of changes', () => {
  it('records who changed which fields of a song, from what to what, newest first', async () => {
    const performer = await addPerformer('Bajaga');
    const song = await addSong('Tišina', performer);
    clock.advanceMinutes(5);
    const response = await updateSong(song, { title: 'Tišine', performer: String(performer), tempo: '96' });
    expect(response.statusCode, response.body).toBe(200);

    const [change, created] = await historyOf('song', song);
    expect(created.action).toBe('create');
    expect(change).toMatchObject({ action: 'update', user_name: 'owner', at: '2026-11-21T12:05:00.000Z' });
    expect(change.changes).toEqual([
      { field: 'naziv', before: 'Tišina', after: 'Tišine' },
      { field: 'tempo', before: null, after: 96 },
    ]);
  });

  it('writes no row for a save that changes nothing, nor for one refused', async () => {
    const performer = await addPerformer('Bajaga');
    const song = await addSong('Tišina', performer);
    const before = await rowCount();
    expect((await updateSong(song, { title: 'Tišina', performer: String(performer) })).statusCode).toBe(200);
    // Another band's writer, a viewer, a performer that does not exist: refused, nothing written.
    expect(
      (await updateSong(song, { title: 'X', performer: String(performer) }, 'outsider')).statusCode,
    ).toBe(404);
    expect((await updateSong(song, { title: 'X', performer: String(performer) }, 'viewer')).statusCode).toBe(
      403,
    );
    expect((await updateSong(song, { title: 'X', performer: '999999' })).statusCode).toBe(422);
    expect(await rowCount()).toBe(before);
  });

  it('shares the change’s transaction: a change rolled back leaves no row', async () => {
    const performer = await addPerformer('Bajaga');
    const song = await addSong('Tišina', performer);
    const before = await rowCount();
    const actor = actorOf({ id: 1, name: 'admin' }, clock());
    await expect(
      t.app.db.transaction().execute(async (trx) => {
        await tracked(trx, actor, 'song', song, () =>
          trx.updateTable('songs').set({ naziv: 'Rolled back' }).where('id', '=', song).execute(),
        );
        expect(await trx.selectFrom('history').select('id').execute()).toHaveLength(before + 1);
        throw new Error('something later failed');
      }),
    ).rejects.toThrow('something later failed');
    expect(await rowCount()).toBe(before);
    const row = await t.app.db
      .selectFrom('songs')
      .select('naziv')
      .where('id', '=', song)
      .executeTakeFirstOrThrow();
    expect(row.naziv).toBe('Tišina');
  });

  it('says which songs a playlist gained, lost and moved', async () => {
    const performer = await addPerformer('Bajaga');
    const [a, b, c, d] = [
      await addSong('Alfa', performer),
      await addSong('Beta', performer),
      await addSong('Gama', performer),
      await addSong('Delta', performer),
    ];
    const playlist = await addPlaylist('Subota');
    expect((await updatePlaylist(playlist, [a, b, c])).statusCode).toBe(200);
    expect(
      (
        await updatePlaylist(
          playlist,
          [b, c, a, d].filter((id) => id !== c),
        )
      ).statusCode,
    ).toBe(200);
    const [last] = await historyOf('playlist', playlist);
    const songs = last.changes.find((change) => change.field === 'songs')!;
    expect(songs.added!.map((song) => song.naziv)).toEqual(['Delta']);
    expect(songs.removed!.map((song) => song.id)).toEqual([c]);
    expect(songs.moved!.map((song) => song.id)).toEqual([a]);
  });

  it('shows a band its own items’ history only, and users’ and bands’ to system admins only', async () => {
    const performer = await addPerformer('Bajaga');
    const song = await addSong('Tišina', performer);
    expect(await historyOf('song', song, 'viewer')).toHaveLength(1);
    expect(await historyOf('song', song, 'outsider')).toEqual([]);
    expect(await historyOf('song', song, 'admin')).toHaveLength(1);
    const users = await call(t.app, 'GET', '/api/admin/history/user/1', { token: token('owner') });
    expect(users.statusCode).toBe(403);
    expect((await call(t.app, 'GET', '/api/admin/activity', { token: token('owner') })).statusCode).toBe(403);
    expect((await call(t.app, 'GET', '/api/admin/history/song/1')).statusCode).toBe(401);
  });
});

describe('restoring a version', () => {
  it('writes the version’s values back as a new change', async () => {
    const performer = await addPerformer('Bajaga');
    const song = await addSong('Tišina', performer);
    await updateSong(song, { title: 'Tišine', performer: String(performer), tempo: '96' });
    await updateSong(song, {
      title: 'Tišine 2',
      performer: String(performer),
      tempo: '100',
      tonalitet: 'Am',
    });
    const [, first] = await historyOf('song', song);
    const before = (await call(t.app, 'GET', `/api/admin/song/${song}`, { token: token('owner') })).json();

    // A viewer and another band may not; the band's writer may.
    expect((await restore(first.id, 'viewer')).statusCode).toBe(403);
    expect((await restore(first.id, 'outsider')).statusCode).toBe(403);
    const response = await restore(first.id);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ code: 'history_restored', not_restored: [] });

    const now = (await call(t.app, 'GET', `/api/admin/song/${song}`, { token: token('owner') })).json();
    expect(now).toMatchObject({ naziv: 'Tišine', tempo: 96, tonalitet: null });
    // A restore is a save: a form opened before it is told that the song changed (issue 28, point 1).
    expect(now.version).toBe(before.version + 1);
    const stale = await updateSong(song, {
      title: 'X',
      performer: String(performer),
      version: String(before.version),
    });
    expect(stale.statusCode).toBe(409);
    const [restored] = await historyOf('song', song);
    expect(restored.action).toBe('restore');
    // Found by its title again: the search column follows.
    const found = await call(t.app, 'GET', '/api/admin/songs?q=tisine&o=2', { token: token('owner') });
    expect(found.json().data.map((row: { id: number }) => row.id)).toEqual([song]);
  });

  it('reports references that no longer exist instead of restoring them', async () => {
    const first = await addPerformer('Bajaga');
    const second = await addPerformer('Riblja čorba');
    const song = await addSong('Tišina', first);
    const other = await addSong('Lutka', first);
    const playlist = await addPlaylist('Subota');
    await updatePlaylist(playlist, [song, other]);
    const [withSongs] = await historyOf('playlist', playlist);
    await updateSong(song, { title: 'Tišina', performer: String(second) });
    const [moved, original] = await historyOf('song', song);
    expect(moved.changes[0]).toMatchObject({ field: 'performer_id', after_name: 'Riblja čorba' });

    // The first performer and a song of the playlist are deleted.
    const gone = await call(t.app, 'GET', `/api/admin/performer/${first}/delete`, { token: token('owner') });
    expect(gone.statusCode).toBe(200);
    await updatePlaylist(playlist, []);
    expect(
      (await call(t.app, 'GET', `/api/admin/song/${other}/delete`, { token: token('owner') })).statusCode,
    ).toBe(200);

    const songBack = (await restore(original.id)).json();
    expect(songBack.not_restored).toEqual([{ field: 'performer_id', reason: 'missing', ids: [first] }]);
    expect(songBack.code).toBe('history_restored_partly');
    const playlistBack = await restore(withSongs.id);
    expect(playlistBack.json().not_restored).toEqual([{ field: 'songs', reason: 'missing', ids: [other] }]);
    const now = (
      await call(t.app, 'GET', `/api/admin/playlist/${playlist}`, { token: token('owner') })
    ).json();
    expect(now.songs.map((entry: { id: number }) => entry.id)).toEqual([song]);
  });

  it('answers 404 for a version that is not there', async () => {
    expect((await restore(999999)).statusCode).toBe(404);
  });
});

describe('the activity log', () => {
  it('lists every change for system admins, filtered by band, user, kind and day, and as CSV', async () => {
    const performer = await addPerformer('Bajaga');
    await addSong('Tišina', performer);
    clock.advanceMinutes(24 * 60);
    // A day later the sessions have run out: signed in again.
    people.tokens.outsider = await login(t.app, 'outsider@test.local', 'user-password-1');
    people.tokens.admin = await login(t.app, ADMIN.email, ADMIN.password);
    await add('/api/admin/addperformer', { title: 'Other', visible: '0' }, 'outsider');
    const log = async (query: string) => {
      const response = await call(t.app, 'GET', `/api/admin/activity${query}`, { token: token('admin') });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as {
        data: { kind: string; item_name: string; band_id: number }[];
        total: number;
      };
    };
    expect((await log('')).total).toBeGreaterThanOrEqual(3);
    expect((await log(`?band=${people.bandB}`)).data.map((row) => row.item_name)).toEqual(['Other']);
    expect((await log('?kind=song')).data.map((row) => row.item_name)).toEqual(['Tišina']);
    expect((await log('?from=2026-11-22')).data.map((row) => row.item_name)).toEqual(['Other']);
    expect((await log('?to=2026-11-21')).data.map((row) => row.item_name).sort()).toEqual([
      'Bajaga',
      'Tišina',
    ]);
    const csv = await call(t.app, 'GET', '/api/admin/activity/export?kind=performer', {
      token: token('admin'),
    });
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('Bajaga');
    expect(csv.body).not.toContain('Tišina');
  });

  it('says which change is its item’s newest: the item as it is now', async () => {
    const performer = await addPerformer('Bajaga');
    const song = await addSong('Tišina', performer);
    expect((await updateSong(song, { title: 'Tišine', performer: String(performer) })).statusCode).toBe(200);
    const latest = async (path: string) => {
      const response = await call(t.app, 'GET', path, { token: token('admin') });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json().data as { action: string; item_name: string; latest: boolean }[]).map(
        (row) => `${row.item_name} ${row.action} ${row.latest}`,
      );
    };
    expect(await latest('/api/admin/activity?kind=song')).toEqual([
      'Tišine update true',
      'Tišina create false',
    ]);
    expect(await latest(`/api/admin/history/song/${song}`)).toEqual([
      'Tišine update true',
      'Tišina create false',
    ]);
    // A delete is the newest until the song comes back; the performer's one change is its newest.
    const deleted = await call(t.app, 'GET', `/api/admin/song/${song}/delete`, { token: token('owner') });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await latest('/api/admin/activity')).slice(0, 4)).toEqual([
      'Tišine delete true',
      'Tišine update false',
      'Tišina create false',
      'Bajaga create true',
    ]);
  });

  it('is purged after HISTORY_DAYS', async () => {
    const performer = await addPerformer('Bajaga');
    await addSong('Tišina', performer);
    clock.advanceMinutes(179 * 24 * 60);
    await t.app.jobs.runNow('history-purge');
    expect(await rowCount()).toBe(2);
    clock.advanceMinutes(2 * 24 * 60);
    await t.app.jobs.runNow('history-purge');
    expect(await rowCount()).toBe(0);
  });
});
