import { foldForSearch } from '../../shared/search.js';
import type { Db } from './connect.js';
import { type Actor, recordCreates } from './history.js';
import { lockBandItems } from './locks.js';
import { type CountedName, insertSongsCounted } from './search-counts.js';

export interface ImportRow {
  /** The row's line in the file (the header is line 1). */
  line: number;
  title: string;
  performer: string;
  visible: boolean;
  resursi: string | null;
  /** Issue 27: key, beats per minute, seconds, ChordPro chart. */
  tonalitet: string | null;
  tempo: number | null;
  trajanje: number | null;
  akordi: string | null;
}

export interface ImportPlan {
  add: (ImportRow & { performer_id: number | null })[];
  /** Rows of a song the band already has. */
  duplicates: (ImportRow & { song_id: number })[];
  /** Rows of a song an earlier row of the file adds (issue 26: listed apart from the above). */
  repeated: (ImportRow & { same_as_line: number })[];
  new_performers: string[];
}

const key = (title: string, performer: string) => `${title}\u0000${performer}`;

/** Names looked up per query: well under either database's limit on parameters. */
const LOOKUP = 500;
/** Rows folded or sorted between turns of the event loop: a few milliseconds' work. */
const STEP_ROWS = 1000;

/**
 * A turn of the event loop, outside a transaction only (a preview): inside one, SQLite's write lock
 * is held, and another connection waits for it without letting the event loop run.
 */
async function turn(db: Db) {
  if (!db.isTransaction) await new Promise((resolve) => setImmediate(resolve));
}

/**
 * Runs `query` on the distinct names in batches of LOOKUP, a turn between batches: only the file's
 * own titles and performers are read, not the band's whole repertoire (half a second at 60,000
 * songs, all of it holding the event loop on SQLite).
 */
async function lookUp<T>(
  db: Db,
  names: Iterable<string>,
  query: (batch: string[]) => Promise<T[]>,
): Promise<T[]> {
  const distinct = [...new Set(names)];
  const found: T[] = [];
  for (let i = 0; i < distinct.length; i += LOOKUP) {
    found.push(...(await query(distinct.slice(i, i + LOOKUP))));
    await turn(db);
  }
  return found;
}

/**
 * Sorts valid rows into songs to add, duplicates of the band's own songs and repeats of an earlier row,
 * compared case- and diacritic-insensitively ("Djurdjevdan" is "Đurđevdan"). Performers are matched
 * the same way against those the band may use (its own first, then public ones); the rest will be
 * created in the band.
 */
export async function planImport(db: Db, bandId: number, rows: ImportRow[]): Promise<ImportPlan> {
  const folded: { title: string; performer: string }[] = [];
  for (const row of rows) {
    if (folded.length % STEP_ROWS === STEP_ROWS - 1) await turn(db);
    folded.push({ title: foldForSearch(row.title), performer: foldForSearch(row.performer) });
  }
  // The stored search columns are the folded names.
  const songs = await lookUp(
    db,
    folded.map((row) => row.title),
    (titles) =>
      db
        .selectFrom('songs')
        .leftJoin('performers', 'performers.id', 'songs.performer_id')
        .select(['songs.id', 'songs.search', 'performers.search as performer'])
        .where('songs.band_id', '=', bandId)
        .where('songs.search', 'in', titles)
        .execute(),
  );
  const performers = await lookUp(
    db,
    folded.map((row) => row.performer),
    (names) =>
      db
        .selectFrom('performers')
        .select(['id', 'search', 'band_id'])
        .where('search', 'in', names)
        .where((eb) => eb.or([eb('band_id', '=', bandId), eb('visibility', '=', 1)]))
        .orderBy('id')
        .execute(),
  );
  const existing = new Map(songs.map((song) => [key(song.search, song.performer ?? ''), song.id]));
  const performerIds = new Map<string, number>();
  for (const performer of performers) {
    if (!performerIds.has(performer.search) || performer.band_id === bandId)
      performerIds.set(performer.search, performer.id);
  }
  const plan: ImportPlan = { add: [], duplicates: [], repeated: [], new_performers: [] };
  const seen = new Map<string, number>();
  const created = new Set<string>();
  for (const [index, row] of rows.entries()) {
    if (index % STEP_ROWS === STEP_ROWS - 1) await turn(db);
    const { title, performer } = folded[index];
    const songKey = key(title, performer);
    const songId = existing.get(songKey);
    if (songId !== undefined) {
      plan.duplicates.push({ ...row, song_id: songId });
      continue;
    }
    const earlier = seen.get(songKey);
    if (earlier !== undefined) {
      plan.repeated.push({ ...row, same_as_line: earlier });
      continue;
    }
    seen.set(songKey, row.line);
    const performerId = performerIds.get(performer) ?? null;
    if (performerId === null && !created.has(performer)) {
      created.add(performer);
      plan.new_performers.push(row.performer);
    }
    plan.add.push({ ...row, performer_id: performerId });
  }
  return plan;
}

