/** A song as the API answers it (spec §3 Song). */
export interface Song {
  id: number;
  naziv: string;
  slika: string | null;
  nazivizvodjaca: string | null;
  idizvodjaca: number | null;
  owned: boolean;
  visibility: boolean;
  resursi: string | null;
  resource: string | null;
  /** Issue 27: key, beats per minute, seconds; the chart only where one song is read (not in lists). */
  tonalitet: string | null;
  tempo: number | null;
  trajanje: number | null;
  akordi?: string | null;
}
