// Child process of bench/live.ts: the real app on a fresh SQLite database with one active gig whose
// playlist has enough songs for every request of the run. Reports {port, token} once it listens.
// With BENCH_DATABASE_URL and BENCH_REDIS_URL it runs on that PostgreSQL database and Redis instead,
// as one of several processes; given BENCH_GIG_TOKEN it follows that gig (seeded by another process).
// With BENCH_DATA_DIR (and BENCH_REDIS_URL, BENCH_GIG_TOKEN) it opens another process's SQLite
// database (bench/live.ts, BENCH_SPLIT). With BENCH_CATALOGUE the band also owns that many more songs (bench/seed-catalogue.ts) and has a
// band admin, whose token and the gig's playlist it reports too (bench/admin-load.ts); with
// BENCH_BAND_ADMIN=n the band admin alone, signed in n times (bench/follow.ts: the band's tablets,
// each a session of its own, as tablets sign in one by one).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { newBandSlug } from '../src/server/db/bands.js';
import { createSession } from '../src/server/db/sessions.js';
import { newGigToken } from '../src/server/lib/tokens.js';
import { LISTEN_BACKLOG } from '../src/shared/constants.js';
import { foldForSearch } from '../src/shared/search.js';
import { seedCatalogue } from './seed-catalogue.js';
import { onStop, portOf, serveBench } from './serve.js';

const SONGS = Number(process.env.BENCH_SONGS ?? 1000);
const CATALOGUE = Number(process.env.BENCH_CATALOGUE ?? 0);
const ownDataDir = !process.env.BENCH_DATA_DIR;
const dataDir = process.env.BENCH_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'encore-bench-live-'));
const removeDataDir = () => {
  if (ownDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
};
onStop(async () => removeDataDir());
const shared = {
  ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
  ...(process.env.BENCH_REDIS_URL ? { REDIS_URL: process.env.BENCH_REDIS_URL } : {}),
};
const app = await buildApp(
  {
    ...loadConfig({
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: 'bench-password',
      // READ_WORKERS=0 reads the lists on the main thread, to compare.
      READ_WORKERS: process.env.READ_WORKERS,
      ...shared,
    }),
    clientDir: dataDir,
    logToConsole: false,
    // Every request of the run comes from this one address, and so does every connection.
    publicRequestsPerMinute: 1_000_000,
    maxConnectionsPerAddress: 1_000_000,
  },
  // ... and so does every websocket client, all following one gig.
  { liveListen: false, liveLimits: { perAddress: 1_000_000, gigShare: 1 } },
);
await app.settings.save({ max_concurrent_connections: 20_000 });
await app.live.restart();

const now = new Date().toISOString();
const token = process.env.BENCH_GIG_TOKEN ?? newGigToken();
const seeded = process.env.BENCH_GIG_TOKEN ? undefined : await seed();
const admin = seeded && (CATALOGUE || process.env.BENCH_BAND_ADMIN) ? await bandAdmin(seeded) : {};

await app.listen({ port: 0, host: '127.0.0.1', backlog: LISTEN_BACKLOG });
serveBench({ port: portOf(app.server.address()), token, dataDir, ...admin }, async () => {
  await app.close();
  removeDataDir();
});

/** A band, a playlist of SONGS songs and an active gig on it. */
function seed() {
  return app.db.transaction().execute(async (trx) => {
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
    return { band: band.id, playlist: playlist.id };
  });
}

/** CATALOGUE more songs (and their performers), all the band's own, and a band admin signed in. */
async function bandAdmin({ band, playlist }: { band: number; playlist: number }) {
  if (CATALOGUE) await seedCatalogue(app.db, now, CATALOGUE);
  for (const table of ['songs', 'performers'] as const)
    await app.db.updateTable(table).set({ band_id: band }).execute();
  const user = await app.db
    .insertInto('users')
    .values({
      name: 'Bench admin',
      email: 'bench-admin@encore.test',
      password_hash: 'not-a-hash',
      role: 'band_admin',
      band_id: band,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const tabletTokens: string[] = [];
  for (let i = 0; i < Number(process.env.BENCH_BAND_ADMIN ?? 0); i++)
    tabletTokens.push(await createSession(app.db, user.id, now));
  return { adminToken: await createSession(app.db, user.id, now), playlist, tabletTokens };
}
