// Child process of bench/live.ts: the real app on a fresh SQLite database with one active gig whose
// playlist has enough songs for every request of the run. Reports {port, token} once it listens.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { newBandSlug } from '../src/server/db/bands.js';
import { newGigToken } from '../src/server/services/tokens.js';
import { foldForSearch } from '../src/shared/search.js';
import { portOf, serveBench } from './serve.js';

const SONGS = Number(process.env.BENCH_SONGS ?? 1000);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'encore-bench-live-'));
const app = await buildApp(
  {
    ...loadConfig({ DATA_DIR: dataDir, ADMIN_PASSWORD: 'bench-password' }),
    clientDir: dataDir,
    logToConsole: false,
    // Every request of the run comes from this one address.
    publicRequestsPerMinute: 1_000_000,
  },
  // ... and so does every websocket client.
  { liveListen: false, liveLimits: { perAddress: 1_000_000 } },
);
await app.settings.save({ max_concurrent_connections: 1000 });
await app.live.restart();

const now = new Date().toISOString();
const token = newGigToken();
await app.db.transaction().execute(async (trx) => {
  const band = await trx
    .insertInto('bands')
    .values({
      naziv: 'Bench Band',
      slug: await newBandSlug(trx, 'Bench Band'),
      email: null,
      picture: null,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const owned = { band_id: band.id, created_by: null, created_at: now };
  const playlist = await trx
    .insertInto('playlists')
    .values({ ...owned, naziv: 'Bench', search: 'bench', slika: null, visibility: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (let i = 0; i < SONGS; i++) {
    const naziv = `Pesma ${i}`;
    const song = await trx
      .insertInto('songs')
      .values({
        ...owned,
        naziv,
        search: foldForSearch(naziv),
        slika: null,
        performer_id: null,
        visibility: 0,
        resursi: null,
        resource_file: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('playlist_songs')
      .values({ playlist_id: playlist.id, song_id: song.id, position: i })
      .execute();
  }
  await trx
    .insertInto('gigs')
    .values({
      ...owned,
      naziv: 'Bench gig',
      lokacija: 'Here',
      search: 'bench gig',
      pocetak: now.slice(0, 16),
      slika: null,
      status: 1,
      razmakpesme: 1,
      razmakvreme: 2,
      playlist_id: playlist.id,
      token,
    })
    .execute();
});

await app.listen({ port: 0, host: '127.0.0.1' });
serveBench({ port: portOf(app.server.address()), token }, async () => {
  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});
