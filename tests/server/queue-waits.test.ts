/**
 * Issue 29, points 1 and 2: where a guest's song stands (its place and an honest estimate, from the
 * pace the server reports with the queue) and artist spacing (the same performer not within N songs,
 * with its own refusal). Real database (SQLite, or PostgreSQL with TEST_DB=postgres), real routes.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type QueuePace, queueWaits } from '../../src/shared/queue-wait.js';
import {
  audience,
  type Audience,
  bandPage,
  type BandPage,
  buildLiveApp,
  closeSockets,
  device,
  listenLive,
  LiveSocket,
  type LiveTestApp,
  order,
  type QueueEntry,
} from './live-gig-fixtures.js';
import { catalogue } from './fixtures-gigs.js';
import { type Fields, postForm, seedPeople } from './fixtures.js';

let t: LiveTestApp;
let fans: Audience;
let band: BandPage;
let songs: Record<string, number>;
let gig: { id: number; token: string };
let people: Awaited<ReturnType<typeof seedPeople>>;
let deviceNo = 0;

/** The songs: name → [performer, duration]. Two by each performer; some without a duration. */
const SONGS: Record<string, [string, string | undefined]> = {
  Đurđevdan: ['Bijelo Dugme', '8:00'],
  'Jugo 45': ['Bijelo Dugme', '3:00'],
  'Pogledaj dom svoj': ['Riblja Čorba', '5:00'],
  Lutka: ['Riblja Čorba', undefined],
  'Kad hodaš': ['Ekatarina Velika', undefined],
  Zemlja: ['Ekatarina Velika', '4:00'],
};

async function scene(gigFields: Fields = {}) {
  people = await seedPeople(t.app);
  const c = catalogue(t.app, people);
  const performers = new Map<string, number>();
  songs = {};
  for (const [naziv, [performer, trajanje]] of Object.entries(SONGS)) {
    if (!performers.has(performer)) performers.set(performer, await c.addPerformer(performer));
    const response = await postForm(
      t.app,
      '/api/admin/addsong',
      { title: naziv, performer: String(performers.get(performer)), visible: '0', trajanje },
      { token: people.tokens.owner },
    );
    expect(response.statusCode, response.body).toBe(200);
    songs[naziv] = response.json().id as number;
  }
  const playlist = await c.addPlaylist('Subota');
  await c.setSongs(playlist, Object.values(songs));
  const id = await c.addGig({
    title: 'Svadba',
    lokacija: 'Kragujevac',
    status: '1',
    razmakpesme: '1',
    razmakvreme: '2',
    starttime: '2026-11-21T20:00',
    playlista: String(playlist),
    ...gigFields,
  });
  gig = { id, token: (await c.readGig(id)).token };
  fans = audience(t.app, gig.token);
  band = bandPage(t.app, gig.token, people);
  return c;
}

/** A request from a new guest (no device limit gets in the way). */
const ask = (naziv: string) => fans.accepted(songs[naziv], device(++deviceNo));
const askAs = (naziv: string, n: number) => fans.accepted(songs[naziv], device(n));

/** What the audience page loads: the gig, its queue and the pace. */
async function page() {
  const response = await fans.page();
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as {
    gig: { active: boolean };
    queue: QueueEntry[];
    pace: QueuePace;
  };
}

/** The waits the pages show, as the audience page computes them from what it loaded. */
async function waits() {
  const { gig: shown, queue, pace } = await page();
  return queueWaits(queue, { active: shown.active, pace });
}

beforeEach(async () => {
  t = await buildLiveApp();
  deviceNo = 0;
});
afterEach(async () => {
  closeSockets();
  await t.close();
});

