import type { Db, Dialect } from './connect.js';
import { bandNameTaken, findBand, lockBandNames, newBandSlug } from './bands.js';
import { moveSlug, type SlugHolder, slugHolder } from './band-slugs.js';
import { nextVersion, type SaveBy, StaleVersion } from './versions.js';
import { recordCreate, tracked } from './history.js';

export interface BandValues {
  naziv: string;
  email: string | null;
  /** The slug asked for; none keeps the band's own, or makes one from a new band's name. */
  slug?: string;
  picture: string | null;
}

export type BandSaved =
  | { outcome: 'saved'; id: number }
  | { outcome: 'missing' }
  /** The name is another band's (compared without case), or the slug is held (band-slugs.ts). */
  | { outcome: 'taken'; name: boolean; slug?: SlugHolder };

/**
 * Adds a band (`bandId` undefined) or changes one. Band names and slugs are unique without regard
 * to case, and a slug a band used before stays its own: checked and written in one transaction,
 * under lockBandNames, so two saves at once cannot both take one name or slug. A change is written
 * over the version it names, if any (db/versions.ts: StaleVersion otherwise).
 */
export function saveBand(
  db: Db,
  dialect: Dialect,
  bandId: number | undefined,
  values: BandValues,
  save: SaveBy,
): Promise<BandSaved> {
  const { now } = save;
  return db.transaction().execute(async (trx): Promise<BandSaved> => {
    await lockBandNames(trx, dialect);
    // Read again under the lock: the slug it leaves is the one it has now.
    const band = bandId === undefined ? undefined : await findBand(trx, bandId);
    if (bandId !== undefined && !band) return { outcome: 'missing' };
    const name = await bandNameTaken(trx, values.naziv, bandId);
    const holder = values.slug ? await slugHolder(trx, values.slug, bandId) : undefined;
    if (name || holder) return { outcome: 'taken', name, slug: holder };
    const slug = values.slug ?? band?.slug ?? (await newBandSlug(trx, values.naziv, bandId));
    const row = { naziv: values.naziv, email: values.email, slug, picture: values.picture };
    if (!band) {
      const added = await trx
        .insertInto('bands')
        .values({ ...row, created_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      await recordCreate(trx, save, 'band', added.id);
      return { outcome: 'saved', id: added.id };
    }
    const result = await tracked(trx, save, 'band', band.id, () => {
      let update = trx
        .updateTable('bands')
        .set({ ...row, ...nextVersion(save.by, now) })
        .where('id', '=', band.id);
      if (save.version !== undefined) update = update.where('version', '=', save.version);
      return update.executeTakeFirst();
    });
    if (Number(result.numUpdatedRows) === 0) {
      if (save.version !== undefined) throw new StaleVersion();
      return { outcome: 'missing' };
    }
    if (band.slug && slug !== band.slug) await moveSlug(trx, band, band.slug, slug, now);
    return { outcome: 'saved', id: band.id };
  });
}
