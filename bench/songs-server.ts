// Child process of bench/songs.ts: the real app on a fresh database (SQLite in a temporary DATA_DIR,
// or with BENCH_DATABASE_URL a PostgreSQL schema of its own, dropped at the end) holding the
// benchmark catalogue of BENCH_SONGS songs, a band admin per band with a session, and a playlist per
// band. Reports {port, tokens, bands} once it listens.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { createSession } from '../src/server/db/sessions.js';
import { foldForSearch } from '../src/shared/search.js';
import { seedCatalogue } from './seed-catalogue.js';
import { onStop, portOf, serveBench } from './serve.js';

export interface BandInfo {
  id: number;
  token: string;
  playlist: number;
  /** A few of the band's songs, with their performer (for writes that keep the list as it is). */
  songs: { id: number; naziv: string; performer: number; visibility: number }[];
}

const SONGS = Number(process.env.BENCH_SONGS ?? 10_000);
const databaseUrl = process.env.BENCH_DATABASE_URL || undefined;
const schema = databaseUrl ? `bench_${randomBytes(6).toString('hex')}` : undefined;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'encore-bench-'));

async function withPg(sql: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

async function cleanUp() {
  if (schema) await withPg(`drop schema if exists ${schema} cascade`);
  fs.rmSync(dataDir, { recursive: true, force: true });
}

onStop(cleanUp);
if (schema) await withPg(`create schema ${schema}`);
let app: Awaited<ReturnType<typeof buildApp>>;
try {
  app = await buildApp(
    {
      ...loadConfig({ DATA_DIR: dataDir, ADMIN_PASSWORD: 'bench-password' }),
      databaseUrl,
      clientDir: dataDir,
      logToConsole: false,
    },
    { databaseSchema: schema, liveListen: false },
  );
} catch (error) {
  await cleanUp();
  throw error;
}

try {
  const now = new Date().toISOString();
  const bandIds = await seedCatalogue(app.db, now, SONGS);
  const bands: BandInfo[] = [];
  for (const [index, bandId] of bandIds.entries()) {
    const user = await app.db
      .insertInto('users')
      .values({
        name: `Bench ${index + 1}`,
        email: `bench${index + 1}@encore.test`,
        // Nobody signs in with a password: the sessions are made here.
        password_hash: 'x',
        role: 'band_admin',
        band_id: bandId,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const songs = await app.db
      .selectFrom('songs')
      .select(['id', 'naziv', 'performer_id', 'visibility'])
      .where('band_id', '=', bandId)
      .orderBy('id')
      .limit(30)
      .execute();
    const playlist = await app.db
      .insertInto('playlists')
      .values({
        band_id: bandId,
        created_by: user.id,
        naziv: `Setlist ${index + 1}`,
        search: foldForSearch(`Setlist ${index + 1}`),
        slika: null,
        visibility: 0,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    bands.push({
      id: bandId,
      token: await createSession(app.db, user.id, now),
      playlist: playlist.id,
      songs: songs.map((song) => ({
        id: song.id,
        naziv: song.naziv,
        performer: song.performer_id!,
        visibility: song.visibility,
      })),
    });
  }
  // The benchmark turns the list cache off for its "cache off" lines.
  process.on('message', (message: { type?: string; on?: boolean }) => {
    if (message.type === 'list-cache') app.listCache.enabled = message.on !== false;
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  serveBench({ port: portOf(app.server.address()), bands }, async () => {
    await app.close();
    await cleanUp();
  });
} catch (error) {
  await app.close();
  await cleanUp();
  throw error;
}
