import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogue } from './fixtures-gigs.js';
import { seedPeople, type People, type Who } from './fixtures.js';
import { buildTestApp, call, type TestApp } from './helpers.js';

let t: TestApp;
let people: People;
let c: ReturnType<typeof catalogue>;
let performer: number;

beforeAll(async () => {
  t = await buildTestApp();
  people = await seedPeople(t.app);
  c = catalogue(t.app, people);
  performer = await c.addPerformer('Bajaga');
});
afterAll(() => t.close());

const bulk = (kind: string, body: unknown, who: Who = 'owner') =>
  call(t.app, 'POST', `/api/admin/${kind}/bulk`, { token: people.tokens[who], body });

const visibility = async (table: 'songs' | 'performers' | 'playlists', id: number) =>
  (await t.app.db.selectFrom(table).select('visibility').where('id', '=', id).executeTakeFirstOrThrow())
    .visibility;

describe('bulk actions', () => {
  it('make several songs public, each checked as if alone: another band’s song is refused, the rest done', async () => {
    const own = [await c.addSong('Jedna', performer), await c.addSong('Dve', performer)];
    const otherPerformer = await c.addPerformer('Čolić', { who: 'outsider', visible: true });
    const theirs = await c.addSong('Tuđa', otherPerformer, { who: 'outsider', visible: true });
    const hidden = await c.addSong('Skrivena', otherPerformer, { who: 'outsider' });
    const response = await bulk('songs', { action: 'public', ids: [...own, theirs, hidden, 999_999] });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      results: [
        { id: own[0], ok: true, status: 200, message: 'Made public.', code: 'made_public', changed: true },
        { id: own[1], ok: true, status: 200, message: 'Made public.', code: 'made_public', changed: true },
        {
          id: theirs,
          ok: false,
          status: 403,
          message: 'Only the band that owns it may change it.',
          code: 'item_not_yours',
        },
        { id: hidden, ok: false, status: 404, message: 'Not found.', code: 'not_found' },
        { id: 999_999, ok: false, status: 404, message: 'Not found.', code: 'not_found' },
      ],
      done: 2,
      failed: 3,
    });
    expect(await Promise.all(own.map((id) => visibility('songs', id)))).toEqual([1, 1]);
    expect(await visibility('songs', hidden)).toBe(0);
    expect((await bulk('songs', { action: 'private', ids: own })).json().done).toBe(2);
    expect(await Promise.all(own.map((id) => visibility('songs', id)))).toEqual([0, 0]);
  });

  it('say which items they changed, so that the panel’s Undo sets back only those (issue 28)', async () => {
    const [wasPublic, wasPrivate] = [
      await c.addSong('Već javna', performer, { visible: true }),
      await c.addSong('Još privatna', performer),
    ];
    const made = (await bulk('songs', { action: 'public', ids: [wasPublic, wasPrivate] })).json();
    expect(made.results.map((result: { changed: boolean }) => result.changed)).toEqual([false, true]);
    // The panel's Undo: the changed one back to private; the other stays public.
    expect((await bulk('songs', { action: 'private', ids: [wasPrivate] })).json().done).toBe(1);
    expect([await visibility('songs', wasPublic), await visibility('songs', wasPrivate)]).toEqual([1, 0]);
  });

  it('delete goes through each item’s own delete: the spec’s messages, and an active gig’s playlist is kept', async () => {
    const free = await c.addPlaylist('Slobodna');
    const played = await c.addPlaylist('Večeras');
    await c.addGig({
      title: 'Petak',
      lokacija: 'Klub',
      status: '1',
      razmakpesme: '1',
      razmakvreme: '2',
      starttime: '2026-11-27T21:00',
      playlista: String(played),
    });
    const response = await bulk('playlists', { action: 'delete', ids: [free, played] });
    expect(response.json()).toMatchObject({
      results: [
        { id: free, ok: true, status: 200, message: 'Playlist Slobodna with 0 songs has been deleted' },
        {
          id: played,
          ok: false,
          status: 409,
          message: 'The active gig Petak plays this playlist.',
          code: 'playlist_in_active_gig',
          params: { gig: 'Petak' },
        },
      ],
      done: 1,
      failed: 1,
    });
    expect((await c.getPlaylist(free)).statusCode).toBe(404);
    expect((await c.getPlaylist(played)).statusCode).toBe(200);
  });

  it('performers: public and delete', async () => {
    const ids = [await c.addPerformer('Prvi'), await c.addPerformer('Drugi')];
    expect((await bulk('performers', { action: 'public', ids })).json().done).toBe(2);
    expect(await visibility('performers', ids[0])).toBe(1);
    expect((await bulk('performers', { action: 'delete', ids })).json().done).toBe(2);
  });

  it('only band admins may, and the request must be well formed', async () => {
    const id = await c.addSong('Treća', performer);
    expect((await bulk('songs', { action: 'public', ids: [id] }, 'viewer')).statusCode).toBe(403);
    expect(
      (await call(t.app, 'POST', '/api/admin/songs/bulk', { body: { action: 'public', ids: [id] } }))
        .statusCode,
    ).toBe(401);
    for (const body of [
      { action: 'explode', ids: [id] },
      { action: 'public', ids: [] },
      { action: 'public', ids: [id, id] },
      {},
    ]) {
      const response = await bulk('songs', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
    }
    expect(await visibility('songs', id)).toBe(0);
  });
});

