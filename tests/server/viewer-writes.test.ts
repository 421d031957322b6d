/**
 * Issue 26, point 3: the panel shows viewers read-only screens, and the server is what makes them
 * so. Every write a viewer could attempt from those screens, sent as the panel sends it with valid
 * fields on their own band's items, is refused with 403 in the API's error shape and changes
 * nothing; and every write route the API has (found in its OpenAPI document, so a new one is
 * covered too) refuses a viewer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatSongsField } from '../../src/shared/playlist-songs.js';
import { buildTestApp, call, type TestApp } from './helpers.js';
import { postForm, seedPeople, upload, type Fields, type People } from './fixtures.js';
import { catalogue, type Catalogue } from './fixtures-gigs.js';

let t: TestApp;
let people: People;
let c: Catalogue;
const items = { performer: 0, songs: [0, 0], playlist: 0, gig: 0 };

beforeAll(async () => {
  t = await buildTestApp();
  people = await seedPeople(t.app);
  c = catalogue(t.app, people);
  items.performer = await c.addPerformer('Bajaga', { visible: true });
  items.songs = [
    await c.addSong('Zažmuri', items.performer, { visible: true }),
    await c.addSong('Moji drugovi', items.performer),
  ];
  items.playlist = await c.addPlaylist('Subota', { visible: true });
  await c.setSongs(items.playlist, items.songs);
  items.gig = await c.addGig(gigForm({ title: 'Badnje veče' }));
});
afterAll(() => t.close());

function gigForm(fields: Fields = {}): Fields {
  return {
    title: 'Changed',
    lokacija: 'Dva jelena',
    status: '1',
    razmakpesme: '1',
    razmakvreme: '2',
    starttime: '2026-12-24T21:00',
    playlista: String(items.playlist),
    ...fields,
  };
}

const viewer = () => ({ token: people.tokens.viewer });
const csv = () => upload(Buffer.from('title,performer\nNovi talas,Bajaga\n'), 'songs.csv', 'text/csv');

/** What the band's own screens show of its items, read by the band admin. */
async function snapshot() {
  const read = async (url: string) => (await call(t.app, 'GET', url, { token: people.tokens.owner })).json();
  return {
    songs: await Promise.all(items.songs.map((id) => read(`/api/admin/song/${id}`))),
    performer: await read(`/api/admin/performer/${items.performer}`),
    playlist: await c.readPlaylist(items.playlist),
    gig: await c.readGig(items.gig),
    counts: {
      songs: await c.count('songs'),
      playlists: await c.count('playlists'),
      entries: await c.count('playlist_songs'),
      gigs: await c.count('gigs'),
    },
  };
}

