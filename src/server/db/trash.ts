import type { Db } from './connect.js';
import type { Actor, NotRestored } from './history.js';

/**
 * Deleted songs, performers and playlists, kept 30 days (issue 28, point 4; migration 0019). A delete
 * moves the row and what pointed at it here, inside the delete's transaction, before the row goes
 * from its table: every read of the table then leaves it out as it always did. `undelete` puts it
 * back under its own id, with the links whose other end is still there.
 */
export type TrashKind = 'song' | 'performer' | 'playlist';
export const TRASH_DAYS = 30;

const TABLES = { song: 'songs', performer: 'performers', playlist: 'playlists' } as const;

interface SongLinks {
  playlists: { playlist_id: number; position: number }[];
  band_keys: { band_id: number; transpose: number; capo: number; updated_at: string }[];
  gig_keys: { gig_id: number; transpose: number; capo: number; updated_at: string }[];
}
interface PerformerLinks {
  songs: number[];
}
interface PlaylistLinks {
  entries: { song_id: number; position: number }[];
  gigs: number[];
}

/** What points at the item, read before the delete takes it (cascades and set-null keys). */
async function linksOf(trx: Db, kind: TrashKind, id: number) {
  if (kind === 'song') {
    const [playlists, bandKeys, gigKeys] = await Promise.all([
      trx
        .selectFrom('playlist_songs')
        .select(['playlist_id', 'position'])
        .where('song_id', '=', id)
        .execute(),
      trx
        .selectFrom('band_song_keys')
        .select(['band_id', 'transpose', 'capo', 'updated_at'])
        .where('song_id', '=', id)
        .execute(),
      trx
        .selectFrom('gig_song_keys')
        .select(['gig_id', 'transpose', 'capo', 'updated_at'])
        .where('song_id', '=', id)
        .execute(),
    ]);
    return { playlists, band_keys: bandKeys, gig_keys: gigKeys } satisfies SongLinks;
  }
  if (kind === 'performer') {
    const songs = await trx.selectFrom('songs').select('id').where('performer_id', '=', id).execute();
    return { songs: songs.map((song) => song.id) } satisfies PerformerLinks;
  }
  const [entries, gigs] = await Promise.all([
    trx
      .selectFrom('playlist_songs')
      .select(['song_id', 'position'])
      .where('playlist_id', '=', id)
      .orderBy('position')
      .execute(),
    trx.selectFrom('gigs').select('id').where('playlist_id', '=', id).execute(),
  ]);
  return { entries, gigs: gigs.map((gig) => gig.id) } satisfies PlaylistLinks;
}

/** Keeps the item and its links (inside the delete's transaction, before the row is deleted). */
export async function trashItem(trx: Db, kind: TrashKind, id: number, actor: Actor | undefined) {
  const row = (await trx.selectFrom(TABLES[kind]).selectAll().where('id', '=', id).executeTakeFirst()) as
    (Record<string, unknown> & { band_id: number; naziv: string }) | undefined;
  if (!row) return;
  const links = await linksOf(trx, kind, id);
  // A second delete of the same id (restored, then deleted again) replaces the first.
  await trx.deleteFrom('deleted_items').where('kind', '=', kind).where('item_id', '=', id).execute();
  await trx
    .insertInto('deleted_items')
    .values({
      kind,
      item_id: id,
      band_id: row.band_id,
      naziv: row.naziv,
      deleted_at: actor?.now ?? new Date().toISOString(),
      deleted_by: actor?.by ?? null,
      row: JSON.stringify(row),
      links: JSON.stringify(links),
    })
    .execute();
}

/** The kept item, if there is one. */
export const trashed = (trx: Db, kind: string, id: number) =>
  trx
    .selectFrom('deleted_items')
    .selectAll()
    .where('kind', '=', kind)
    .where('item_id', '=', id)
    .executeTakeFirst();

const ids = (rows: { id: number }[]) => new Set(rows.map((row) => row.id));

/**
 * Puts a kept item back under its own id, with its links whose other end is still there; what is
 * gone (a song's performer, a playlist's songs) is reported, not restored. False when its band is gone.
 */
