/**
 * What one band keeps private stays its own when other bands read what it shares (docs/decisions.md,
 * "Visibility"): a public playlist shows another band only the songs it may see, a private
 * performer's name finds nothing for another band, a gig offers only the songs its band may see,
 * and the dashboard's recent songs follow the same rule. The band itself and system admins see
 * everything of theirs.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatSongsField } from '../../src/shared/playlist-songs.js';
import { buildTestApp, call, type TestApp } from './helpers.js';
import { png, postForm, seedPeople, upload, type People, type Who } from './fixtures.js';
import { type Catalogue, catalogue, type PlaylistRow } from './fixtures-gigs.js';

let t: TestApp;
let people: People;
let c: Catalogue;
const token = (who: Who) => people.tokens[who];

beforeEach(async () => {
  t = await buildTestApp();
  people = await seedPeople(t.app);
  c = catalogue(t.app, people);
});
afterEach(() => t.close());

/**
 * Band A (owner): a private performer "Skriveni Izvođač" and a public one "Javni Izvođač"; a private
 * song "Tajna balada" (with a picture) by the public performer, and a public song "Javna pesma" by
 * the private performer. Band B (outsider): a public song "Pesma B" and a private one "Privatna B".
 * A's public playlist "Zajednička lista" holds, in order: Tajna balada, Javna pesma, Pesma B.
 */
async function seed() {
  const hidden = await c.addPerformer('Skriveni Izvođač');
  const open = await c.addPerformer('Javni Izvođač', { visible: true });
  const other = await c.addPerformer('Izvođač B', { visible: true, who: 'outsider' });
  const secretSong = await postForm(
    t.app,
    '/api/admin/addsong',
    { title: 'Tajna balada', performer: String(open), picture: upload(png(), 'p.png', 'image/png') },
    { token: token('owner') },
  );
  expect(secretSong.statusCode, secretSong.body).toBe(200);
  const songs = {
    secret: secretSong.json().id as number,
    publicByHidden: await c.addSong('Javna pesma', hidden, { visible: true }),
    otherPublic: await c.addSong('Pesma B', other, { visible: true, who: 'outsider' }),
    otherPrivate: await c.addSong('Privatna B', other, { who: 'outsider' }),
  };
  const playlist = await c.addPlaylist('Zajednička lista', { visible: true });
  await c.setSongs(playlist, [songs.secret, songs.publicByHidden, songs.otherPublic]);
  return { performers: { hidden, open, other }, songs, playlist };
}
type Seeded = Awaited<ReturnType<typeof seed>>;

const titles = (songs: { naziv: string }[]) => songs.map((song) => song.naziv);

async function get(url: string, who: Who) {
  const response = await call(t.app, 'GET', url, { token: token(who) });
  expect(response.statusCode, `${who} ${url}: ${response.body}`).toBe(200);
  return response;
}

/** Makes a song public or private again, as its band's admin does in the song form. */
async function setVisible(id: number, performer: number, naziv: string, visible: boolean, who: Who) {
  const response = await postForm(
    t.app,
    `/api/admin/song/${id}/update`,
    { title: naziv, performer: String(performer), visible: visible ? '1' : '0' },
    { token: token(who) },
  );
  expect(response.statusCode, response.body).toBe(200);
}

