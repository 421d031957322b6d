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
}