describe('add songs to a playlist', () => {
  it('puts new songs at the top in the order given and leaves the ones already there', async () => {
    const [a, b, x] = [
      await c.addSong('A', performer),
      await c.addSong('B', performer),
      await c.addSong('X', performer),
    ];
    const playlist = await c.addPlaylist('Lista');
    await c.setSongs(playlist, [x]);
    const response = await call(t.app, 'POST', `/api/admin/playlist/${playlist}/add-songs`, {
      token: people.tokens.owner,
      body: { ids: [b, x, a] },
    });
    expect(response.json()).toEqual({ added: 2, already: 1, added_ids: [b, a] });
    expect((await c.readPlaylist(playlist)).songs.map((song) => song.id)).toEqual([b, a, x]);
  });

  it('are taken out again by the Undo (remove-songs), the others keeping their order; only by the band', async () => {
    const [a, b, x, y] = [
      await c.addSong('A', performer),
      await c.addSong('B', performer),
      await c.addSong('X', performer),
      await c.addSong('Y', performer),
    ];
    const playlist = await c.addPlaylist('Poništi');
    await c.setSongs(playlist, [x, y]);
    const removeSongs = (ids: number[], who: Who = 'owner') =>
      call(t.app, 'POST', `/api/admin/playlist/${playlist}/remove-songs`, {
        token: people.tokens[who],
        body: { ids },
      });
    const added = await call(t.app, 'POST', `/api/admin/playlist/${playlist}/add-songs`, {
      token: people.tokens.owner,
      body: { ids: [a, x, b] },
    });
    const { added_ids: addedIds } = added.json();
    expect((await c.readPlaylist(playlist)).songs.map((song) => song.id)).toEqual([a, b, x, y]);

    expect((await removeSongs(addedIds, 'viewer')).statusCode).toBe(403);
    expect((await removeSongs(addedIds, 'outsider')).statusCode).toBe(404);
    expect((await removeSongs(addedIds, 'outsider')).json().code).toBe('playlist_not_found');
    const undone = await removeSongs(addedIds);
    expect(undone.statusCode, undone.body).toBe(200);
    expect(undone.json()).toEqual({ removed: 2 });
    expect((await c.readPlaylist(playlist)).songs.map((song) => song.id)).toEqual([x, y]);
    // Again: nothing left to take out.
    expect((await removeSongs(addedIds)).json()).toEqual({ removed: 0 });
    expect(
      (
        await call(t.app, 'POST', '/api/admin/playlist/999999/remove-songs', {
          token: people.tokens.owner,
          body: { ids: [a] },
        })
      ).statusCode,
    ).toBe(404);
    expect((await removeSongs([])).statusCode).toBe(422);
  });

  it('refuses songs the band may not use and playlists it does not own, changing nothing', async () => {
    const otherPerformer = await c.addPerformer('Tuđi', { who: 'outsider' });
    const hidden = await c.addSong('Tuđa tajna', otherPerformer, { who: 'outsider' });
    const playlist = await c.addPlaylist('Moja');
    const refused = await call(t.app, 'POST', `/api/admin/playlist/${playlist}/add-songs`, {
      token: people.tokens.owner,
      body: { ids: [hidden] },
    });
    expect(refused.statusCode).toBe(422);
    expect((await c.readPlaylist(playlist)).songs).toEqual([]);
    const notOurs = await call(t.app, 'POST', `/api/admin/playlist/${playlist}/add-songs`, {
      token: people.tokens.outsider,
      body: { ids: [hidden] },
    });
    expect(notOurs.statusCode).toBe(404);
  });
});
