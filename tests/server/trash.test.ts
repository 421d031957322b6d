import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, call, login, manualClock, type TestApp } from './helpers.js';
import { png, postForm, seedPeople, upload, type People, type Who } from './fixtures.js';
import { type Catalogue, catalogue } from './fixtures-gigs.js';

let t: TestApp;
let people: People;
let c: Catalogue;
let clock: ReturnType<typeof manualClock>;
const token = (who: Who) => people.tokens[who];

beforeEach(async () => {
  clock = manualClock();
  t = await buildTestApp({ clock });
  people = await seedPeople(t.app);
  c = catalogue(t.app, people);
});
afterEach(() => t.close());

const get = (url: string, who: Who = 'owner') => call(t.app, 'GET', url, { token: token(who) });
const remove = async (kind: string, id: number) => {
  const response = await get(`/api/admin/${kind}/${id}/delete?force=1`);
  expect(response.statusCode, response.body).toBe(200);
};
const undo = (kind: string, id: number, who: Who = 'owner') =>
  call(t.app, 'POST', `/api/admin/trash/${kind}/${id}/restore`, { token: token(who) });

/** Where a song shows: every list, search, count, export, playlist, gig and live page that has it. */
async function placesShowing(songId: number, naziv: string, playlist: number, gigToken: string) {
  const ids = (rows: { id: number }[]) => rows.map((row) => row.id);
  const places: Record<string, boolean> = {
    list: ids((await get('/api/admin/songs?o=2')).json().data).includes(songId),
    listOfAll: ids((await get('/api/admin/songs?o=1', 'admin')).json().data).includes(songId),
    search: ids((await get(`/api/admin/songs?o=2&q=${encodeURIComponent(naziv)}`)).json().data).includes(
      songId,
    ),
    count: (await get('/api/admin/dashboard')).json().data.total_songs === 2,
    export: (await get('/api/admin/songs/export?o=2')).body.includes(naziv),
    playlist: ids((await get(`/api/admin/playlist/${playlist}`)).json().songs).includes(songId),
    playlistCount: (await get('/api/admin/playlists?os=2')).json().data[0].songscount === 2,
    playlistExport: (await get('/api/admin/playlists/export?os=2')).body.includes(naziv),
    audience: ids((await call(t.app, 'GET', `/api/public/gig/${gigToken}`)).json().songs).includes(songId),
  };
  return places;
}

