import { type ExpressionBuilder, sql } from 'kysely';
import type { RunningItem, RunningState, SetSong, Slot } from '../../shared/running-order.js';
import { uploadUrl } from '../lib/upload-url.js';
import type { Tx } from './connect.js';
import { offeredSongs } from './live-gigs.js';
import type { Database } from './schema.js';

/** A gig's running order (issue 27, point 3): its set, the song the band is at, the slotted requests. */

type Gig = { id: number; playlist_id: number | null; band_id: number };

/** What the band's tablet shows of a song, from `songs` joined with `performers`. */
const songColumns = (eb: ExpressionBuilder<Database, 'songs' | 'performers'>) => [
  eb.ref('songs.naziv').as('naziv'),
  eb.ref('performers.naziv').as('performer'),
  eb.ref('songs.tonalitet').as('tonalitet'),
  eb.ref('songs.trajanje').as('trajanje'),
  eb.ref('songs.resource_file').as('resource_file'),
  eb.ref('songs.resursi').as('resursi'),
  // Whether there is a chart, not the chart (up to 100 kB): the stage view reads it when opened.
  sql<number>`case when songs.akordi is null then 0 else 1 end`.as('has_chart'),
];

type SongRow = {
  naziv: string;
  performer: string | null;
  tonalitet: string | null;
  trajanje: number | null;
  resource_file: string | null;
  resursi: string | null;
  has_chart: number;
};

const asSong = (songId: number, row: SongRow): SetSong => ({
  song_id: songId,
  naziv: row.naziv,
  performer: row.performer,
  tonalitet: row.tonalitet,
  trajanje: row.trajanje === null ? null : Number(row.trajanje),
  resource: uploadUrl(row.resource_file),
  resursi: row.resursi,
  chart: Number(row.has_chart) === 1,
});

/** The gig's set: the songs its playlist offers, in the playlist's order. */
export async function readSet(db: Tx, gig: Gig): Promise<SetSong[]> {
  const rows = await offeredSongs(db, gig)
    .leftJoin('performers', 'performers.id', 'songs.performer_id')
    .select((eb) => [eb.ref('songs.id').as('song_id'), ...songColumns(eb)])
    .orderBy('playlist_songs.position')
    .execute();
  return rows.map((row) => asSong(row.song_id, row));
}

/** The song the band is at, the slotted requests in order, and the version of both. */
export async function readRunning(db: Tx, gigId: number): Promise<RunningState> {
  const [head, slots] = await Promise.all([
    db
      .selectFrom('gig_running_orders')
      .select(['current_kind', 'current_song_id', 'version'])
      .where('gig_id', '=', gigId)
      .executeTakeFirst(),
    db
      .selectFrom('gig_slotted_songs')
      .innerJoin('songs', 'songs.id', 'gig_slotted_songs.song_id')
      .leftJoin('performers', 'performers.id', 'songs.performer_id')
      .select((eb) => [
        'gig_slotted_songs.song_id',
        'gig_slotted_songs.after_song_id',
        'gig_slotted_songs.played',
        ...songColumns(eb),
      ])
      .where('gig_slotted_songs.gig_id', '=', gigId)
      .orderBy('gig_slotted_songs.seq')
      .execute(),
  ]);
  const kind = head?.current_kind;
  return {
    version: head?.version ?? 0,
    current:
      (kind === 'set' || kind === 'request') && head?.current_song_id != null
        ? { kind, song_id: head.current_song_id }
        : null,
    slots: slots.map((row): Slot => ({
      ...asSong(row.song_id, row),
      after: row.after_song_id,
      played: Number(row.played) === 1,
    })),
  };
}

/**
 * Bumps the running order's version inside the transaction that changed it, setting the current song
 * when one is given (undefined: it stays): the new version.
 */
export async function bumpRunning(db: Tx, gigId: number, now: string, current?: RunningItem | null) {
  const set =
    current === undefined
      ? {}
      : { current_kind: current?.kind ?? null, current_song_id: current?.song_id ?? null };
  const row = await db
    .insertInto('gig_running_orders')
    .values({
      gig_id: gigId,
      current_kind: null,
      current_song_id: null,
      ...set,
      version: 1,
      updated_at: now,
    })
    .onConflict((oc) =>
      oc.column('gig_id').doUpdateSet({
        ...set,
        version: sql`gig_running_orders.version + 1`,
        updated_at: now,
      }),
    )
    .returning('version')
    .executeTakeFirstOrThrow();
  return row.version;
}

/**
 * Slots the requested song after the set song `after` (null: before the set), behind the requests
 * slotted there before; one slotted and played before is moved there and waits again.
 */
export async function slotSong(db: Tx, gigId: number, songId: number, after: number | null) {
  const last = await db
    .selectFrom('gig_slotted_songs')
    .select((eb) => eb.fn.max('seq').as('seq'))
    .where('gig_id', '=', gigId)
    .executeTakeFirst();
  const seq = Number(last?.seq ?? 0) + 1;
  await db
    .insertInto('gig_slotted_songs')
    .values({ gig_id: gigId, song_id: songId, after_song_id: after, seq, played: 0 })
    .onConflict((oc) =>
      oc.columns(['gig_id', 'song_id']).doUpdateSet({ after_song_id: after, seq, played: 0 }),
    )
    .execute();
}

/**
 * The band decided a song of the queue: a slotted one that was waiting is marked played (it stays
 * where it was played) or, declined, taken out. Answers whether the running order changed.
 */
export async function slotDecided(db: Tx, gigId: number, songId: number, action: 'played' | 'declined') {
  const result =
    action === 'played'
      ? await db
          .updateTable('gig_slotted_songs')
          .set({ played: 1 })
          .where('gig_id', '=', gigId)
          .where('song_id', '=', songId)
          .where('played', '=', 0)
          .executeTakeFirst()
      : await db
          .deleteFrom('gig_slotted_songs')
          .where('gig_id', '=', gigId)
          .where('song_id', '=', songId)
          .where('played', '=', 0)
          .executeTakeFirst();
  const changed = 'numUpdatedRows' in result ? result.numUpdatedRows : result.numDeletedRows;
  return Number(changed) > 0;
}