describe("another band's public playlist", () => {
  let s: Seeded;
  beforeEach(async () => {
    s = await seed();
  });

  it('shows other bands only its public songs: no private title, picture or performer', async () => {
    for (const who of ['outsider', 'bandless'] as const) {
      const response = await get(`/api/admin/playlist/${s.playlist}`, who);
      expect(titles(response.json().songs), who).toEqual(['Javna pesma', 'Pesma B']);
      expect(response.body, who).not.toContain('Tajna balada');
      expect(response.body, who).not.toContain(String((await c.readPlaylist(s.playlist)).songs[0].slika));
    }
  });

  it('shows its own band and system admins every song', async () => {
    for (const who of ['owner', 'viewer', 'admin'] as const) {
      const playlist = await c.readPlaylist(s.playlist, who);
      expect(titles(playlist.songs), who).toEqual(['Tajna balada', 'Javna pesma', 'Pesma B']);
      expect(playlist.songs[0].slika, who).toMatch(/^\/uploads\//);
    }
  });

  it('counts for each band only the songs it may see', async () => {
    const counts = async (who: Who) => {
      const body = (await get('/api/admin/playlists?os=1&pg=0', who)).json() as { data: PlaylistRow[] };
      return body.data.find((row) => row.id === s.playlist)?.songscount;
    };
    expect(await counts('owner')).toBe(3);
    expect(await counts('admin')).toBe(3);
    expect(await counts('outsider')).toBe(2);
    expect(await counts('bandless')).toBe(2);
  });

  it("previews in another band's gig form (the playlist read) only what that band may see", async () => {
    const options = (await get('/api/admin/playlists', 'outsider')).json().data as { id: number }[];
    expect(options.map((o) => o.id)).toContain(s.playlist);
    const preview = (await get(`/api/admin/playlist/${s.playlist}`, 'outsider')).json();
    expect(titles(preview.songs)).toEqual(['Javna pesma', 'Pesma B']);
  });
});

describe('a song made private after another band put it in its playlist', () => {
  let s: Seeded;
  beforeEach(async () => {
    s = await seed();
    await setVisible(s.songs.otherPublic, s.performers.other, 'Pesma B', false, 'outsider');
  });

  it("is hidden from the playlist's band, and shown to its own band and to system admins", async () => {
    expect(titles((await c.readPlaylist(s.playlist, 'owner')).songs)).toEqual([
      'Tajna balada',
      'Javna pesma',
    ]);
    expect(titles((await c.readPlaylist(s.playlist, 'outsider')).songs)).toEqual(['Javna pesma', 'Pesma B']);
    expect(titles((await c.readPlaylist(s.playlist, 'admin')).songs)).toEqual([
      'Tajna balada',
      'Javna pesma',
      'Pesma B',
    ]);
  });

  it('stays in the playlist, at its place, when the owner saves what they see', async () => {
    const saved = await c.updatePlaylist(s.playlist, {
      title: 'Zajednička lista',
      visible: '1',
      songs: formatSongsField([s.songs.publicByHidden, s.songs.secret]),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(titles(saved.json().songs)).toEqual(['Javna pesma', 'Tajna balada']);
    expect(titles((await c.readPlaylist(s.playlist, 'admin')).songs)).toEqual([
      'Javna pesma',
      'Tajna balada',
      'Pesma B',
    ]);
    // Saved again with a new song in front: the hidden one keeps its third place.
    const extra = await c.addSong('Nova', s.performers.open);
    await c.setSongs(s.playlist, [extra, s.songs.publicByHidden, s.songs.secret]);
    expect(titles((await c.readPlaylist(s.playlist, 'admin')).songs)).toEqual([
      'Nova',
      'Javna pesma',
      'Pesma B',
      'Tajna balada',
    ]);
  });

  it('may stay when a system admin saves the playlist with it', async () => {
    const order = [s.songs.otherPublic, s.songs.secret, s.songs.publicByHidden];
    await c.setSongs(s.playlist, order, 'admin');
    expect(titles((await c.readPlaylist(s.playlist, 'admin')).songs)).toEqual([
      'Pesma B',
      'Tajna balada',
      'Javna pesma',
    ]);
  });

  it('cannot be added to another playlist of the band that does not hold it yet', async () => {
    const another = await c.addPlaylist('Druga lista');
    const refused = await c.updatePlaylist(another, {
      title: 'Druga lista',
      songs: formatSongsField([s.songs.otherPublic]),
    });
    expect(refused.statusCode).toBe(422);
  });
});

describe('finding songs by their performer', () => {
  let s: Seeded;
  beforeEach(async () => {
    s = await seed();
  });

  const search = async (who: Who, os: number, q: string) =>
    titles((await get(`/api/admin/songs?os=${os}&pg=0&q=${encodeURIComponent(q)}`, who)).json().data);

  it("finds nothing for another band by a private performer's name", async () => {
    for (const os of [1, 3]) {
      expect(await search('outsider', os, 'skriveni'), `os=${os}`).toEqual([]);
      expect(await search('bandless', os, 'skriveni'), `os=${os}`).toEqual([]);
    }
  });

  it('finds the song by its performer for the band and for system admins', async () => {
    expect(await search('owner', 2, 'skriveni')).toEqual(['Javna pesma']);
    expect(await search('viewer', 1, 'skriveni')).toEqual(['Javna pesma']);
    expect(await search('admin', 1, 'skriveni')).toEqual(['Javna pesma']);
  });

  it("finds it for others by its own name, and by a public performer's name", async () => {
    expect(await search('outsider', 1, 'javna')).toEqual(['Javna pesma']);
    expect(await search('outsider', 3, 'javni izv')).toEqual([]);
    expect(await search('outsider', 1, 'izvođač b')).toEqual(['Pesma B', 'Privatna B']);
  });

  it("shows a public song's performer name to other bands (the song is public)", async () => {
    const song = (await get(`/api/admin/song/${s.songs.publicByHidden}`, 'outsider')).json();
    expect(song).toMatchObject({ naziv: 'Javna pesma', nazivizvodjaca: 'Skriveni Izvođač', owned: false });
    const listed = (await get('/api/admin/songs?os=3&pg=0&q=javna', 'outsider')).json().data;
    expect(listed).toEqual([expect.objectContaining({ nazivizvodjaca: 'Skriveni Izvođač' })]);
    // The performer itself stays private.
    expect(
      (await call(t.app, 'GET', `/api/admin/performer/${s.performers.hidden}`, { token: token('outsider') }))
        .statusCode,
    ).toBe(404);
  });
});

describe('the dashboard', () => {
  it("lists as recent songs only the caller's band's and public ones", async () => {
    await seed();
    const recent = async (who: Who) =>
      titles((await get('/api/admin/dashboard', who)).json().data.recent_songs).sort();
    expect(await recent('outsider')).toEqual(['Javna pesma', 'Pesma B', 'Privatna B']);
    expect(await recent('bandless')).toEqual(['Javna pesma', 'Pesma B']);
    expect(await recent('owner')).toEqual(['Javna pesma', 'Pesma B', 'Tajna balada']);
    expect(await recent('admin')).toEqual(['Javna pesma', 'Pesma B', 'Privatna B', 'Tajna balada']);
  });
});

describe("a gig on another band's public playlist", () => {
  it("offers the audience only the songs the gig's band may see", async () => {
    const s = await seed();
    const gig = await c.addGig(
      {
        title: 'Svirka B',
        lokacija: 'Novi Sad',
        status: '1',
        razmakpesme: '1',
        razmakvreme: '2',
        starttime: '2026-11-21T21:00',
        playlista: String(s.playlist),
      },
      'outsider',
    );
    const { token: gigToken } = await c.readGig(gig, 'outsider');
    const page = await t.app.inject({ method: 'GET', url: `/api/public/gig/${gigToken}` });
    expect(page.statusCode, page.body).toBe(200);
    expect(titles(page.json().songs)).toEqual(['Javna pesma', 'Pesma B']);
    expect(page.body).not.toContain('Tajna balada');

    const asked = await t.app.inject({
      method: 'POST',
      url: `/api/public/gig/${gigToken}/requests`,
      headers: {
        cookie: 'XSRF-TOKEN=v-token',
        'x-xsrf-token': 'v-token',
        'x-device-id': 'device-visibility-1',
      },
      payload: { song_id: s.songs.secret },
    });
    expect(asked.statusCode, asked.body).toBe(404);
    expect(asked.body).not.toContain('Tajna balada');
  });
});
