import type { DashboardData } from '../../shared/api-types.js';
import { OWNERSHIP, ROLES, type Role } from '../../shared/constants.js';
import { ownershipWhere } from './ownership.js';
import type { Db } from './connect.js';
import type { UserWithBand } from './users.js';

type Shared = 'songs' | 'performers' | 'playlists';

/** Totals and recent songs as the caller may see them. The songs, performers and playlists tiles
 *  count what their lists show by default (the caller's band's items; a system admin without a band:
 *  all); gigs and users are the band's (all for a system admin); recent songs are the band's and
 *  public ones. */
export async function dashboardFor(db: Db, user: UserWithBand): Promise<DashboardData> {
  const isAdmin = user.role === 'admin';
  const band = user.band_id ?? -1;

  // Each tile counts what the list it opens shows first: the "mine" filter (issue 12).
  const countShared = async (table: Shared) => {
    const q = db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll().as('n'))
      .where(ownershipWhere(table, user, OWNERSHIP.mine));
    return Number((await q.executeTakeFirstOrThrow()).n);
  };

  let gigs = db.selectFrom('gigs').select((eb) => eb.fn.countAll().as('n'));
  if (!isAdmin) gigs = gigs.where('band_id', '=', band);

  let bands = db.selectFrom('bands').select((eb) => eb.fn.countAll().as('n'));
  if (!isAdmin) bands = bands.where('id', '=', band);

  let roles = db
    .selectFrom('users')
    .select((eb) => ['role', eb.fn.countAll().as('n')])
    .groupBy('role');
  if (!isAdmin) roles = roles.where('band_id', '=', band);

  let recent = db
    .selectFrom('songs')
    .leftJoin('performers', 'performers.id', 'songs.performer_id')
    .select(['songs.id', 'songs.naziv', 'performers.naziv as performer'])
    .orderBy('songs.created_at', 'desc')
    .orderBy('songs.id', 'desc')
    .limit(5);
  if (!isAdmin) {
    recent = recent.where((eb) => eb.or([eb('songs.band_id', '=', band), eb('songs.visibility', '=', 1)]));
  }

  const [songs, performers, playlists, gigRow, bandRow, roleRows, recentSongs] = await Promise.all([
    countShared('songs'),
    countShared('performers'),
    countShared('playlists'),
    gigs.executeTakeFirstOrThrow(),
    bands.executeTakeFirstOrThrow(),
    roles.execute(),
    recent.execute(),
  ]);

  const usersByRole = Object.fromEntries(ROLES.map((r) => [r, 0])) as Record<Role, number>;
  for (const row of roleRows) {
    if ((ROLES as readonly string[]).includes(row.role)) usersByRole[row.role as Role] = Number(row.n);
  }

  return {
    total_songs: songs,
    total_performers: performers,
    total_playlists: playlists,
    total_gigs: Number(gigRow.n),
    total_bands: Number(bandRow.n),
    total_users: Object.values(usersByRole).reduce((a, b) => a + b, 0),
    recent_songs: recentSongs,
    users_by_role: usersByRole,
  };
}
