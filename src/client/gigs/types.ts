/** A gig as GET /api/admin/gig/{id} answers it (spec §3 Gig). */
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
  token: string;
  band_url: string;
  public_url: string;
  /** The venue screen for a projector (issue 13). */
  screen_url: string;
  /** Guests may send a message with a request (issue 13). */
  allow_messages: boolean;
  /** Issue 29: the same performer not within this many songs (0 = off). */
  artist_spacing: number;
  /** Issue 29: the band's guess per song for the guests' wait estimate. */
  minutes_per_song: number;
  owned: boolean;
}

export type GigRow = Pick<Gig, 'id' | 'naziv' | 'lokacija' | 'pocetak' | 'slika' | 'status' | 'token'>;
