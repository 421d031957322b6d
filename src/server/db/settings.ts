import { DEFAULT_SETTINGS, type SystemSettings } from '../../shared/constants.js';
import type { Db } from './connect.js';

/**
 * Stored settings over the defaults (the spec's unless given); a value that no longer parses falls
 * back to its default.
 */
export async function readSettings(
  db: Db,
  defaults: SystemSettings = DEFAULT_SETTINGS,
): Promise<SystemSettings> {
  const rows = await db.selectFrom('settings').select(['key', 'value']).execute();
  const settings: SystemSettings = { ...defaults };
  const target = settings as unknown as Record<string, unknown>;
  for (const { key, value } of rows) {
    if (!(key in DEFAULT_SETTINGS)) continue;
    try {
      const parsed: unknown = JSON.parse(value);
      if (typeof parsed === typeof target[key]) target[key] = parsed;
    } catch {
      // keep the default
    }
  }
  return settings;
}

export async function writeSettings(db: Db, values: Partial<SystemSettings>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const [key, value] of Object.entries(values)) {
      await trx
        .insertInto('settings')
        .values({ key, value: JSON.stringify(value) })
        .onConflict((oc) => oc.column('key').doUpdateSet({ value: JSON.stringify(value) }))
        .execute();
    }
  });
}
