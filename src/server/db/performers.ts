import { sql } from 'kysely';
import { PAGE_SIZE } from '../../shared/constants.js';
import { foldForSearch } from '../../shared/search.js';
import type { Db } from './connect.js';
import { notFound } from '../errors.js';
import { locking } from './locks.js';
import { likePattern, type Ownership, ownershipWhere } from './ownership.js';
import { orderColumns, narrowSearch, searchOf, type SearchPlan, searchWhere } from './list-search.js';
import {
  asShape,
  type ListValues,
  listValues,
  ownershipParts,
  ownershipTotal,
  pageInOrder,
  runShape,
  searchCountPlan,
  searchPagePlan,
  shapeOf,
} from './list-page.js';
import { type Memo, noMemo } from './memo.js';
import type { UserWithBand } from './users.js';

const matches = (q: string) =>
  sql<boolean>`performers.search like ${likePattern(foldForSearch(q))} escape '\\'`;

export async function listPerformers(
  db: Db,
  user: UserWithBand,
  { ownership, q, page, size = PAGE_SIZE }: { ownership: Ownership; q?: string; page: number; size?: number },
  memo: Memo = noMemo,
) {
  const search = await narrowSearch(db, ['performers'], searchOf(q));
  const values = listValues(user, search, size, page);
  const parts = (v: ListValues, plan: SearchPlan | undefined) =>
    ownershipParts('performers', asShape(user, v.band), ownership).map((where) => {
      const part = db.selectFrom('performers').where(where);
      return plan === undefined ? part : part.where(searchWhere('performers', plan, v));
    });
  const total = await memo(`performers:${ownership}:${search?.like ?? ''}`, async () => {
    if (search === undefined) return ownershipTotal(db, 'performers', user, ownership);
    const plan = await searchCountPlan(db, 'performers', user, ownership, search);
    const counts = await runShape(
      db,
      `performers:count:${shapeOf(user, ownership, plan)}`,
      (v) => {
        const counted = parts(v, plan).map((part) => sql`(${part.select((eb) => eb.fn.countAll().as('n'))})`);
        const query = sql<{ n: number }>`select ${sql.join(counted, sql` + `)} as n`;
        return { compile: () => query.compile(db) };
      },
      values,
    );
    return Number(counts[0].n);
  });
  const reach = values.offset + size;
  const plan = await searchPagePlan(db, 'performers', user, ownership, search, { total, reach });
  const rows =
    values.offset >= total
      ? []
      : await runShape(
          db,
          `performers:page:${shapeOf(user, ownership, plan)}`,
          (v) =>
            pageInOrder(
              db,
              parts(v, plan).map(
                (part) => (limit: number, from: number) =>
                  part
                    .select(['id', 'naziv', 'slika', 'band_id', 'visibility', 'search'])
                    .orderBy(orderColumns('performers', plan).bySearch)
                    .orderBy(orderColumns('performers', plan).byId)
                    .limit(limit)
                    .offset(from),
              ),
              v,
            ),
          values,
        );
  return { rows, total };
}

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
  db.selectFrom('performers').selectAll().where('id', '=', id).executeTakeFirst();

export async function updatePerformer(
  db: Db,
  id: number,
  values: { naziv: string; slika: string | null; visibility: number },
) {
  const result = await db
    .updateTable('performers')
    .set({ ...values, search: foldForSearch(values.naziv) })
    .where('id', '=', id)
    .executeTakeFirst();
  // Deleted since the caller read it: the new picture, if any, is removed again by the caller.
  if (Number(result.numUpdatedRows) === 0) throw notFound('Performer not found.');
}

/** Deletes a performer; its songs stay, with no performer. Answers how many songs that touched. */
export async function deletePerformer(db: Db, id: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    // The performer before its songs, in the common lock order (locks.ts).
    await locking(trx, trx.selectFrom('performers').select('id').where('id', '=', id), 'update').execute();
    const affected = await trx
      .updateTable('songs')
      .set({ performer_id: null })
      .where('performer_id', '=', id)
      .executeTakeFirst();
    await trx.deleteFrom('performers').where('id', '=', id).execute();
    return Number(affected.numUpdatedRows);
  });
}
