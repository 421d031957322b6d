import { foldForSearch } from '../../shared/search.js';
import type { Db } from './connect.js';

export interface ImportRow {
  /** The row's line in the file (the header is line 1). */
  line: number;
  title: string;
  performer: string;
  visible: boolean;
  resursi: string | null;
}

export interface ImportPlan {
  add: (ImportRow & { performer_id: number | null })[];
  duplicates: (ImportRow & { song_id: number | null; same_as_line: number | null })[];
  new_performers: string[];
}

const key = (title: string, performer: string) => `${foldForSearch(title)}\u0000${foldForSearch(performer)}`;

/**
 * Sorts valid rows into songs to add and duplicates (of the band's own songs, or of an earlier row),
 * compared case- and diacritic-insensitively ("Djurdjevdan" is "Đurđevdan"). Performers are matched
 * the same way against those the band may use (its own first, then public ones); the rest will be
 * created in the band.
 */
export async function planImport(db: Db, bandId: number, rows: ImportRow[]): Promise<ImportPlan> {
  const [songs, performers] = await Promise.all([
    db
      .selectFrom('songs')
      .leftJoin('performers', 'performers.id', 'songs.performer_id')
      .select(['songs.id', 'songs.naziv', 'performers.naziv as performer'])
      .where('songs.band_id', '=', bandId)
      .execute(),
    db
      .selectFrom('performers')
      .select(['id', 'naziv', 'band_id'])
      .where((eb) => eb.or([eb('band_id', '=', bandId), eb('visibility', '=', 1)]))
      .orderBy('id')
      .execute(),
  ]);
  const existing = new Map(songs.map((song) => [key(song.naziv, song.performer ?? ''), song.id]));
  const performerIds = new Map<string, number>();
  for (const performer of performers) {
    const folded = foldForSearch(performer.naziv);
    if (!performerIds.has(folded) || performer.band_id === bandId) performerIds.set(folded, performer.id);
  }
  const plan: ImportPlan = { add: [], duplicates: [], new_performers: [] };
  const seen = new Map<string, number>();
  const created = new Set<string>();
  for (const row of rows) {
    const songKey = key(row.title, row.performer);
    const earlier = seen.get(songKey);
    if (existing.has(songKey) || earlier !== undefined) {
      plan.duplicates.push({ ...row, song_id: existing.get(songKey) ?? null, same_as_line: earlier ?? null });
      continue;
    }
    seen.set(songKey, row.line);
    const folded = foldForSearch(row.performer);
    const performerId = performerIds.get(folded) ?? null;
    if (performerId === null && !created.has(folded)) {
      created.add(folded);
      plan.new_performers.push(row.performer);
    }
    plan.add.push({ ...row, performer_id: performerId });
  }
  return plan;
}

const CHUNK = 500;

/** Writes a plan: the new performers (private to the band), then the songs, in batches. */
export async function commitImport(
  trx: Db,
  plan: ImportPlan,
  owner: { bandId: number; userId: number; now: string },
) {
  const performerIds = new Map<string, number>();
  for (let i = 0; i < plan.new_performers.length; i += CHUNK) {
    const created = await trx
      .insertInto('performers')
      .values(
        plan.new_performers.slice(i, i + CHUNK).map((naziv) => ({
          band_id: owner.bandId,
          created_by: owner.userId,
          naziv,
          search: foldForSearch(naziv),
          slika: null,
          visibility: 0,
          created_at: owner.now,
        })),
      )
      .returning(['id', 'search'])
      .execute();
    for (const row of created) performerIds.set(row.search, row.id);
  }
  for (let i = 0; i < plan.add.length; i += CHUNK) {
    await trx
      .insertInto('songs')
      .values(
        plan.add.slice(i, i + CHUNK).map((row) => ({
          band_id: owner.bandId,
          created_by: owner.userId,
          naziv: row.title,
          search: foldForSearch(row.title),
          performer_id: row.performer_id ?? performerIds.get(foldForSearch(row.performer))!,
          slika: null,
          visibility: row.visible ? 1 : 0,
          resursi: row.resursi,
          resource_file: null,
          created_at: owner.now,
        })),
      )
      .execute();
  }
}
