import { sql } from 'kysely';
import type { Tx } from './connect.js';
import { isPostgres } from './locks.js';

/** What the counts need of a new song. */
export interface CountedName {
  search: string;
  visibility: number;
  band_id: number;
}

/** As many as trigram_positions holds (0009): a longer name counts only its first. */
const POSITIONS = 1000;
/** Rows per upsert: 3 or 5 parameters each, well under SQLite's limit. */
const UPSERT_ROWS = 500;

/**
 * Inserts many songs with their search counts made once, in this process, instead of by a trigger per
 * row (SQLite; migration 0024): some 200,000 upserts for a 5,000-row import, two thirds of the time it
 * held the write lock. `insert` writes the songs and answers what it wrote; while it runs, the count
 * triggers of 0009 and 0020 stand aside; then each distinct trigram and pair is added once. Run inside
 * the writer's transaction, so the marker row never outlives it. The counts are the triggers' own:
 * each name's distinct substrings of 3 (and 2) characters from its first POSITIONS positions.
 * PostgreSQL keeps only the pair counts (0025), by statement triggers: one upsert per statement.
 */
export async function insertSongsCounted(trx: Tx, insert: () => Promise<CountedName[]>): Promise<void> {
  if (isPostgres(trx)) {
    await insert();
    return;
  }
  await sql`insert into bulk_inserts (tbl) values ('songs')`.execute(trx);
  const rows = await insert();
  await sql`delete from bulk_inserts where tbl = 'songs'`.execute(trx);
  const trigrams = new Map<string, number>();
  const pairs = new Map<string, { pair: string; visibility: number; band_id: number; n: number }>();
  for (const row of rows) {
    // SQLite's substr() counts characters, not UTF-16 units: a name with none outside the BMP (every
    // folded name but an emoji's) is cut as it is, without an array of its characters.
    const chars = SURROGATE.test(row.search) ? Array.from(row.search) : row.search;
    for (const t of pieces(chars, 3)) trigrams.set(t, (trigrams.get(t) ?? 0) + 1);
    for (const pair of pieces(chars, 2)) {
      const key = `${pair}\u0000${row.visibility}\u0000${row.band_id}`;
      const counted = pairs.get(key);
      if (counted) counted.n += 1;
      else pairs.set(key, { pair, visibility: row.visibility, band_id: row.band_id, n: 1 });
    }
  }
  const trigramRows = [...trigrams].map(([t, n]) => sql`('songs', ${t}, ${n})`);
  for (let i = 0; i < trigramRows.length; i += UPSERT_ROWS)
    await sql`insert into search_trigram_counts (tbl, trigram, n)
      values ${sql.join(trigramRows.slice(i, i + UPSERT_ROWS))}
      on conflict (tbl, trigram) do update set n = n + excluded.n`.execute(trx);
  const pairRows = [...pairs.values()].map(
    (p) => sql`('songs', ${p.pair}, ${p.visibility}, ${p.band_id}, ${p.n})`,
  );
  for (let i = 0; i < pairRows.length; i += UPSERT_ROWS)
    await sql`insert into search_pair_counts (tbl, pair, visibility, band_id, n)
      values ${sql.join(pairRows.slice(i, i + UPSERT_ROWS))}
      on conflict (tbl, pair, visibility, band_id) do update set n = n + excluded.n`.execute(trx);
}

const SURROGATE = /[\uD800-\uDFFF]/;

/** A name's distinct substrings of `size` characters, as the triggers cut them. */
function pieces(chars: string | string[], size: number): Set<string> {
  const found = new Set<string>();
  const last = Math.min(chars.length - size, POSITIONS - 1);
  for (let at = 0; at <= last; at++)
    found.add(typeof chars === 'string' ? chars.slice(at, at + size) : chars.slice(at, at + size).join(''));
  return found;
}
