import { sql } from 'kysely';
import { SEARCH_MISS_KEEP_DAYS, SEARCH_MISS_TEXTS_PER_GIG_DAY } from '../../shared/constants.js';
import type { Db } from './connect.js';

/**
 * The audience's searches that found nothing (issue 29, point 4): counted per gig, venue-local day
 * and folded text, and nothing else (no device, address, session or user agent).
 */

/**
 * Counts one search of a gig's page that found nothing. A text the gig has today is counted again;
 * a new one is added only while the gig has fewer than SEARCH_MISS_TEXTS_PER_GIG_DAY texts that day
 * (answers whether it was counted).
 */
export async function countSearchMiss(
  db: Db,
  miss: { gigId: number; bandId: number; day: string; text: string },
): Promise<boolean> {
  const again = await db
    .updateTable('search_misses')
    .set((eb) => ({ count: eb('count', '+', 1) }))
    .where('gig_id', '=', miss.gigId)
    .where('day', '=', miss.day)
    .where('text', '=', miss.text)
    .executeTakeFirst();
  if (Number(again.numUpdatedRows) > 0) return true;
  const { n } = await db
    .selectFrom('search_misses')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('gig_id', '=', miss.gigId)
    .where('day', '=', miss.day)
    .executeTakeFirstOrThrow();
  if (Number(n) >= SEARCH_MISS_TEXTS_PER_GIG_DAY) return false;
  // Two guests' first miss of one text at once: the second adds to the first's row.
  await db
    .insertInto('search_misses')
    .values({ gig_id: miss.gigId, band_id: miss.bandId, day: miss.day, text: miss.text, count: 1 })
    .onConflict((oc) =>
      oc.columns(['gig_id', 'day', 'text']).doUpdateSet({ count: sql`search_misses.count + 1` }),
    )
    .execute();
  return true;
}

/** Drops the counts older than SEARCH_MISS_KEEP_DAYS before `today` (a venue-local YYYY-MM-DD). */
export async function purgeSearchMisses(db: Db, today: string) {
  const cutoff = new Date(Date.parse(`${today}T00:00:00Z`) - SEARCH_MISS_KEEP_DAYS * 86_400_000)
    .toISOString()
    .slice(0, 10);
  const result = await db.deleteFrom('search_misses').where('day', '<', cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}