describe('a viewer’s writes from the panel’s screens', () => {
  it('are each refused with 403 and a message, and change nothing of the band’s', async () => {
    const [zazmuri, drugovi] = items.songs;
    const before = await snapshot();
    const attempts: [string, () => Promise<{ statusCode: number; json: () => unknown }>][] = [
      // Edit song, Edit performer
      [
        'song update',
        () =>
          postForm(
            t.app,
            `/api/admin/song/${zazmuri}/update`,
            { title: 'Changed', performer: String(items.performer), visible: '0', resursi: 'https://x.test' },
            viewer(),
          ),
      ],
      [
        'performer update',
        () =>
          postForm(t.app, `/api/admin/performer/${items.performer}/update`, { title: 'Changed' }, viewer()),
      ],
      // The playlist editor: its entries reordered and one removed, pasted or added songs
      [
        'playlist entries save',
        () =>
          postForm(
            t.app,
            `/api/admin/playlist/${items.playlist}/update`,
            { title: 'Subota', visible: '1', songs: formatSongsField([drugovi]) },
            viewer(),
          ),
      ],
      [
        'paste setlist match',
        () =>
          call(t.app, 'POST', `/api/admin/playlist/${items.playlist}/match-setlist`, {
            ...viewer(),
            body: { text: 'Zažmuri - Bajaga' },
          }),
      ],
      [
        'add songs to the playlist',
        () =>
          call(t.app, 'POST', `/api/admin/playlist/${items.playlist}/add-songs`, {
            ...viewer(),
            body: { ids: [drugovi] },
          }),
      ],
      // Import songs: the preview (which writes nothing) and the import
      ['import preview', () => postForm(t.app, '/api/admin/songs/import/preview', { file: csv() }, viewer())],
      ['import', () => postForm(t.app, '/api/admin/songs/import', { file: csv() }, viewer())],
      // Edit gig
      ['gig update', () => postForm(t.app, `/api/admin/gig/${items.gig}/update`, gigForm(), viewer())],
      // The lists: deletes and bulk actions
      ['song delete', () => call(t.app, 'GET', `/api/admin/song/${zazmuri}/delete`, viewer())],
      ['playlist delete', () => call(t.app, 'GET', `/api/admin/playlist/${items.playlist}/delete`, viewer())],
      ['gig delete', () => call(t.app, 'GET', `/api/admin/gig/${items.gig}/delete`, viewer())],
      [
        'bulk make private',
        () =>
          call(t.app, 'POST', '/api/admin/songs/bulk', {
            ...viewer(),
            body: { action: 'private', ids: [zazmuri] },
          }),
      ],
      // The add screens
      [
        'add song',
        () =>
          postForm(
            t.app,
            '/api/admin/addsong',
            { title: 'Nova', performer: String(items.performer) },
            viewer(),
          ),
      ],
      ['add playlist', () => postForm(t.app, '/api/admin/addplaylist', { title: 'Nova' }, viewer())],
      ['add gig', () => postForm(t.app, '/api/admin/addgig', gigForm(), viewer())],
    ];
    for (const [name, attempt] of attempts) {
      const response = await attempt();
      expect(response.statusCode, name).toBe(403);
      expect(response.json(), name).toMatchObject({ message: expect.any(String) });
    }
    expect(await snapshot()).toEqual(before);
  });

  it('succeed for the band admin, so the refusals above are the viewer’s', async () => {
    const response = await postForm(
      t.app,
      `/api/admin/playlist/${items.playlist}/update`,
      { title: 'Subota', visible: '1', songs: formatSongsField([...items.songs].reverse()) },
      { token: people.tokens.owner },
    );
    expect(response.statusCode, response.body).toBe(200);
    expect((await c.readPlaylist(items.playlist)).songs.map((song) => song.id)).toEqual(
      [...items.songs].reverse(),
    );
    const preview = await postForm(
      t.app,
      '/api/admin/songs/import/preview',
      { file: csv() },
      {
        token: people.tokens.owner,
      },
    );
    expect(preview.statusCode, preview.body).toBe(200);
  });
});

/** The writes a viewer may make: signing out, and nothing of the band's. */
const VIEWER_MAY = new Set(['POST /api/logout']);

describe('every write route of the API', () => {
  it('refuses a viewer with 403', async () => {
    const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    const writes = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.keys(operations)
        .map((method) => method.toUpperCase())
        // The spec's deletes are GETs too (.../delete).
        .filter((method) => ['POST', 'PUT', 'DELETE', 'PATCH'].includes(method) || /\/delete$/.test(path))
        .filter((method) => method !== 'HEAD')
        .map((method) => ({ method: method as 'GET' | 'POST' | 'PUT' | 'DELETE', path })),
    );
    expect(writes.length).toBeGreaterThan(30);
    const open = writes.filter(
      ({ method, path }) =>
        !VIEWER_MAY.has(`${method} ${path}`) &&
        // Sign-in and the audience's own API are public (route-protection.test.ts).
        path !== '/api/login' &&
        !path.startsWith('/api/public/') &&
        !path.startsWith('/api/live/'),
    );
    // Most routes refuse a viewer before they read the request; the band page's live routes find
    // the gig (and so its band) first, so they are sent a request they would otherwise carry out:
    // the band's own gig, a real action, a valid body.
    const { token } = await c.readGig(items.gig);
    const param = (name: string) =>
      name === 'token' ? token : name === 'action' ? 'played' : String(items.songs[0]);
    const answers = [];
    for (const { method, path } of open) {
      const url = path.replace(/\{(\w+)\}/g, (_, name: string) => param(name));
      // The key of a song for the band (issue 27): a viewer may set tonight's key only (song-keys.test.ts).
      const body =
        method === 'GET'
          ? undefined
          : path.endsWith('/active')
            ? { active: false }
            : path.endsWith('/key')
              ? { scope: 'band', transpose: 2, capo: 0 }
              : // The running order (issue 27, point 3): a place in it, a song to slot in.
                path.endsWith('/setlist/current')
                ? { kind: 'set', song_id: items.songs[0] }
                : path.endsWith('/setlist/play-next')
                  ? { song_id: items.songs[0] }
                  : {};
      const response = await call(t.app, method, url, { ...viewer(), body });
      answers.push(`${method} ${path} ${response.statusCode}`);
    }
    expect(answers).toEqual(open.map(({ method, path }) => `${method} ${path} 403`));
  });
});
