/** A performer as the API answers it (spec §3 Performer). */
export interface Performer {
  id: number;
  naziv: string;
  slika: string | null;
  owned: boolean;
  visibility: boolean;
}

/** What the server answers after deleting a performer (spec §7). */
export interface DeletedPerformer {
  affected_songs: number;
  deleted_performer: { id: number; naziv: string; slika: string | null };
}
