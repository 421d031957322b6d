import { foldForSearch } from '../src/shared/search.js';
import { takenSlugs } from '../src/server/db/bands.js';
import type { Db } from '../src/server/db/connect.js';
import { freeSlug } from '../src/shared/slug.js';

const WORDS = [
  'ljubav',
  'noć',
  'Beograd',
  'đurđevdan',
  'čaša',
  'vino',
  'srce',
  'ulica',
  'kiša',
  'šuma',
  'more',
  'zora',
];
export const BANDS = 20;
/** Rows per INSERT: well under PostgreSQL's 65,535 parameters at 11 columns a row. */
const BATCH = 1000;

/**
 * 20 bands, a performer per 5 songs and `songs` songs, a third of them public, in one transaction
 * with multi-row inserts (100,000 songs take seconds, not minutes). Answers the bands' ids.
 */
export async function seedCatalogue(db: Db, now: string, songs = 10_000): Promise<number[]> {
  return db.transaction().execute(async (trx) => {
    const taken = await takenSlugs(trx);
    const bands = await trx
      .insertInto('bands')
      .values(
        Array.from({ length: BANDS }, (_, b) => ({
          naziv: `Bend ${b + 1}`,
          slug: freeSlug(`bend-${b + 1}`, taken),
          email: null,
          picture: null,
          created_at: now,
        })),
      )
      .returning('id')
      .execute();
    const bandIds = bands.map((row) => row.id).sort((a, b) => a - b);
    const performers: { id: number; band: number }[] = [];
    const performerCount = Math.max(BANDS, Math.round(songs / 5));
    for (let start = 0; start < performerCount; start += BATCH) {
      const batch = Array.from({ length: Math.min(BATCH, performerCount - start) }, (_, i) => {
        const p = start + i;
        const naziv = `Izvođač ${p} ${WORDS[p % WORDS.length]}`;
        return {
          band_id: bandIds[p % BANDS],
          created_by: null,
          naziv,
          search: foldForSearch(naziv),
          slika: null,
          visibility: p % 3 === 0 ? 1 : 0,
          created_at: now,
        };
      });
      const rows = await trx.insertInto('performers').values(batch).returning(['id', 'band_id']).execute();
      performers.push(...rows.map((row) => ({ id: row.id, band: row.band_id })));
    }
    for (let start = 0; start < songs; start += BATCH) {
      const batch = Array.from({ length: Math.min(BATCH, songs - start) }, (_, i) => {
        const s = start + i;
        const performer = performers[s % performers.length];
        const naziv = `Pesma ${s} ${WORDS[(s * 7) % WORDS.length]} ${WORDS[s % WORDS.length]}`;
        return {
          band_id: performer.band,
          created_by: null,
          naziv,
          search: foldForSearch(naziv),
          slika: null,
          performer_id: performer.id,
          visibility: s % 3 === 0 ? 1 : 0,
          resursi: null,
          resource_file: null,
          created_at: now,
        };
      });
      await trx.insertInto('songs').values(batch).execute();
    }
    return bandIds;
  });
}
