import { say } from '../../shared/server-messages.js';
import { sql } from 'kysely';
import { foldForSearch, foldQuery } from '../../shared/search.js';
import type { Db } from './connect.js';
import { notFound } from '../errors.js';
import { locking } from './locks.js';
import { likePattern, ownershipWhere } from './ownership.js';
import { type ListOptions, namedList, readList } from './read-list.js';
import type { Memo } from './memo.js';
import type { UserWithBand } from './users.js';
import { changedBy, nextVersion, type SaveBy, savedOrStale } from './versions.js';
import { type Actor, tracked } from './history.js';
import { trashItem } from './trash.js';

const matches = (q: string) => sql<boolean>`performers.search like ${likePattern(foldQuery(q))} escape '\\'`;

export const listPerformers = (db: Db, user: UserWithBand, options: ListOptions, memo?: Memo) =>
  readList(db, user, namedList('performers'), options, memo);

/** The performers a song may name: the caller's band's and other bands' public ones. */
export async function performerOptions(db: Db, user: UserWithBand, q?: string) {
  let query = db
    .selectFrom('performers')
    .select(['id', 'naziv'])
    .where(ownershipWhere('performers', user, 1))
    .orderBy('search')
    .orderBy('id');
  if (q?.trim()) query = query.where(matches(q));
  return query.execute();
}

export const findPerformer = (db: Db, id: number) =>
  db
    .selectFrom('performers')
    .selectAll()
    .select(changedBy('performers'))
    .where('id', '=', id)
    .executeTakeFirst();

/** Changes a performer over the version the save names (db/versions.ts). */
export async function updatePerformer(
  db: Db,
  id: number,
  values: { naziv: string; slika: string | null; visibility: number },
  save: SaveBy,
) {
  await db.transaction().execute((trx) =>
    tracked(trx, save, 'performer', id, async () => {
      let update = trx
        .updateTable('performers')
        .set({ ...values, search: foldForSearch(values.naziv), ...nextVersion(save.by, save.now) })
        .where('id', '=', id);
      if (save.version !== undefined) update = update.where('version', '=', save.version);
      // Deleted since the caller read it: the new picture, if any, is removed again by the caller.
      savedOrStale(await update.executeTakeFirst(), save.version, () => notFound(say('performer_not_found')));
    }),
  );
}

/**
 * Deletes a performer; its songs stay, with no performer (a change of each: its version moves on,
 * its history says it lost its performer). Answers how many songs that touched.
 */
export async function deletePerformer(db: Db, id: number, save: Actor): Promise<number> {
  return db.transaction().execute(async (trx) => {
    // The performer before its songs, in the common lock order (locks.ts).
    await locking(trx, trx.selectFrom('performers').select('id').where('id', '=', id), 'update').execute();
    // Kept 30 days with the songs it had, to be restored (trash.ts).
    await trashItem(trx, 'performer', id, save);
    const songs = await trx.selectFrom('songs').select('id').where('performer_id', '=', id).execute();
    for (const song of songs) {
      await tracked(trx, save, 'song', song.id, () =>
        trx
          .updateTable('songs')
          .set({ performer_id: null, ...nextVersion(save.by, save.now) })
          .where('id', '=', song.id)
          .execute(),
      );
    }
    await tracked(trx, save, 'performer', id, () =>
      trx.deleteFrom('performers').where('id', '=', id).execute(),
    );
    return songs.length;
  });
}
