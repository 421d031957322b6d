/** A playlist row of the list (spec §3 Playlist). */
export interface PlaylistRow {
  id: number;
  naziv: string;
  slika: string | null;
  songscount: number;
  owned: boolean;
  visibility: boolean;
}

export interface PlaylistSong {
  id: number;
  naziv: string;
  slika: string | null;
  nazivizvodjaca: string | null;
}

/** GET /api/admin/playlist/{id} (spec §7). */
export interface Playlist {
  id: number;
  error: boolean;
  naziv: string;
  slika: string | null;
  owned: boolean;
  visibility: boolean;
  songs: (PlaylistSong & { position: number })[];
}
