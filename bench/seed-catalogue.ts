import { foldForSearch } from '../src/shared/search.js';
import type { Db } from '../src/server/db/connect.js';

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

/** 20 bands, 2,000 performers and 10,000 songs, a third of them public, in one transaction. */
export async function seedCatalogue(db: Db, now: string) {
  await db.transaction().execute(async (trx) => {
    const bands: number[] = [];
    for (let b = 1; b <= 20; b++) {
      const row = await trx
        .insertInto('bands')
        .values({ naziv: `Bend ${b}`, email: null, picture: null, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      bands.push(row.id);
    }
    const performers: { id: number; band: number }[] = [];
    for (let p = 0; p < 2000; p++) {
      const naziv = `Izvođač ${p} ${WORDS[p % WORDS.length]}`;
      const band = bands[p % bands.length];
      const row = await trx
        .insertInto('performers')
        .values({
          band_id: band,
          created_by: null,
          naziv,
          search: foldForSearch(naziv),
          slika: null,
          visibility: p % 3 === 0 ? 1 : 0,
          created_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      performers.push({ id: row.id, band });
    }
    for (let start = 0; start < 10_000; start += 500) {
      const batch = Array.from({ length: 500 }, (_, i) => {
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
    return bands;
  });
}
