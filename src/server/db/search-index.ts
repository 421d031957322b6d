import { sql } from 'kysely';
import type { Db } from './connect.js';
import { isPostgres } from './locks.js';

const INDEXES = ['songs_trigrams', 'performers_trigrams', 'playlists_trigrams', 'gigs_trigrams'];
/** Pages one merge step may write: about 10–50 ms of work here, so requests wait no longer. */
const MERGE_PAGES = 100;
/** At most this many steps a run (about 4 MB written); the next run goes on from there. */
const MAX_STEPS = 200;

const totalChanges = async (db: Db) =>
  Number((await sql<{ n: number }>`select total_changes() as n`.execute(db)).rows[0].n);

/**
 * Merges the segments of the SQLite trigram indexes (migration 0008), a bounded step at a time, and
 * answers how many steps did work. FTS5 writes each transaction's rows as a segment of their own and
 * merges segments only as they pile up, while a search reads every segment: at 100,000 songs saved
 * one by one, a title's lookup cost three times what it costs in the merged index (about 300 against
 * 100 µs here). A step merges any segments (a negative 'merge'), and the run yields between steps so
 * requests go on. PostgreSQL's GIN indexes need nothing of this.
 */
export async function mergeSearchIndexes(db: Db): Promise<number> {
  if (isPostgres(db)) return 0;
  let worked = 0;
  for (const index of INDEXES) {
    while (worked < MAX_STEPS) {
      const before = await totalChanges(db);
      await sql`insert into ${sql.table(index)} (${sql.ref(index)}, rank) values ('merge', ${-MERGE_PAGES})`.execute(
        db,
      );
      // A step with nothing to merge changes at most one row (FTS5's documented test).
      if ((await totalChanges(db)) - before < 2) break;
      worked += 1;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  return worked;
}
