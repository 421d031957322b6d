import type { ApiUser } from '../../shared/api-types.js';
import type { Role } from '../../shared/constants.js';
import type { Db } from './connect.js';
import type { UserRow } from './schema.js';
import { uploadUrl } from '../lib/upload-url.js';

export type UserWithBand = UserRow & { band_naziv: string | null; band_picture: string | null };

const userWithBand = (db: Db) =>
  db
    .selectFrom('users')
    .leftJoin('bands', 'bands.id', 'users.band_id')
    .selectAll('users')
    .select(['bands.naziv as band_naziv', 'bands.picture as band_picture']);

export const findUserByEmail = (db: Db, email: string) =>
  userWithBand(db).where('users.email', '=', email.trim().toLowerCase()).executeTakeFirst();

export async function countUsers(db: Db): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The user as the panel keeps it (spec §3 User); the band picture is served from /uploads. */
export function toApiUser(user: UserWithBand, token?: string): ApiUser {
  const role = user.role as Role;
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    ...(token ? { token } : {}),
    role,
    permissions: { isAdmin: role === 'admin', isViewer: role === 'viewer' },
    band: user.band_id,
    banddata:
      user.band_id !== null && user.band_naziv !== null
        ? { naziv: user.band_naziv, picture: uploadUrl(user.band_picture) }
        : null,
  };
}
