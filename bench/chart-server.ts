// Child process of bench/chart.ts: the real app serving the built panel (dist/client) on a fresh
// SQLite database with one band, a band admin (signs in with a password, through the login page), an
// active gig and one song whose ChordPro chart is BENCH_CHART_KB (10) kB, asked for by a guest so
// that the band page's queue shows it. Reports {port, token, song, email, password} once it listens.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/server/app.js';
import { loadConfig } from '../src/server/config.js';
import { newBandSlug } from '../src/server/db/bands.js';
import { newGigToken } from '../src/server/lib/tokens.js';
import { hashPassword } from '../src/server/services/auth/passwords.js';
import { foldForSearch } from '../src/shared/search.js';
import { onStop, portOf, serveBench } from './serve.js';

const CHART_KB = Number(process.env.BENCH_CHART_KB ?? 10);
const EMAIL = 'chart@encore.test';
const PASSWORD = 'bench-chart-password';
const SONG = 'Dugačka pesma';

/** A chart as a band writes one: verses and choruses, a chord every few words, to `kb` kilobytes. */
function longChart(kb: number) {
  const chords = ['G', 'C', 'D', 'Em', 'Am', 'Bm', 'D7', 'Cmaj7'];
  const lines = [`{title: ${SONG}}`, '{key: G}', '{tempo: 96}'];
  for (let part = 1; lines.join('\n').length < kb * 1024; part++) {
    const chorus = part % 3 === 0;
    lines.push('', chorus ? '{start_of_chorus}' : `{start_of_verse: Strofa ${part}}`);
    for (let line = 0; line < 4; line++)
      lines.push(
        ['Proljeće na', 'moje rame', 'slijeće sa', 'đurđevkom ovde']
          .map((words, i) => `[${chords[(part + line + i) % chords.length]}]${words} `)
          .join(''),
      );
    lines.push(chorus ? '{end_of_chorus}' : '{end_of_verse}');
  }
  return lines.join('\n').slice(0, kb * 1024);
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'encore-bench-chart-'));
onStop(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
const clientDir = path.resolve(process.env.BENCH_CLIENT_DIR || 'dist/client');
if (!fs.existsSync(path.join(clientDir, 'index.html')))
  throw new Error(`No built panel in ${clientDir}: run "npx vite build" first.`);

const app = await buildApp(
  { ...loadConfig({ DATA_DIR: dataDir, ADMIN_PASSWORD: 'bench-password' }), clientDir, logToConsole: false },
  { liveListen: false },
);
const now = new Date().toISOString();
const token = newGigToken();
const song = await app.db.transaction().execute(async (trx) => {
  const band = await trx
    .insertInto('bands')
    .values({
      naziv: 'Chart Band',
      slug: await newBandSlug(trx, 'Chart Band'),
      email: null,
      picture: null,
      created_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('users')
    .values({
      name: 'Chart admin',
      email: EMAIL,
      password_hash: await hashPassword(PASSWORD),
      role: 'band_admin',
      band_id: band.id,
      created_at: now,
      updated_at: now,
    })
    .execute();
  const owned = { band_id: band.id, created_by: null, created_at: now };
  const playlist = await trx
    .insertInto('playlists')
    .values({ ...owned, naziv: 'Set', search: 'set', slika: null, visibility: 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { id } = await trx
    .insertInto('songs')
    .values({
      ...owned,
      naziv: SONG,
      search: foldForSearch(SONG),
      slika: null,
      performer_id: null,
      visibility: 0,
      resursi: null,
      resource_file: null,
      tonalitet: 'G',
      tempo: 96,
      trajanje: 240,
      akordi: longChart(CHART_KB),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('playlist_songs')
    .values({ playlist_id: playlist.id, song_id: id, position: 1 })
    .execute();
  await trx
    .insertInto('gigs')
    .values({
      ...owned,
      naziv: 'Chart gig',
      lokacija: 'Here',
      search: 'chart gig',
      pocetak: now.slice(0, 16),
      slika: null,
      status: 1,
      razmakpesme: 1,
      razmakvreme: 2,
      playlist_id: playlist.id,
      token,
    })
    .execute();
  return id;
});

// A guest asks for it, so the band page's queue offers to open it.
const csrf = 'bench-chart-csrf';
const asked = await app.inject({
  method: 'POST',
  url: `/api/public/gig/${token}/requests`,
  headers: { cookie: `XSRF-TOKEN=${csrf}`, 'x-xsrf-token': csrf, 'x-device-id': 'bench-guest-0001' },
  payload: { song_id: song },
});
if (asked.statusCode !== 201)
  throw new Error(`The guest's request failed: ${asked.statusCode} ${asked.body}`);

await app.listen({ port: 0, host: '127.0.0.1' });
serveBench(
  { port: portOf(app.server.address()), token, song: SONG, email: EMAIL, password: PASSWORD },
  async () => {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  },
);
