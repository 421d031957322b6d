/**
 * Insights across gigs (issue 29, point 3) against a seeded history whose answers are known: requests
 * per gig and per hour of the venue's night (TIME_ZONE, summer time included), how they ended, the
 * most requested songs and performers, the searches that found nothing, the repertoire's songs never
 * requested; the period and the band chosen; who may see which band's; the CSV files.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/server/app.js';
import { call } from './helpers.js';
import { buildLiveApp, type GigScene, gigScene, type LiveTestApp } from './live-gig-fixtures.js';

let t: LiveTestApp;
let scene: GigScene;
/** Band A's summer gig (2026-07-10) and its gig of the year before (2025-12-31). */
let summerGig: number;
let oldGig: number;

async function addGig(app: App, bandId: number, naziv: string, pocetak: string) {
  const row = await app.db
    .insertInto('gigs')
    .values({
      band_id: bandId,
      created_by: null,
      naziv,
      search: naziv.toLowerCase(),
      created_at: '2025-01-01T00:00:00.000Z',
      lokacija: 'Beograd',
      pocetak,
      slika: null,
      status: 0,
      razmakpesme: 0,
      razmakvreme: 0,
      playlist_id: null,
      token: randomBytes(16).toString('hex'),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

let position = 0;
async function requested(app: App, gigId: number, songId: number, status: string, at: string) {
  position += 1;
  await app.db
    .insertInto('song_requests')
    .values({
      gig_id: gigId,
      song_id: songId,
      device_id: `device-${position}`,
      ip: '203.0.113.1',
      status,
      position,
      created_at: at,
      updated_at: at,
    })
    .execute();
}

const missed = (app: App, gigId: number, bandId: number, day: string, text: string, count: number) =>
  app.db.insertInto('search_misses').values({ gig_id: gigId, band_id: bandId, day, text, count }).execute();

beforeAll(async () => {
  t = await buildLiveApp({ config: { timeZone: 'Europe/Belgrade' } });
  scene = await gigScene(t.app);
  const { app } = t;
  const [durdevdan, jugo, brena, , , ajdeJano] = scene.songs.map((song) => song.id);
  const a = scene.people.bandA;
  summerGig = await addGig(app, a, 'Letnja bašta', '2026-07-10T21:00');
  oldGig = await addGig(app, a, 'Doček', '2025-12-31T22:00');

  // Band A, 2026-11-21 (UTC+1): 21:10, 21:20 and 22:05 played, 22:30 declined, 00:10 waiting.
  await requested(app, scene.gigId, durdevdan, 'played', '2026-11-21T20:10:00.000Z');
  await requested(app, scene.gigId, durdevdan, 'played', '2026-11-21T20:20:00.000Z');
  await requested(app, scene.gigId, durdevdan, 'played', '2026-11-21T21:05:00.000Z');
  await requested(app, scene.gigId, jugo, 'declined', '2026-11-21T21:30:00.000Z');
  await requested(app, scene.gigId, jugo, 'waiting', '2026-11-21T23:10:00.000Z');
  // Band A, 2026-07-10 (summer time, UTC+2): 21:30 played, two at 00:15 waiting.
  await requested(app, summerGig, durdevdan, 'played', '2026-07-10T19:30:00.000Z');
  await requested(app, summerGig, brena, 'waiting', '2026-07-10T22:15:00.000Z');
  await requested(app, summerGig, brena, 'waiting', '2026-07-10T22:15:30.000Z');
  // Band A, the year before: four for Ajde Jano.
  for (let i = 0; i < 4; i++) await requested(app, oldGig, ajdeJano, 'played', `2025-12-31T22:0${i}:00.000Z`);
  // Band B: five for its one song.
  for (let i = 0; i < 5; i++)
    await requested(app, scene.otherGig.id, scene.otherGig.song, 'played', `2026-11-21T21:1${i}:00.000Z`);

  await missed(app, scene.gigId, a, '2026-11-21', 'stairway', 3);
  await missed(app, summerGig, a, '2026-07-10', 'stairway', 1);
  await missed(app, summerGig, a, '2026-07-11', 'bohemian rhapsody', 2);
  await missed(app, oldGig, a, '2025-12-31', 'old year', 5);
  await missed(app, scene.otherGig.id, scene.people.bandB, '2026-11-21', 'riblja', 9);
});
afterAll(async () => {
  await t.close();
});

type Who = keyof GigScene['people']['tokens'];
const YEAR = 'from=2026-01-01&to=2026-12-31';

const insights = (query: string, who: Who | null = 'owner') =>
  call(t.app, 'GET', `/api/admin/insights?${query}`, {
    token: who === null ? undefined : scene.people.tokens[who],
  });

async function read(query: string, who: Who = 'owner') {
  const response = await insights(query, who);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** The non-zero hours, in the night's order. */
const busyHours = (hours: { hour: number; count: number }[]) => hours.filter((h) => h.count > 0);

describe('insights of a band over a period', () => {
  it('count the requests per gig and how they ended', async () => {
    const body = await read(YEAR);
    expect(body.band).toBe(scene.people.bandA);
    expect(body.totals).toEqual({ total: 8, played: 4, declined: 1, waiting: 3 });
    expect(body.gigs).toEqual([
      {
        id: summerGig,
        naziv: 'Letnja bašta',
        pocetak: '2026-07-10T21:00',
        total: 3,
        played: 1,
        declined: 0,
        waiting: 2,
      },
      {
        id: scene.gigId,
        naziv: 'Svadba Petrović',
        pocetak: '2026-11-21T20:00',
        total: 5,
        played: 3,
        declined: 1,
        waiting: 1,
      },
    ]);
  });

  it("count the requests per hour of the venue's night, summer time included", async () => {
    const { hours, time_zone } = await read(YEAR);
    expect(time_zone).toBe('Europe/Belgrade');
    // Every hour from noon to noon, in that order.
    expect(hours.map((h: { hour: number }) => h.hour)).toEqual([
      12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11,
    ]);
    expect(busyHours(hours)).toEqual([
      { hour: 21, count: 3 },
      { hour: 22, count: 2 },
      { hour: 0, count: 3 },
    ]);
  });

  it('rank the songs and performers asked for most', async () => {
    const { songs, performers } = await read(YEAR);
    expect(songs).toEqual([
      { id: scene.songs[0].id, naziv: 'Đurđevdan', performer: 'Bijelo Dugme', count: 4 },
      { id: scene.songs[1].id, naziv: 'Jugo 45', performer: 'Bijelo Dugme', count: 2 },
      { id: scene.songs[2].id, naziv: 'Lepa Brena', performer: 'Bijelo Dugme', count: 2 },
    ]);
    expect(performers).toEqual([{ id: expect.any(Number), naziv: 'Bijelo Dugme', count: 8 }]);
  });

  it("list what the audience searched for and did not find, and the repertoire's songs never requested", async () => {
    const { misses, never } = await read(YEAR);
    expect(misses).toEqual([
      { text: 'stairway', count: 4 },
      { text: 'bohemian rhapsody', count: 2 },
    ]);
    // Ajde Jano was asked for only the year before.
    expect(never).toEqual({
      total: 4,
      songs: [
        { id: scene.songs[5].id, naziv: 'Ajde Jano', performer: 'Bijelo Dugme' },
        { id: scene.songs[3].id, naziv: 'Kafana na Balkanu', performer: 'Bijelo Dugme' },
        { id: scene.songs[4].id, naziv: 'Mesečina', performer: 'Bijelo Dugme' },
        { id: scene.offList, naziv: 'Nije na spisku', performer: 'Bijelo Dugme' },
      ],
    });
  });

  it('follow the period chosen', async () => {
    const all = await read('');
    expect(all.totals).toEqual({ total: 12, played: 8, declined: 1, waiting: 3 });
    expect(all.songs.slice(0, 2).map((s: { naziv: string; count: number }) => [s.naziv, s.count])).toEqual([
      ['Ajde Jano', 4],
      ['Đurđevdan', 4],
    ]);
    expect(all.never.total).toBe(3);
    expect(all.misses[0]).toEqual({ text: 'old year', count: 5 });
    // One day: the November gig alone (a gig belongs to the day it starts).
    const night = await read('from=2026-11-21&to=2026-11-21');
    expect(night.gigs.map((g: { id: number }) => g.id)).toEqual([scene.gigId]);
    expect(night.totals.total).toBe(5);
    const none = await read('from=2027-01-01&to=2027-12-31');
    expect(none.totals).toEqual({ total: 0, played: 0, declined: 0, waiting: 0 });
    expect(none.gigs).toEqual([]);
    expect(none.never.total).toBe(7);
  });
});

describe('who sees which insights', () => {
  it("band admins and viewers see their own band's; system admins any band's or all", async () => {
    expect((await read(YEAR, 'viewer')).totals.total).toBe(8);
    const b = await read(YEAR, 'outsider');
    expect(b.band).toBe(scene.people.bandB);
    expect(b.totals.total).toBe(5);
    expect(b.misses).toEqual([{ text: 'riblja', count: 9 }]);
    expect((await read(`${YEAR}&band=${scene.people.bandA}`, 'admin')).totals.total).toBe(8);
    const every = await read(YEAR, 'admin');
    expect(every.band).toBeNull();
    expect(every.totals.total).toBe(13);
    expect(every.songs[0]).toMatchObject({ naziv: 'Pogledaj dom svoj, anđele', count: 5 });
  });

  it("refuses another band's, a bandless user, no session, an unknown band and a wrong day", async () => {
    const other = await insights(`band=${scene.people.bandA}`, 'outsider');
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe('You can see the insights of your own band only.');
    expect((await insights(`band=${scene.people.bandB}`, 'viewer')).statusCode).toBe(403);
    expect((await insights(YEAR, 'bandless')).statusCode).toBe(403);
    expect((await insights(YEAR, null)).statusCode).toBe(401);
    expect((await insights('band=999999', 'admin')).statusCode).toBe(404);
    expect((await insights('from=2026-13-45', 'owner')).statusCode).toBe(422);
    expect((await insights('from=yesterday', 'owner')).statusCode).toBe(422);
    const csv = await call(t.app, 'GET', `/api/admin/insights/export?part=songs&band=${scene.people.bandA}`, {
      token: scene.people.tokens.outsider,
    });
    expect(csv.statusCode).toBe(403);
  });
});

describe('the CSV files', () => {
  const exported = async (query: string, who: Who = 'owner') => {
    const response = await call(t.app, 'GET', `/api/admin/insights/export?${query}`, {
      token: scene.people.tokens[who],
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('text/csv');
    return response.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
  };

  it('hold every row of each figure, with headers in the panel language', async () => {
    expect(await exported(`${YEAR}&part=songs&lang=sr`)).toEqual([
      'Pesma,Izvođač,Zahteva',
      'Đurđevdan,Bijelo Dugme,4',
      'Jugo 45,Bijelo Dugme,2',
      'Lepa Brena,Bijelo Dugme,2',
    ]);
    expect(await exported(`${YEAR}&part=gigs`)).toEqual([
      'Gig,Start,Requests,Played,Declined,Waiting',
      'Letnja bašta,2026-07-10 21:00,3,1,0,2',
      'Svadba Petrović,2026-11-21 20:00,5,3,1,1',
    ]);
    expect(await exported(`${YEAR}&part=statuses`)).toEqual([
      'Status,Requests,Share (%)',
      'played,4,50',
      'declined,1,12.5',
      'waiting,3,37.5',
    ]);
    const hours = await exported(`${YEAR}&part=hours`);
    expect(hours).toHaveLength(25);
    expect(hours).toContain('21:00,3');
    expect(hours).toContain('00:00,3');
    expect(await exported(`${YEAR}&part=performers`)).toEqual(['Performer,Requests', 'Bijelo Dugme,8']);
    expect(await exported(`${YEAR}&part=misses`)).toEqual([
      'Searched for,Times',
      'stairway,4',
      'bohemian rhapsody,2',
    ]);
    expect(await exported(`${YEAR}&part=never`)).toEqual([
      'Song,Performer',
      'Ajde Jano,Bijelo Dugme',
      'Kafana na Balkanu,Bijelo Dugme',
      'Mesečina,Bijelo Dugme',
      'Nije na spisku,Bijelo Dugme',
    ]);
  });
});