export async function undelete(trx: Db, kind: TrashKind, id: number, notRestored: NotRestored[]) {
  const kept = await trashed(trx, kind, id);
  if (!kept) return false;
  const band = await trx.selectFrom('bands').select('id').where('id', '=', kept.band_id).executeTakeFirst();
  if (!band) return false;
  const row = JSON.parse(kept.row) as Record<string, unknown>;
  if (kind === 'song' && typeof row.performer_id === 'number') {
    const performer = await trx
      .selectFrom('performers')
      .select('id')
      .where('id', '=', row.performer_id)
      .executeTakeFirst();
    if (!performer) {
      notRestored.push({ field: 'performer_id', reason: 'missing', ids: [row.performer_id] });
      row.performer_id = null;
    }
  }
  // Back is a change: an edit form opened before the delete is told when it saves (db/versions.ts).
  row.version = Number(row.version ?? 1) + 1;
  // Its own id again: the history, the links and any printed reference name it by that id.
  await trx
    .insertInto(TABLES[kind])
    .values(row as never)
    .execute();
  if (kind === 'song') {
    const links = JSON.parse(kept.links) as SongLinks;
    const playlists = links.playlists.length
      ? ids(
          await trx
            .selectFrom('playlists')
            .select('id')
            .where(
              'id',
              'in',
              links.playlists.map((l) => l.playlist_id),
            )
            .execute(),
        )
      : new Set<number>();
    const entries = links.playlists.filter((link) => playlists.has(link.playlist_id));
    if (entries.length)
      await trx
        .insertInto('playlist_songs')
        .values(entries.map((e) => ({ ...e, song_id: id })))
        .execute();
    const bands = links.band_keys.length
      ? ids(
          await trx
            .selectFrom('bands')
            .select('id')
            .where(
              'id',
              'in',
              links.band_keys.map((k) => k.band_id),
            )
            .execute(),
        )
      : new Set<number>();
    const bandKeys = links.band_keys.filter((key) => bands.has(key.band_id));
    if (bandKeys.length)
      await trx
        .insertInto('band_song_keys')
        .values(bandKeys.map((k) => ({ ...k, song_id: id })))
        .execute();
    const gigs = links.gig_keys.length
      ? ids(
          await trx
            .selectFrom('gigs')
            .select('id')
            .where(
              'id',
              'in',
              links.gig_keys.map((k) => k.gig_id),
            )
            .execute(),
        )
      : new Set<number>();
    const gigKeys = links.gig_keys.filter((key) => gigs.has(key.gig_id));
    if (gigKeys.length)
      await trx
        .insertInto('gig_song_keys')
        .values(gigKeys.map((k) => ({ ...k, song_id: id })))
        .execute();
  }
  if (kind === 'performer') {
    const links = JSON.parse(kept.links) as PerformerLinks;
    // Its songs that have no performer since; one given another performer meanwhile keeps it.
    if (links.songs.length) {
      await trx
        .updateTable('songs')
        .set({ performer_id: id })
        .where('id', 'in', links.songs)
        .where('performer_id', 'is', null)
        .execute();
    }
  }
  if (kind === 'playlist') {
    const links = JSON.parse(kept.links) as PlaylistLinks;
    const songIds = links.entries.map((entry) => entry.song_id);
    const there = songIds.length
      ? ids(await trx.selectFrom('songs').select('id').where('id', 'in', songIds).execute())
      : new Set<number>();
    const entries = links.entries.filter((entry) => there.has(entry.song_id));
    if (entries.length) {
      await trx
        .insertInto('playlist_songs')
        .values(entries.map((e) => ({ ...e, playlist_id: id })))
        .execute();
    }
    const gone = songIds.filter((songId) => !there.has(songId));
    if (gone.length) notRestored.push({ field: 'songs', reason: 'missing', ids: gone });
    if (links.gigs.length) {
      await trx
        .updateTable('gigs')
        .set({ playlist_id: id })
        .where('id', 'in', links.gigs)
        .where('playlist_id', 'is', null)
        .execute();
    }
  }
  await trx.deleteFrom('deleted_items').where('id', '=', kept.id).execute();
  return true;
}

/** Purges the items deleted before `before` for good; answers their files, for the caller to remove. */
export async function purgeTrash(db: Db, before: string): Promise<string[]> {
  return db.transaction().execute(async (trx) => {
    const old = await trx
      .selectFrom('deleted_items')
      .select(['id', 'row'])
      .where('deleted_at', '<', before)
      .execute();
    if (!old.length) return [];
    await trx
      .deleteFrom('deleted_items')
      .where(
        'id',
        'in',
        old.map((row) => row.id),
      )
      .execute();
    return old.flatMap((item) => {
      const row = JSON.parse(item.row) as { slika?: string | null; resource_file?: string | null };
      return [row.slika, row.resource_file].filter((name): name is string => Boolean(name));
    });
  });
}