describe('a deleted song, performer or playlist', () => {
  it('is hidden from every list, search, count, export, playlist and gig, and comes back with Undo', async () => {
    const performer = await c.addPerformer('Bajaga');
    const kept = await c.addSong('Plavi safir', performer);
    const song = await c.addSong('Tišina', performer);
    const playlist = await c.addPlaylist('Subota');
    await c.setSongs(playlist, [kept, song]);
    const gig = await c.addGig({
      title: 'Svadba',
      lokacija: 'Kragujevac',
      status: '1',
      razmakpesme: '3',
      razmakvreme: '10',
      starttime: '2026-06-13T20:00',
      playlista: String(playlist),
    });
    const gigToken = (await c.readGig(gig)).token;
    const everywhere = await placesShowing(song, 'Tišina', playlist, gigToken);
    expect(Object.values(everywhere).every(Boolean), JSON.stringify(everywhere)).toBe(true);

    const { version } = (await get(`/api/admin/song/${song}`)).json();
    await remove('song', song);
    const nowhere = await placesShowing(song, 'Tišina', playlist, gigToken);
    expect(Object.values(nowhere).some(Boolean), JSON.stringify(nowhere)).toBe(false);
    expect((await get(`/api/admin/song/${song}`)).statusCode).toBe(404);

    // Another band cannot bring it back; the band can.
    expect((await undo('song', song, 'outsider')).statusCode).toBe(403);
    const back = await undo('song', song);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().not_restored).toEqual([]);
    const again = await placesShowing(song, 'Tišina', playlist, gigToken);
    expect(Object.values(again).every(Boolean), JSON.stringify(again)).toBe(true);
    // Coming back is a change: an edit form opened before the delete is told when it saves.
    expect((await get(`/api/admin/song/${song}`)).json().version).toBe(version + 1);
    // Its place in the playlist too.
    const entries = (await get(`/api/admin/playlist/${playlist}`)).json().songs;
    expect(entries.map((entry: { id: number }) => entry.id)).toEqual([kept, song]);
  });

  it('keeps its picture while it may come back', async () => {
    const performer = await c.addPerformer('Bajaga');
    const response = await postForm(
      t.app,
      '/api/admin/addsong',
      {
        title: 'Tišina',
        performer: String(performer),
        visible: '0',
        picture: upload(png(), 'p.png', 'image/png'),
      },
      { token: token('owner') },
    );
    const song = response.json().id as number;
    const picture = (await get(`/api/admin/song/${song}`)).json().slika as string;
    await remove('song', song);
    expect((await t.app.inject({ method: 'GET', url: picture })).statusCode).toBe(200);
    await undo('song', song);
    expect((await get(`/api/admin/song/${song}`)).json().slika).toBe(picture);
    // Deleted again and past 30 days: purged with its picture.
    await remove('song', song);
    clock.advanceMinutes(31 * 24 * 60);
    await t.app.jobs.runNow('trash-purge');
    expect((await t.app.inject({ method: 'GET', url: picture })).statusCode).toBe(404);
  });

  it('a performer comes back with its songs, a playlist with its entries and its gig', async () => {
    const performer = await c.addPerformer('Bajaga');
    const song = await c.addSong('Tišina', performer);
    const playlist = await c.addPlaylist('Subota');
    await c.setSongs(playlist, [song]);
    const gig = await c.addGig({
      title: 'Svadba',
      lokacija: 'Kragujevac',
      status: '0',
      razmakpesme: '3',
      razmakvreme: '10',
      starttime: '2026-06-13T20:00',
      playlista: String(playlist),
    });

    await remove('performer', performer);
    expect((await get(`/api/admin/song/${song}`)).json().idizvodjaca).toBeNull();
    expect((await get('/api/admin/performers?os=2&pg=0')).json().total).toBe(0);
    expect((await undo('performer', performer)).statusCode).toBe(200);
    expect((await get(`/api/admin/song/${song}`)).json()).toMatchObject({
      idizvodjaca: performer,
      nazivizvodjaca: 'Bajaga',
    });

    await remove('playlist', playlist);
    expect((await c.readGig(gig)).playlista ?? null).toBeNull();
    expect((await get('/api/admin/playlists?os=2')).json().total).toBe(0);
    // One of its songs is deleted meanwhile: reported, not restored.
    await remove('song', song);
    const back = await undo('playlist', playlist);
    expect(back.json().not_restored).toEqual([{ field: 'songs', reason: 'missing', ids: [song] }]);
    expect((await c.readGig(gig)).playlista).toBe(playlist);
    expect((await get('/api/admin/playlists?os=2')).json().total).toBe(1);
  });

  it('can be restored from the activity log for 30 days, then is purged', async () => {
    const performer = await c.addPerformer('Bajaga');
    const first = await c.addSong('Tišina', performer);
    const second = await c.addSong('Lutka', performer);
    await remove('song', first);
    await remove('song', second);
    const log = (await get('/api/admin/activity?kind=song', 'admin')).json().data as {
      id: number;
      item_id: number;
      action: string;
    }[];
    const deletion = log.find((row) => row.item_id === first && row.action === 'delete')!;
    const restored = await call(t.app, 'POST', `/api/admin/history/${deletion.id}/restore`, {
      token: token('admin'),
    });
    expect(restored.statusCode, restored.body).toBe(200);
    expect((await get(`/api/admin/song/${first}`)).statusCode).toBe(200);

    clock.advanceMinutes(29 * 24 * 60);
    await t.app.jobs.runNow('trash-purge');
    expect(await t.app.db.selectFrom('deleted_items').select('item_id').execute()).toEqual([
      { item_id: second },
    ]);
    clock.advanceMinutes(2 * 24 * 60);
    await t.app.jobs.runNow('trash-purge');
    expect(await t.app.db.selectFrom('deleted_items').select('item_id').execute()).toEqual([]);
    const gone = await call(t.app, 'POST', `/api/admin/trash/song/${second}/restore`, {
      token: await reLogin(),
    });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().code).toBe('history_item_gone');
  });
});

/** A month later the seeded sessions have run out. */
const reLogin = () => login(t.app, 'owner@test.local', 'user-password-1');
