import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogue } from './fixtures-gigs.js';
import { seedPeople, type People, type Who } from './fixtures.js';
import { buildTestApp, call, type TestApp } from './helpers.js';

// Band A's repertoire: a private song and a public one whose performer is private. Other bands may
// see the public song (with its performer's name) but never the private one, through any door.
let t: TestApp;
let people: People;
let ids: { hidden: number; open: number; playlist: number; gigToken: string };

beforeAll(async () => {
  t = await buildTestApp();
  people = await seedPeople(t.app);
  const c = catalogue(t.app, people);
  const secretPerformer = await c.addPerformer('Tajni Izvođač');
  const publicPerformer = await c.addPerformer('Javni Izvođač', { visible: true });
  const hidden = await c.addSong('Skrivena pesma', publicPerformer);
  const open = await c.addSong('Otvorena pesma', secretPerformer, { visible: true });
  const playlist = await c.addPlaylist('Javna lista', { visible: true });
  await c.setSongs(playlist, [hidden, open]);
  // Band B plays A's public playlist at its own gig.
  const gig = await c.addGig(
    {
      title: 'Svirka B',
      lokacija: 'Klub',
      status: '1',
      razmakpesme: '1',
      razmakvreme: '2',
      starttime: '2026-11-21T20:00',
      playlista: String(playlist),
    },
    'outsider',
  );
  const gigToken = (await c.readGig(gig, 'outsider')).token;
  ids = { hidden, open, playlist, gigToken };
});
afterAll(() => t.close());

const get = (url: string, who: Who) => call(t.app, 'GET', url, { token: people.tokens[who] });
const titles = (rows: { naziv: string }[]) => rows.map((row) => row.naziv).sort();

describe('a public playlist read by another band', () => {
  it('shows only the songs that band may see; the owner and a system admin see all', async () => {
    const url = `/api/admin/playlist/${ids.playlist}`;
    expect(titles((await get(url, 'outsider')).json().songs)).toEqual(['Otvorena pesma']);
    expect(titles((await get(url, 'owner')).json().songs)).toEqual(['Otvorena pesma', 'Skrivena pesma']);
    expect(titles((await get(url, 'viewer')).json().songs)).toEqual(['Otvorena pesma', 'Skrivena pesma']);
    expect(titles((await get(url, 'admin')).json().songs)).toEqual(['Otvorena pesma', 'Skrivena pesma']);
  });

  it("keeps the owner's private song out of another band's gig: its audience neither sees nor requests it", async () => {
    const page = await call(t.app, 'GET', `/api/public/gig/${ids.gigToken}`);
    expect(page.statusCode, page.body).toBe(200);
    expect(titles(page.json().songs)).toEqual(['Otvorena pesma']);
    const request = await t.app.inject({
      method: 'POST',
      url: `/api/public/gig/${ids.gigToken}/requests`,
      headers: { cookie: 'XSRF-TOKEN=abc', 'x-xsrf-token': 'abc', 'x-device-id': 'device-visibility-1' },
      payload: { song_id: ids.hidden },
    });
    expect(request.statusCode, request.body).toBe(404);
  });
});

describe('a public song with a private performer', () => {
  it("carries the performer's name for other bands", async () => {
    const list = (await get('/api/admin/songs?o=3&pg=0', 'outsider')).json().data;
    expect(list).toEqual([
      expect.objectContaining({ naziv: 'Otvorena pesma', nazivizvodjaca: 'Tajni Izvođač' }),
    ]);
  });

  it("is not found by other bands searching the private performer's name; its own band finds it", async () => {
    const search = (who: Who) => get(`/api/admin/songs?o=1&pg=0&q=${encodeURIComponent('tajni')}`, who);
    expect((await search('outsider')).json()).toMatchObject({ data: [], total: 0 });
    expect(titles((await search('owner')).json().data)).toEqual(['Otvorena pesma']);
    expect(titles((await search('admin')).json().data)).toEqual(['Otvorena pesma']);
    // Its own title still finds it for everyone.
    const byTitle = await get(`/api/admin/songs?o=1&pg=0&q=otvorena`, 'outsider');
    expect(titles(byTitle.json().data)).toEqual(['Otvorena pesma']);
  });

  it("a public performer's name still finds its public songs for other bands", async () => {
    const search = await get(`/api/admin/songs?o=1&pg=0&q=javni`, 'outsider');
    // The only song of the public performer is private to band A.
    expect(search.json().data).toEqual([]);
    expect(titles((await get(`/api/admin/songs?o=1&pg=0&q=javni`, 'owner')).json().data)).toEqual([
      'Skrivena pesma',
    ]);
  });
});

describe('dashboard recent songs', () => {
  it('follow the same rule: other bands see the public song with its performer, never the private one', async () => {
    const recent = (await get('/api/admin/dashboard', 'outsider')).json().data.recent_songs;
    expect(recent).toEqual([
      expect.objectContaining({ naziv: 'Otvorena pesma', performer: 'Tajni Izvođač' }),
    ]);
    const own = (await get('/api/admin/dashboard', 'owner')).json().data.recent_songs;
    expect(titles(own)).toEqual(['Otvorena pesma', 'Skrivena pesma']);
  });
});
