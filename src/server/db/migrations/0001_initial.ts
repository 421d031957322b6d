import { type Kysely, PostgresAdapter } from 'kysely';

// Migrations import nothing from the app: the schema they build must not change when app code does.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration works on an untyped schema
type Db = Kysely<any>;

export async function up(db: Db): Promise<void> {
  const isPg = db.getExecutor().adapter instanceof PostgresAdapter;
  const id = isPg ? ('serial' as const) : ('integer' as const);
  const pk = (table: string) =>
    db.schema
      .createTable(table)
      .addColumn('id', id, (c) => (isPg ? c.primaryKey() : c.primaryKey().autoIncrement()));

  await pk('bands')
    .addColumn('naziv', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('picture', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await pk('users')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('band_id', 'integer', (c) => c.references('bands.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await pk('sessions')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_used_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute();

  const bandOwned = (table: string) =>
    pk(table)
      .addColumn('band_id', 'integer', (c) => c.notNull().references('bands.id').onDelete('cascade'))
      .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('naziv', 'text', (c) => c.notNull())
      .addColumn('search', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull());

  await bandOwned('performers')
    .addColumn('slika', 'text')
    .addColumn('visibility', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await bandOwned('songs')
    .addColumn('slika', 'text')
    .addColumn('performer_id', 'integer', (c) => c.references('performers.id').onDelete('set null'))
    .addColumn('visibility', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('resursi', 'text')
    .addColumn('resource_file', 'text')
    .execute();

  await bandOwned('playlists')
    .addColumn('slika', 'text')
    .addColumn('visibility', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('playlist_songs')
    .addColumn('playlist_id', 'integer', (c) => c.notNull().references('playlists.id').onDelete('cascade'))
    .addColumn('song_id', 'integer', (c) => c.notNull().references('songs.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('playlist_songs_pk', ['playlist_id', 'song_id'])
    .execute();

  await bandOwned('gigs')
    .addColumn('lokacija', 'text', (c) => c.notNull())
    .addColumn('pocetak', 'text', (c) => c.notNull())
    .addColumn('slika', 'text')
    .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('razmakpesme', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('razmakvreme', 'integer', (c) => c.notNull().defaultTo(2))
    .addColumn('playlist_id', 'integer', (c) => c.references('playlists.id').onDelete('set null'))
    .addColumn('token', 'text', (c) => c.notNull().unique())
    .execute();

  await pk('song_requests')
    .addColumn('gig_id', 'integer', (c) => c.notNull().references('gigs.id').onDelete('cascade'))
    .addColumn('song_id', 'integer', (c) => c.notNull().references('songs.id').onDelete('cascade'))
    .addColumn('device_id', 'text', (c) => c.notNull())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();

  // Lists filter by band and sort by newest; gig requests are read per gig in queue order.
  for (const table of ['performers', 'songs', 'playlists', 'gigs']) {
    await db.schema.createIndex(`${table}_band_id`).on(table).column('band_id').execute();
  }
  await db.schema.createIndex('songs_performer_id').on('songs').column('performer_id').execute();
  await db.schema.createIndex('playlist_songs_song_id').on('playlist_songs').column('song_id').execute();
  await db.schema
    .createIndex('song_requests_gig')
    .on('song_requests')
    .columns(['gig_id', 'status', 'position'])
    .execute();
}

export async function down(db: Db): Promise<void> {
  for (const table of [
    'settings',
    'song_requests',
    'gigs',
    'playlist_songs',
    'playlists',
    'songs',
    'performers',
    'sessions',
    'users',
    'bands',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
