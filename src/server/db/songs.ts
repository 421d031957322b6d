import { sql } from 'kysely';
import { PAGE_SIZE } from '../../shared/constants.js';
import { foldForSearch } from '../../shared/search.js';
import type { Db } from './connect.js';
import { likePattern, type Ownership, ownershipWhere, performerVisibleTo } from './ownership.js';
import type { UserWithBand } from './users.js';

const withPerformer = (db: Db) =>
  db.selectFrom('songs').leftJoin('performers', 'performers.id', 'songs.performer_id');

const COLUMNS = [
  'songs.id',
  'songs.naziv',
  'songs.slika',
  'songs.band_id',
  'songs.visibility',
  'songs.performer_id',
  'songs.resursi',
  'songs.resource_file',
  'performers.naziv as performer_naziv',
] as const;

export type SongRow = NonNullable<Awaited<ReturnType<typeof findSong>>>;

/** A page of songs; q matches the song's name or its performer's, folded. */
export async function listSongs(
  db: Db,
  user: UserWithBand,
  { ownership, q, page, size = PAGE_SIZE }: { ownership: Ownership; q?: string; page: number; size?: number },
) {
  let base = withPerformer(db).where(ownershipWhere('songs', user, ownership));
  if (q?.trim()) {
    const like = likePattern(foldForSearch(q));
    // A public song may show its private performer's name, but that name must not find it for
    // other bands (docs/decisions.md, Visibility).
    base = base.where(
      sql<boolean>`(songs.search like ${like} escape '\\' or (performers.search like ${like} escape '\\' and ${performerVisibleTo(user)}))`,
    );
  }
  const [rows, count] = await Promise.all([
    base
      .select(COLUMNS)
      .orderBy('songs.search')
      .orderBy('songs.id')
      .limit(size)
      .offset(page * size)
      .execute(),
    base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export const findSong = (db: Db, id: number) =>
  withPerformer(db).select(COLUMNS).where('songs.id', '=', id).executeTakeFirst();

export interface SongValues {
  naziv: string;
  performer_id: number;
  slika: string | null;
  visibility: number;
  resursi: string | null;
  resource_file: string | null;
}

export async function insertSong(
  db: Db,
  values: SongValues & { band_id: number; created_by: number; now: string },
) {
  const { now, ...rest } = values;
  const row = await db
    .insertInto('songs')
    .values({ ...rest, search: foldForSearch(values.naziv), created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateSong(db: Db, id: number, values: SongValues) {
  await db
    .updateTable('songs')
    .set({ ...values, search: foldForSearch(values.naziv) })
    .where('id', '=', id)
    .execute();
}

/** Deletes a song; playlist entries go with it (foreign key cascade). */
export async function deleteSong(db: Db, id: number) {
  await db.deleteFrom('songs').where('id', '=', id).execute();
}
