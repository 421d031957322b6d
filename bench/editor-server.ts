// Child process of bench/editor.ts: the real app serving the built panel (dist/client) on a fresh
// SQLite database with BENCH_SONGS songs (100,000), all of them public so that every one is
// available to the editor, and band 1's playlist of BENCH_PLAYLIST_SONGS (2,000) of its songs.
// A band admin signs in with a password, through the login page. Reports
// {port, playlist, email, password} once it listens.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { hashPassword } from '../src/server/services/auth/passwords.js';
import { foldForSearch } from '../src/shared/search.js';
import { seedCatalogue } from './seed-catalogue.js';
import { portOf, serveBench } from './serve.js';

const SONGS = Number(process.env.BENCH_SONGS ?? 100_000);
const PLAYLIST_SONGS = Number(process.env.BENCH_PLAYLIST_SONGS ?? 2_000);
const EMAIL = 'editor@encore.test';
const PASSWORD = 'bench-editor-password';
const BATCH = 500;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'encore-bench-editor-'));
const clientDir = path.resolve(process.env.BENCH_CLIENT_DIR || 'dist/client');
if (!fs.existsSync(path.join(clientDir, 'index.html')))
  throw new Error(`No built panel in ${clientDir}: run "npx vite build" first.`);

const app = await buildApp(
  {
    ...loadConfig({ DATA_DIR: dataDir, ADMIN_PASSWORD: 'bench-password' }),
    clientDir,
    logToConsole: false,
  },
  { liveListen: false },
);
const cleanUp = async () => {
  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
};

try {
  const now = new Date().toISOString();
  const [bandId] = await seedCatalogue(app.db, now, SONGS);
  await app.db.updateTable('songs').set({ visibility: 1 }).execute();
  const user = await app.db
    .insertInto('users')
    .values({
      name: 'Editor Bench',
      email: EMAIL,
      password_hash: await hashPassword(PASSWORD),
      role: 'band_admin',
      band_id: bandId,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const songs = await app.db
    .selectFrom('songs')
    .select('id')
    .where('band_id', '=', bandId)
    .orderBy('id')
    .limit(PLAYLIST_SONGS)
    .execute();
  if (songs.length < PLAYLIST_SONGS)
    throw new Error(`Band 1 has ${songs.length} songs, fewer than the playlist.`);
  const playlist = await app.db
    .insertInto('playlists')
    .values({
      band_id: bandId,
      created_by: user.id,
      naziv: 'Setlist',
      search: foldForSearch('Setlist'),
      slika: null,
      visibility: 0,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (let start = 0; start < songs.length; start += BATCH) {
    await app.db
      .insertInto('playlist_songs')
      .values(
        songs
          .slice(start, start + BATCH)
          .map((song, i) => ({ playlist_id: playlist.id, song_id: song.id, position: start + i + 1 })),
      )
      .execute();
  }
  await sql`analyze`.execute(app.db);
  await app.listen({ port: 0, host: '127.0.0.1' });
  serveBench(
    { port: portOf(app.server.address()), playlist: playlist.id, email: EMAIL, password: PASSWORD },
    cleanUp,
  );
} catch (error) {
  await cleanUp();
  throw error;
}
