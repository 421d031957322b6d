import { hashPassword } from '../services/passwords.js';
import type { Db } from './connect.js';

/** The demo accounts the README lists. */
export const DEMO_BANDS = ['The Encores', 'Kafana Ćevap'] as const;

export const DEMO_USERS = [
  { name: 'Demo Admin', email: 'admin@encore.demo', password: 'encore-admin', role: 'admin', band: null },
  {
    name: 'Marko Band',
    email: 'band@encore.demo',
    password: 'encore-band',
    role: 'band_admin',
    band: 'The Encores',
  },
  {
    name: 'Vesna Viewer',
    email: 'viewer@encore.demo',
    password: 'encore-viewer',
    role: 'viewer',
    band: 'The Encores',
  },
  {
    name: 'Đorđe Kafana',
    email: 'other@encore.demo',
    password: 'encore-other',
    role: 'band_admin',
    band: 'Kafana Ćevap',
  },
] as const;

/** Adds the demo bands and users; running it again changes nothing. */
export async function seedDemo(db: Db, now: string) {
  const bandIds = new Map<string, number>();
  for (const naziv of DEMO_BANDS) {
    const existing = await db.selectFrom('bands').select('id').where('naziv', '=', naziv).executeTakeFirst();
    const id =
      existing?.id ??
      (
        await db
          .insertInto('bands')
          .values({ naziv, email: null, picture: null, created_at: now })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    bandIds.set(naziv, id);
  }
  for (const user of DEMO_USERS) {
    const exists = await db
      .selectFrom('users')
      .select('id')
      .where('email', '=', user.email)
      .executeTakeFirst();
    if (exists) continue;
    await db
      .insertInto('users')
      .values({
        name: user.name,
        email: user.email,
        password_hash: await hashPassword(user.password),
        role: user.role,
        band_id: user.band ? bandIds.get(user.band)! : null,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }
}
