import { randomBytes } from 'node:crypto';
import { hashPassword } from './passwords.js';
import type { Db } from '../../db/connect.js';
import { countUsers } from '../../db/users.js';

export const DEFAULT_ADMIN_EMAIL = 'admin@encore.local';

/**
 * On an empty database, creates the first system admin. Returns the generated password when none
 * was configured, so that the caller can print it once.
 */
export async function ensureFirstAdmin(
  db: Db,
  options: { email?: string; password?: string; now: string },
): Promise<{ email: string; generatedPassword?: string } | undefined> {
  if ((await countUsers(db)) > 0) return undefined;
  const email = (options.email ?? DEFAULT_ADMIN_EMAIL).toLowerCase();
  const generatedPassword = options.password ? undefined : randomBytes(12).toString('base64url');
  await db
    .insertInto('users')
    .values({
      name: 'System Admin',
      email,
      password_hash: await hashPassword(options.password ?? generatedPassword!),
      role: 'admin',
      band_id: null,
      created_at: options.now,
      updated_at: options.now,
    })
    // Two processes starting together on one empty PostgreSQL: the second one's insert is a no-op.
    .onConflict((oc) => oc.column('email').doNothing())
    .execute();
  return { email, generatedPassword };
}
