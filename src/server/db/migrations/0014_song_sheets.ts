import type { Kysely } from 'kysely';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration works on an untyped schema
type Db = Kysely<any>;

const COLUMNS = [
  ['tonalitet', 'text'],
  ['tempo', 'integer'],
  ['trajanje', 'integer'],
  ['akordi', 'text'],
] as const;

/**
 * What a musician needs of a song (issue 27, point 1): its key (`tonalitet`, "Am"), tempo in beats
 * per minute, duration in seconds (`trajanje`) and chord chart in ChordPro (`akordi`), all optional.
 * One column per statement: SQLite adds one at a time.
 */
export async function up(db: Db): Promise<void> {
  for (const [name, type] of COLUMNS) {
    await db.schema.alterTable('songs').addColumn(name, type).execute();
  }
}

export async function down(db: Db): Promise<void> {
  for (const [name] of COLUMNS) {
    await db.schema.alterTable('songs').dropColumn(name).execute();
  }
}
