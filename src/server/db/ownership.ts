import { sql, type SqlBool } from 'kysely';
import { OWNERSHIP } from '../../shared/constants.js';
import { isAdmin } from '../lib/access.js';
import type { Db } from './connect.js';
import type { UserWithBand } from './users.js';
import { nextVersion } from './versions.js';
import { type Actor, tracked } from './history.js';

export type Ownership = (typeof OWNERSHIP)[keyof typeof OWNERSHIP];
type BandOwnedTable = 'songs' | 'performers' | 'playlists';

/**
 * The ownership filter (DESIGN §4): 1 all = own + other bands' public items, 2 mine, 3 other bands'
 * public items. A system admin sees every band's items: "mine" and "others" split them by the admin's
 * own band, and without a band every filter shows everything.
 */
export function ownershipWhere(table: BandOwnedTable, user: UserWithBand, ownership: Ownership) {
  const band = sql.ref(`${table}.band_id`);
  const visible = sql.ref(`${table}.visibility`);
  const mine = user.band_id ?? -1;
  if (isAdmin(user)) {
    if (ownership === OWNERSHIP.all || user.band_id === null) return sql<SqlBool>`1 = 1`;
    return ownership === OWNERSHIP.mine ? sql<SqlBool>`${band} = ${mine}` : sql<SqlBool>`${band} <> ${mine}`;
  }
  switch (ownership) {
    case OWNERSHIP.all:
      return sql<SqlBool>`(${band} = ${mine} or ${visible} = 1)`;
    case OWNERSHIP.others:
      return sql<SqlBool>`(${band} <> ${mine} and ${visible} = 1)`;
    default:
      return sql<SqlBool>`${band} = ${mine}`;
  }
}

/** `%folded%` for LIKE, with LIKE's own wildcards escaped (used with `escape '\'`). */
export const likePattern = (folded: string) => `%${folded.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Makes a song, performer or playlist public or private: a save of it (its version moves on, its
 *  history records it). */
export const setVisibility = (db: Db, table: BandOwnedTable, id: number, visible: boolean, save: Actor) =>
  db.transaction().execute((trx) =>
    tracked(trx, save, KIND_OF[table], id, () =>
      trx
        .updateTable(table)
        .set({ visibility: visible ? 1 : 0, ...nextVersion(save.by, save.now) })
        .where('id', '=', id)
        .execute(),
    ),
  );

const KIND_OF = { songs: 'song', performers: 'performer', playlists: 'playlist' } as const;
