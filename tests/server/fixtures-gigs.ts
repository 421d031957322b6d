/**
 * Shared pieces of the playlist and gig tests: performers, songs, playlists and gigs made through the
 * API (so the app writes its own search columns and tokens), and reads of them.
 */
import { expect } from 'vitest';
import type { App } from '../../src/server/app.js';
import { formatSongsField } from '../../src/shared/playlist-songs.js';
import { call } from './helpers.js';
import { type Fields, type People, postForm, type Who } from './fixtures.js';

export interface PlaylistSong {
  id: number;
  naziv: string;
  slika: string | null;
  nazivizvodjaca: string | null;
  position: number;
}

export interface Playlist {
  error: boolean;
  id: number;
  naziv: string;
  slika: string | null;
  owned: boolean;
  visibility: boolean;
  songs: PlaylistSong[];
  gigs: { id: number; naziv: string; active: boolean }[];
}

export interface PlaylistRow {
  id: number;
  naziv: string;
  slika: string | null;
  songscount: number;
  owned: boolean;
  visibility: boolean;
}

export interface Gig {
  id: number;
  naziv: string;
  lokacija: string;
  pocetak: string;
  slika: string | null;
  status: boolean;
  razmakpesme: number;
  razmakvreme: number;
  playlista: number | null;
  allow_messages: boolean;
  token: string;
  band_url: string;
  public_url: string;
  screen_url: string;
  owned: boolean;
  /** Issue 28: its version, and who saved it last when. */
  version?: number;
  updated_at?: string | null;
  updated_by?: string | null;
}

export type Catalogue = ReturnType<typeof catalogue>;

/** Makes and reads the items of the catalogue as one of the seeded people. */
export function catalogue(app: App, people: People) {
  const token = (who: Who) => people.tokens[who];

  async function created(url: string, fields: Fields, who: Who) {
    const response = await postForm(app, url, fields, { token: token(who) });
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    return response.json().id as number;
  }

  const flag = (value: boolean) => (value ? '1' : '0');

  const getPlaylist = (id: number, who: Who = 'owner') =>
    call(app, 'GET', `/api/admin/playlist/${id}`, { token: token(who) });

  async function readPlaylist(id: number, who: Who = 'owner') {
    const response = await getPlaylist(id, who);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Playlist;
  }

  /** The playlist update as the editor sends it (title, visible, songs). */
  const updatePlaylist = (id: number, fields: Fields, who: Who = 'owner') =>
    postForm(app, `/api/admin/playlist/${id}/update`, fields, { token: token(who) });

  const getGig = (id: number, who: Who = 'owner') =>
    call(app, 'GET', `/api/admin/gig/${id}`, { token: token(who) });

  return {
    addPerformer: (naziv: string, { visible = false, who = 'owner' as Who } = {}) =>
      created('/api/admin/addperformer', { title: naziv, visible: flag(visible) }, who),

    addSong: (naziv: string, performer: number, { visible = false, who = 'owner' as Who } = {}) =>
      created(
        '/api/admin/addsong',
        { title: naziv, performer: String(performer), visible: flag(visible) },
        who,
      ),

    addPlaylist: (naziv: string, { visible = false, who = 'owner' as Who, extra = {} as Fields } = {}) =>
      created('/api/admin/addplaylist', { title: naziv, visible: flag(visible), ...extra }, who),

    getPlaylist,
    readPlaylist,
    updatePlaylist,

    /** Replaces a playlist's songs, keeping its name and visibility. */
    async setSongs(id: number, songIds: number[], who: Who = 'owner') {
      const current = await readPlaylist(id, who);
      const response = await updatePlaylist(
        id,
        { title: current.naziv, visible: flag(current.visibility), songs: formatSongsField(songIds) },
        who,
      );
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as Playlist;
    },

    addGig: (fields: Fields, who: Who = 'owner') => created('/api/admin/addgig', fields, who),

    getGig,

    async readGig(id: number, who: Who = 'owner') {
      const response = await getGig(id, who);
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as Gig;
    },

    /** Rows in a table, straight from the database. */
    async count(table: 'songs' | 'playlists' | 'playlist_songs' | 'gigs') {
      const row = await app.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}