describe('where a song stands', () => {
  it('counts the durations of the songs ahead, each song in its place', async () => {
    await scene();
    await ask('Đurđevdan');
    await ask('Pogledaj dom svoj');
    await ask('Zemlja');
    const loaded = await page();
    expect(loaded.queue.map((entry) => entry.trajanje)).toEqual([480, 300, 240]);
    expect(loaded.pace).toEqual({ gap_seconds: null, default_seconds: 240, out_of_turn: false });
    expect(await waits()).toEqual([
      { place: 1, kind: 'next' },
      { place: 2, kind: 'about', minutes: 8 },
      { place: 3, kind: 'about', minutes: 13 },
    ]);
    // The band page's answer carries the same entries and pace.
    const live = await band.read();
    expect(live.queue.map((entry) => entry.trajanje)).toEqual([480, 300, 240]);
    expect((live as unknown as { pace: QueuePace }).pace).toEqual(loaded.pace);
  });

  it('uses the band’s minutes per song, then the gig’s own pace, for songs without a duration', async () => {
    await scene({ minutes_per_song: '5' });
    await ask('Lutka');
    await ask('Kad hodaš');
    await ask('Jugo 45');
    expect(await waits()).toEqual([
      { place: 1, kind: 'next' },
      { place: 2, kind: 'about', minutes: 5 },
      { place: 3, kind: 'about', minutes: 10 },
    ]);
    // Two songs played 6 minutes apart: the gig's own pace is 6 minutes a song.
    await band.done(songs.Lutka, 'played');
    t.clock.advanceMinutes(6);
    await band.done(songs['Kad hodaš'], 'played');
    await ask('Zemlja');
    await ask('Lutka');
    const loaded = await page();
    expect(loaded.pace).toMatchObject({ gap_seconds: 360, default_seconds: 300, out_of_turn: false });
    // Jugo 45 (3:00) and Zemlja (4:00) ahead of Lutka: their own durations.
    expect(order(loaded.queue)).toEqual([songs['Jugo 45'], songs.Zemlja, songs.Lutka]);
    expect(await waits()).toEqual([
      { place: 1, kind: 'next' },
      { place: 2, kind: 'about', minutes: 3 },
      { place: 3, kind: 'about', minutes: 7 },
    ]);
  });

  it('a "me too" keeps the song’s one place; the songs behind it wait no longer for it', async () => {
    await scene();
    await askAs('Đurđevdan', 1);
    await askAs('Pogledaj dom svoj', 2);
    const meToo = await askAs('Đurđevdan', 3);
    expect(meToo).toMatchObject({ me_too: true, count: 2 });
    const loaded = await page();
    expect(order(loaded.queue)).toEqual([songs['Đurđevdan'], songs['Pogledaj dom svoj']]);
    expect(loaded.queue[0].count).toBe(2);
    expect(await waits()).toEqual([
      { place: 1, kind: 'next' },
      { place: 2, kind: 'about', minutes: 8 },
    ]);
  });

  it('gives places but no estimate while requests are paused', async () => {
    await scene();
    await ask('Đurđevdan');
    await ask('Zemlja');
    const paused = await band.setActive(false, 'owner');
    expect(paused.statusCode, paused.body).toBe(200);
    expect(await waits()).toEqual([
      { place: 1, kind: 'paused' },
      { place: 2, kind: 'paused' },
    ]);
  });

  it('stops estimating while the band plays out of turn, and says so live', async () => {
    await scene();
    const socket = await LiveSocket.open(await listenLive(t.app));
    for (const naziv of ['Đurđevdan', 'Jugo 45', 'Pogledaj dom svoj', 'Lutka', 'Kad hodaš', 'Zemlja'])
      await ask(naziv);
    expect(await socket.subscribe(gig.token)).toMatchObject({
      type: 'queue',
      pace: { out_of_turn: false, default_seconds: 240 },
    });
    // Played while Đurđevdan waited ahead of it.
    await band.done(songs['Pogledaj dom svoj'], 'played');
    await socket.roundTrip();
    const played = socket.events.at(-1)!;
    expect(played).toMatchObject({
      type: 'change',
      change: { kind: 'played', song_id: songs['Pogledaj dom svoj'], pace: { out_of_turn: true } },
    });
    expect((await waits()).map((wait) => wait.kind)).toEqual(Array(5).fill('out_of_turn'));
    // The band moved a song up, then played it: that is the queue's order, not out of turn; after
    // three songs played in turn the estimates come back.
    await band.done(songs.Zemlja, 'up');
    await band.done(songs.Zemlja, 'up');
    await band.done(songs.Zemlja, 'up');
    await band.done(songs.Zemlja, 'up');
    t.clock.advanceMinutes(5);
    await band.done(songs.Zemlja, 'played');
    t.clock.advanceMinutes(5);
    await band.done(songs['Đurđevdan'], 'played');
    expect((await page()).pace.out_of_turn).toBe(true);
    t.clock.advanceMinutes(5);
    await band.done(songs['Jugo 45'], 'played');
    // Four songs played over 15 minutes: 5 minutes a song, for Lutka, which has no duration.
    expect((await page()).pace).toEqual({ gap_seconds: 300, default_seconds: 240, out_of_turn: false });
    expect(await waits()).toEqual([
      { place: 1, kind: 'next' },
      { place: 2, kind: 'about', minutes: 5 },
    ]);
  });
});