const CHUNK = 500;

/** What an import has written so far: undone if a later transaction of it fails. */
interface Written {
  songs: number[];
  performers: number[];
}

/**
 * Writes some of a plan's songs, with the performers they need that neither the band has nor this
 * import created yet (`created`, folded name to id, filled here), private to the band.
 */
async function commitSongs(
  trx: Db,
  add: ImportPlan['add'],
  owner: { bandId: number; userId: number; now: string },
  { created, written }: { created: Map<string, number>; written: Written },
  actor?: Actor,
) {
  // A CSV names each performer on many rows: each name folded once.
  const folds = new Map<string, string>();
  const fold = (name: string) => folds.get(name) ?? folds.set(name, foldForSearch(name)).get(name)!;
  const needed = new Map<string, string>();
  for (const row of add) {
    const folded = fold(row.performer);
    if (row.performer_id === null && !created.has(folded) && !needed.has(folded))
      needed.set(folded, row.performer);
  }
  const names = [...needed.values()];
  for (let i = 0; i < names.length; i += CHUNK) {
    const performers = await trx
      .insertInto('performers')
      .values(
        names.slice(i, i + CHUNK).map((naziv) => ({
          band_id: owner.bandId,
          created_by: owner.userId,
          naziv,
          search: foldForSearch(naziv),
          slika: null,
          visibility: 0,
          created_at: owner.now,
        })),
      )
      .returning(['id', 'search', 'band_id', 'naziv', 'visibility', 'slika'])
      .execute();
    for (const row of performers) {
      created.set(row.search, row.id);
      written.performers.push(row.id);
    }
    await recordCreates(trx, actor, 'performer', performers);
  }
  await insertSongsCounted(trx, async () => {
    const counted: CountedName[] = [];
    for (let i = 0; i < add.length; i += CHUNK) {
      const songs = await trx
        .insertInto('songs')
        .values(
          add.slice(i, i + CHUNK).map((row) => ({
            band_id: owner.bandId,
            created_by: owner.userId,
            naziv: row.title,
            search: foldForSearch(row.title),
            performer_id: row.performer_id ?? created.get(fold(row.performer))!,
            slika: null,
            visibility: row.visible ? 1 : 0,
            resursi: row.resursi,
            resource_file: null,
            tonalitet: row.tonalitet,
            tempo: row.tempo,
            trajanje: row.trajanje,
            akordi: row.akordi,
            created_at: owner.now,
          })),
        )
        .returning(['id', 'band_id', 'naziv', 'search', 'performer_id', 'visibility', 'resursi'])
        .returning(['tonalitet', 'tempo', 'trajanje', 'akordi'])
        .execute();
      await recordCreates(trx, actor, 'song', songs);
      for (const song of songs) written.songs.push(song.id);
      counted.push(...songs);
    }
    return counted;
  });
}

