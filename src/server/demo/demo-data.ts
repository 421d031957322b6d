import { foldForSearch } from '../../shared/search.js';
import { hashPassword } from '../services/auth/passwords.js';
import { newGigToken } from '../lib/tokens.js';
import type { Db } from '../db/connect.js';
import { newBandSlug } from '../db/bands.js';

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

/** Each band's performers (public or not) and their songs (public or not). */
const DEMO_REPERTOIRE: Record<string, { performer: string; public: boolean; songs: [string, boolean][] }[]> =
  {
    'The Encores': [
      {
        performer: 'Đorđe Balašević',
        public: true,
        songs: [
          ['Ćaletova pesma', true],
          ['Slovenska', true],
          ['Devojka sa čardaš nogama', false],
          ['Priča o Vasi Ladačkom', false],
        ],
      },
      {
        performer: 'Bajaga i Instruktori',
        public: true,
        songs: [
          ['Moji drugovi', true],
          ['Plavi safir', false],
          ['Zažmuri', false],
        ],
      },
      {
        performer: 'Riblja Čorba',
        public: false,
        songs: [
          ['Pogledaj dom svoj, anđele', false],
          ['Lutka sa naslovne strane', false],
        ],
      },
      {
        performer: 'Zdravko Čolić',
        public: false,
        songs: [
          ['Ti si mi u krvi', true],
          ['Pjevam danju, pjevam noću', false],
        ],
      },
    ],
    'Kafana Ćevap': [
      { performer: 'Šaban Šaulić', public: true, songs: [['Dabogda te zaboravio', true]] },
      {
        performer: 'Toma Zdravković',
        public: false,
        songs: [
          ["Dotak'o sam dno života", false],
          ['Kafana je moja sudbina', true],
        ],
      },
    ],
  };

async function seedRepertoire(db: Db, bandId: number, band: string, now: string) {
  const existing = await db
    .selectFrom('performers')
    .select('id')
    .where('band_id', '=', bandId)
    .executeTakeFirst();
  if (existing) return;
  await seedSongs(db, bandId, band, now);
  if (band === DEMO_BANDS[0]) await seedGig(db, bandId, now);
}

async function seedSongs(db: Db, bandId: number, band: string, now: string) {
  for (const entry of DEMO_REPERTOIRE[band] ?? []) {
    const performer = await db
      .insertInto('performers')
      .values({
        band_id: bandId,
        created_by: null,
        naziv: entry.performer,
        search: foldForSearch(entry.performer),
        slika: null,
        visibility: entry.public ? 1 : 0,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [naziv, isPublic] of entry.songs) {
      await db
        .insertInto('songs')
        .values({
          band_id: bandId,
          created_by: null,
          naziv,
          search: foldForSearch(naziv),
          slika: null,
          performer_id: performer.id,
          visibility: isPublic ? 1 : 0,
          resursi: null,
          resource_file: null,
          created_at: now,
        })
        .execute();
    }
  }
}

/** The Encores' set lists and their next gig, so the gig screens and the live pages have data. */
async function seedGig(db: Db, bandId: number, now: string) {
  const songs = await db
    .selectFrom('songs')
    .select('id')
    .where('band_id', '=', bandId)
    .orderBy('id')
    .execute();
  const playlists = [
    { naziv: 'Subotnje veče', visibility: 0, songs: songs.map((s) => s.id) },
    { naziv: 'Akustični set', visibility: 1, songs: songs.slice(0, 4).map((s) => s.id) },
  ];
  const ids: number[] = [];
  for (const playlist of playlists) {
    const row = await db
      .insertInto('playlists')
      .values({
        band_id: bandId,
        created_by: null,
        naziv: playlist.naziv,
        search: foldForSearch(playlist.naziv),
        slika: null,
        visibility: playlist.visibility,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(row.id);
    if (playlist.songs.length) {
      await db
        .insertInto('playlist_songs')
        .values(playlist.songs.map((song_id, i) => ({ playlist_id: row.id, song_id, position: i + 1 })))
        .execute();
    }
  }
  await db
    .insertInto('gigs')
    .values({
      band_id: bandId,
      created_by: null,
      naziv: 'Petak u Kafani',
      lokacija: 'Skadarlija, Beograd',
      search: foldForSearch('Petak u Kafani Skadarlija, Beograd'),
      pocetak: `${now.slice(0, 10)}T21:00`,
      slika: null,
      status: 1,
      razmakpesme: 3,
      razmakvreme: 15,
      playlist_id: ids[0],
      token: newGigToken(),
      created_at: now,
    })
    .execute();
}

/** Adds the demo bands, users, performers, songs, playlists and a gig; running it again changes
 *  nothing. */
export async function seedDemo(db: Db, now: string) {
  const bandIds = new Map<string, number>();
  for (const naziv of DEMO_BANDS) {
    const existing = await db.selectFrom('bands').select('id').where('naziv', '=', naziv).executeTakeFirst();
    const id =
      existing?.id ??
      (
        await db
          .insertInto('bands')
          .values({ naziv, slug: await newBandSlug(db, naziv), email: null, picture: null, created_at: now })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    bandIds.set(naziv, id);
    await seedRepertoire(db, id, naziv, now);
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
