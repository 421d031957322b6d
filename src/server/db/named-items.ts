import { foldForSearch } from '../../shared/search.js';
import type { Db } from './connect.js';
import { holdBand } from './locks.js';
import { type Actor, recordCreate } from './history.js';

/** Performers and playlists share their columns: a name, a picture and a visibility. */
export type NamedItemTable = 'performers' | 'playlists';

export async function insertNamedItem(
  db: Db,
  table: NamedItemTable,
  values: {
    band_id: number;
    created_by: number;
    naziv: string;
    slika: string | null;
    visibility: number;
    now: string;
  },
  actor?: Actor,
) {
  const { now, ...rest } = values;
  // The band is kept until the item is in: one deleted meanwhile is a clear 422, not a foreign key
  // error.
  return db.transaction().execute(async (trx) => {
    await holdBand(trx, values.band_id);
    const row = await trx
      .insertInto(table)
      .values({ ...rest, search: foldForSearch(values.naziv), created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    await recordCreate(trx, actor, table === 'performers' ? 'performer' : 'playlist', row.id);
    return row.id;
  });
}