describe('artist spacing', () => {
  it('is off by default: the same performer twice in a row is taken', async () => {
    const c = await scene();
    expect(await c.readGig(gig.id)).toMatchObject({ artist_spacing: 0, minutes_per_song: 4 });
    await ask('Đurđevdan');
    await ask('Jugo 45');
  });

  it('refuses the same performer within N songs of the waiting queue, with its own reason', async () => {
    await scene({ artist_spacing: '2' });
    await ask('Đurđevdan');
    const refused = await fans.request(songs['Jugo 45'], device(50));
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toEqual({
      reason: 'same_performer',
      code: 'request_same_performer',
      params: { song: 'Jugo 45', performer: 'Bijelo Dugme', smart_count: 2 },
      message:
        '“Jugo 45”: Bijelo Dugme was just played or is already coming up. 2 more songs by other performers must be requested first.',
      songs_needed: 2,
    });
    await ask('Pogledaj dom svoj');
    expect((await fans.request(songs['Jugo 45'], device(51))).json()).toMatchObject({
      reason: 'same_performer',
      songs_needed: 1,
    });
    // "Me too" takes no new place: joining Đurđevdan is still taken.
    await ask('Đurđevdan');
    await ask('Zemlja');
    await ask('Jugo 45');
  });

  it('counts the songs played last when the queue is shorter than N', async () => {
    await scene({ artist_spacing: '3' });
    await ask('Đurđevdan');
    await ask('Zemlja');
    await band.done(songs['Đurđevdan'], 'played');
    t.clock.advanceMinutes(4);
    await band.done(songs.Zemlja, 'played');
    // Played: Đurđevdan, Zemlja; waiting: Pogledaj dom svoj. Before a new one: Pogledaj, Zemlja, Đurđevdan.
    await ask('Pogledaj dom svoj');
    expect((await fans.request(songs['Jugo 45'], device(60))).json()).toMatchObject({
      reason: 'same_performer',
      songs_needed: 1,
    });
    // A declined song was never played: it does not count.
    await band.done(songs['Pogledaj dom svoj'], 'declined');
    expect((await fans.request(songs['Jugo 45'], device(61))).json()).toMatchObject({
      reason: 'same_performer',
      songs_needed: 2,
    });
    // Lutka's performer's other song was declined, not played: Lutka is taken.
    await ask('Lutka');
    expect((await fans.request(songs['Jugo 45'], device(62))).json()).toMatchObject({
      reason: 'same_performer',
      songs_needed: 1,
    });
  });

  it('is set on Add and Edit Gig, within its bounds', async () => {
    const c = await scene({ artist_spacing: '2', minutes_per_song: '6' });
    expect(await c.readGig(gig.id)).toMatchObject({ artist_spacing: 2, minutes_per_song: 6 });
    const base = {
      title: 'Svadba',
      lokacija: 'Kragujevac',
      status: '1',
      razmakpesme: '1',
      razmakvreme: '2',
      starttime: '2026-11-21T20:00',
      playlista: String((await c.readGig(gig.id)).playlista),
    };
    const update = (fields: Fields) =>
      postForm(
        t.app,
        `/api/admin/gig/${gig.id}/update`,
        { ...base, ...fields },
        { token: people.tokens.owner },
      );
    // Not sent: kept.
    expect((await update({})).statusCode).toBe(200);
    expect(await c.readGig(gig.id)).toMatchObject({ artist_spacing: 2, minutes_per_song: 6 });
    expect((await update({ artist_spacing: '0', minutes_per_song: '3' })).statusCode).toBe(200);
    expect(await c.readGig(gig.id)).toMatchObject({ artist_spacing: 0, minutes_per_song: 3 });
    for (const [field, value] of [
      ['artist_spacing', '-1'],
      ['artist_spacing', 'many'],
      ['minutes_per_song', '0'],
      ['minutes_per_song', '61'],
    ]) {
      const response = await update({ [field]: value });
      expect(response.statusCode, `${field}=${value}`).toBe(422);
      expect(Object.keys(response.json().errors)).toEqual([field]);
    }
  });
});