/** Removes what an import wrote before it failed, with the history rows that say it was created. */
async function undoImport(db: Db, written: Written) {
  if (!written.songs.length && !written.performers.length) return;
  await db.transaction().execute(async (trx) => {
    for (const [kind, table, ids] of [
      ['song', 'songs', written.songs],
      ['performer', 'performers', written.performers],
    ] as const)
      for (let i = 0; i < ids.length; i += CHUNK) {
        const some = ids.slice(i, i + CHUNK);
        await trx
          .deleteFrom('history')
          .where('kind', '=', kind)
          .where('action', '=', 'create')
          .where('item_id', 'in', some)
          .execute();
        await trx.deleteFrom(table).where('id', 'in', some).execute();
      }
  });
}

/** An import to write: the file's valid rows, for a band, by someone (what crosses to a worker). */
export interface ImportRequest {
  rows: ImportRow[];
  owner: { bandId: number; userId: number; now: string };
  actor?: Actor;
}

/** What an import did, counted. */
export interface ImportDone {
  added: number;
  performers_created: number;
  /** Rows of songs the band already had or an earlier row added. */
  skipped: number;
}

/**
 * The list versions (migration 0005's triggers) an import's plan reads under: the band's songs (the
 * duplicates) and performers, and the public performers (a row's performer may be another band's
 * public one). Any write that could change the plan moves one of them.
 */
async function planVersions(db: Db, bandId: number): Promise<string> {
  const names = [`songs:b:${bandId}`, `performers:b:${bandId}`, 'performers:p'];
  const rows = await db
    .selectFrom('cache_versions')
    .select(['name', 'version'])
    .where('name', 'in', names)
    .execute();
  return names.map((name) => rows.find((row) => row.name === name)?.version ?? 0).join('.');
}

/**
 * Songs an import writes per transaction: at 100,000 songs each holds SQLite's one write lock some
 * 20 ms, which a guest's request at a gig may have to wait for (issue 25, point 2); the whole file
 * in one transaction held it ~200 ms.
 */
const SONGS_PER_TRANSACTION = 500;

/**
 * The pause between two of an import's transactions: longer than the longest pause of a write
 * waiting for the lock (connect.ts), so the guests' requests that came meanwhile take it first.
 */
const BETWEEN_TRANSACTIONS_MS = 8;

/**
 * Plans and writes an import, all or nothing, in transactions of SONGS_PER_TRANSACTION songs; if one
 * fails, what the earlier ones wrote is removed again (docs/decisions.md, "An import in short
 * transactions"). The plan is made first, outside any transaction, and kept while the lists it read
 * have not moved (the import's own writes aside); else the rest is planned again under the lock.
 * So duplicates are found under the lock: a second import of the same file, in this process or
 * another, finds this one's songs and skips them.
 */
export async function writeImport(db: Db, { rows, owner, actor }: ImportRequest): Promise<ImportDone> {
  let versions = await planVersions(db, owner.bandId);
  const plan = await planImport(db, owner.bandId, rows);
  let skipped = plan.duplicates.length + plan.repeated.length;
  let add = plan.add;
  const done = { created: new Map<string, number>(), written: { songs: [], performers: [] } as Written };
  try {
    while (add.length) {
      if (done.written.songs.length)
        await new Promise((resolve) => setTimeout(resolve, BETWEEN_TRANSACTIONS_MS));
      await db.transaction().execute(async (trx) => {
        await lockBandItems(trx, owner.bandId);
        if ((await planVersions(trx, owner.bandId)) !== versions) {
          // Another writer's songs or performers came in between: the rows left are planned again.
          // They hold no repeats (the first plan kept each song's first row), only new duplicates.
          const again = await planImport(trx, owner.bandId, add);
          skipped += again.duplicates.length;
          add = again.add;
        }
        await commitSongs(trx, add.slice(0, SONGS_PER_TRANSACTION), owner, done, actor);
        versions = await planVersions(trx, owner.bandId);
      });
      add = add.slice(SONGS_PER_TRANSACTION);
    }
  } catch (error) {
    try {
      await undoImport(db, done.written);
    } catch (undoing) {
      // Left as it is (a new song already on a playlist, say): importing the file again completes it.
      throw new AggregateError([error, undoing], 'an import failed and was not undone');
    }
    throw error;
  }
  return {
    added: done.written.songs.length,
    performers_created: done.written.performers.length,
    skipped,
  };
}
