/**
 * The audience's side of a live gig (issue "Live gig night"): the gig page, song requests and their
 * rules at their boundaries (with a clock the tests move), the per-device limits, double taps, the
 * per-address rate limit and maintenance mode.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEVICE_COOLDOWN_SECONDS, DEVICE_MAX_WAITING } from '../../src/shared/constants.js';
import { call } from './helpers.js';
import {
  type Audience,
  audience,
  type BandPage,
  bandPage,
  buildLiveApp,
  device,
  type GigScene,
  gigScene,
  type LiveTestApp,
  order,
  type RequestBody,
  SONG_NAMES,
} from './live-gig-fixtures.js';

let t: LiveTestApp;
let scene: GigScene;
let fans: Audience;
let band: BandPage;

/** The app (its clock at 20:00:00) and the gig scene with these spacing rules. */
async function start(rules: Parameters<typeof gigScene>[1] = {}, config = {}) {
  t = await buildLiveApp({ config });
  scene = await gigScene(t.app, rules);
  fans = audience(t.app, scene.token);
  band = bandPage(t.app, scene.token, scene.people);
  return scene;
}
afterEach(() => t?.close());

/** The ISO time `seconds` after `from`. */
const plus = (from: string, seconds: number) => new Date(Date.parse(from) + seconds * 1000).toISOString();

async function storedRequests() {
  return t.app.db.selectFrom('song_requests').selectAll().orderBy('id').execute();
}

/** The refusal's body, checking its status and reason. */
async function refused(
  response: Promise<{ statusCode: number; body: string; json: () => unknown }>,
  status: number,
  reason: string,
) {
  const answer = await response;
  expect(answer.statusCode, answer.body).toBe(status);
  const body = answer.json() as Record<string, unknown>;
  expect(body).toMatchObject({ reason, message: expect.any(String) });
  return body;
}

// ---------------------------------------------------------------------------------------------

describe('GET /api/public/gig/:token', () => {
  beforeEach(() => start({ razmakpesme: 2, razmakvreme: 7 }));

  it('answers the gig, its playlist’s songs in order and an empty queue, without an account', async () => {
    const response = await fans.page();
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      gig: {
        naziv: 'Svadba Petrović',
        lokacija: 'Hotel Šumadija, Kragujevac',
        pocetak: '2026-11-21T20:00',
        active: true,
        razmakpesme: 2,
        razmakvreme: 7,
        allow_messages: false,
        band: { naziv: 'Band A', picture: null },
      },
      songs: scene.songs.map((song) => ({ id: song.id, naziv: song.naziv, performer: 'Bijelo Dugme' })),
      queue: [],
      pace: { gap_seconds: null, default_seconds: 240, out_of_turn: false },
    });
  });

  it('shows the waiting queue, grouped by song, without who asked', async () => {
    const [first, second] = scene.songs;
    await fans.accepted(second.id, device(1));
    await fans.accepted(first.id, device(2));
    const { queue } = (await fans.page()).json() as { queue: Record<string, unknown>[] };
    expect(queue).toEqual([
      expect.objectContaining({ song_id: second.id, naziv: second.naziv, count: 1 }),
      expect.objectContaining({ song_id: first.id, naziv: first.naziv, count: 1 }),
    ]);
    expect(JSON.stringify(queue)).not.toContain(device(1));
  });

  it('answers 404 for a token no gig has, and 422 for one that cannot be a token', async () => {
    const unknown = await fans.page('no-such-gig-token-123');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: expect.any(String) });
    expect((await fans.page('short')).statusCode).toBe(422);
    expect((await fans.page('bad.token%20here')).statusCode).toBe(422);
  });

  it('says whether the gig takes requests', async () => {
    expect((await band.setActive(false, 'owner')).statusCode).toBe(200);
    expect((await fans.page()).json().gig.active).toBe(false);
  });
});

// ---------------------------------------------------------------------------------------------

describe('POST /api/public/gig/:token/requests', () => {
  beforeEach(() => start());

  it('takes a request: 201 with the request, stored as waiting at the app clock’s time', async () => {
    const song = scene.songs[0];
    const response = await fans.request(song.id, device(1));
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json() as RequestBody;
    expect(body).toEqual({
      success: true,
      duplicate: false,
      me_too: false,
      count: 1,
      code: 'request_taken',
      message: `You asked for “${song.naziv}”.`,
      params: { song: song.naziv },
      request: {
        id: expect.any(Number),
        song_id: song.id,
        naziv: song.naziv,
        status: 'waiting',
        created_at: '2026-11-21T20:00:00.000Z',
      },
    });
    const stored = await storedRequests();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      id: body.request.id,
      gig_id: scene.gigId,
      song_id: song.id,
      device_id: device(1),
      status: 'waiting',
      created_at: '2026-11-21T20:00:00.000Z',
    });
    expect(await fans.mineOf(device(1))).toEqual([body.request]);
  });

  it('answers 404 for an unknown gig and for a song that is not on the gig’s playlist', async () => {
    const cases = [
      fans.request(scene.songs[0].id, device(1), { gig: 'no-such-gig-token-123' }),
      fans.request(scene.offList, device(1)),
      fans.request(scene.otherGig.song, device(1)),
      fans.request(999_999, device(1)),
    ];
    for (const response of await Promise.all(cases)) {
      expect(response.statusCode, response.body).toBe(404);
      expect(response.json()).toMatchObject({ message: expect.any(String) });
    }
    expect(await storedRequests()).toEqual([]);
  });

  it('answers 422 {errors: {device}} without a valid X-Device-Id (8–64 of A-Z a-z 0-9 _ -)', async () => {
    const song = scene.songs[0].id;
    for (const bad of [
      undefined,
      '',
      'abcdefg',
      'a'.repeat(65),
      'device id!',
      'devíce-0001',
      'device.0001',
    ]) {
      const response = await fans.request(song, bad);
      expect(response.statusCode, `${bad}: ${response.body}`).toBe(422);
      expect(Object.keys(response.json().errors)).toEqual(['device']);
      expect((await fans.mine(bad)).statusCode, `mine ${bad}`).toBe(422);
    }
    expect(await storedRequests()).toEqual([]);
    // The limits themselves are valid.
    await fans.accepted(song, 'abcdefgh');
    await fans.accepted(scene.songs[1].id, `A_z-9${'x'.repeat(58)}`);
  });

  it('answers 422 for a body without a whole song_id of 1 or more', async () => {
    for (const body of [{}, { song_id: 0 }, { song_id: 'one' }, { song_id: 1.5 }, { song_id: -3 }]) {
      const response = await fans.request(0, device(1), { body });
      expect(response.statusCode, `${JSON.stringify(body)}: ${response.body}`).toBe(422);
    }
    expect(await storedRequests()).toEqual([]);
  });

  it('answers 419 without the CSRF cookie and header', async () => {
    const response = await fans.request(scene.songs[0].id, device(1), { csrf: false });
    expect(response.statusCode).toBe(419);
    expect(await storedRequests()).toEqual([]);
  });

  it('does not mix gigs: each gig has its own queue and a device’s requests are per gig', async () => {
    await fans.accepted(scene.songs[0].id, device(1));
    // The same device, at once, at another gig: no cooldown there.
    await fans.accepted(scene.otherGig.song, device(1), { gig: scene.otherGig.token });
    expect(order((await fans.page()).json().queue)).toEqual([scene.songs[0].id]);
    expect(order((await fans.page(scene.otherGig.token)).json().queue)).toEqual([scene.otherGig.song]);
    expect((await fans.mineOf(device(1))).map((r) => r.song_id)).toEqual([scene.songs[0].id]);
    expect((await fans.mineOf(device(1), scene.otherGig.token)).map((r) => r.song_id)).toEqual([
      scene.otherGig.song,
    ]);
  });
});

// ---------------------------------------------------------------------------------------------

describe('GET /api/public/gig/:token/mine', () => {
  beforeEach(() => start());

  it('lists this device’s requests at this gig, newest first, with their status as the band decides', async () => {
    const [a, b, c] = scene.songs;
    const first = await fans.accepted(a.id, device(1));
    t.clock.advanceSeconds(DEVICE_COOLDOWN_SECONDS);
    const second = await fans.accepted(b.id, device(1));
    await fans.accepted(c.id, device(2));
    expect(await fans.mineOf(device(1))).toEqual([second.request, first.request]);
    expect(await fans.mineOf(device(3))).toEqual([]);

    await band.done(a.id, 'played');
    await band.done(b.id, 'declined');
    expect((await fans.mineOf(device(1))).map((r) => [r.naziv, r.status])).toEqual([
      [b.naziv, 'declined'],
      [a.naziv, 'played'],
    ]);
    expect((await fans.mineOf(device(2))).map((r) => r.status)).toEqual(['waiting']);
  });

  it('answers 404 for an unknown gig', async () => {
    expect((await fans.mine(device(1), 'no-such-gig-token-123')).statusCode).toBe(404);
  });
});

// ---------------------------------------------------------------------------------------------

describe('minutes between requests of the same song (razmakvreme)', () => {
  const MINUTES = 5;
  beforeEach(() => start({ razmakvreme: MINUTES, razmakpesme: 1 }));

  it('refuses one second before razmakvreme minutes and accepts exactly at them', async () => {
    const [a, b] = scene.songs;
    const first = await fans.accepted(a.id, device(1));
    t.clock.advanceSeconds(30);
    await fans.accepted(b.id, device(2)); // razmakpesme (1) is met
    await band.done(a.id, 'played'); // while it waits, a request joins it ("me too")

    const againAt = plus(first.request.created_at, MINUTES * 60);
    t.clock.set(plus(againAt, -1));
    const body = await refused(fans.request(a.id, device(3)), 409, 'too_soon');
    expect(body).toEqual({
      reason: 'too_soon',
      code: 'request_too_soon',
      message: `“${a.naziv}” was requested recently. It can be requested again in 1 minute.`,
      params: { song: a.naziv, smart_count: 1 },
      retry_at: againAt,
      wait_seconds: 1,
    });
    expect(await storedRequests()).toHaveLength(2);

    t.clock.set(againAt);
    const second = await fans.accepted(a.id, device(3));
    expect(second.request.created_at).toBe(againAt);
  });

  it('counts from the song’s latest request, whatever the band did with it', async () => {
    const [a, b, c] = scene.songs;
    await fans.accepted(a.id, device(1));
    await fans.accepted(b.id, device(2));
    t.clock.advanceMinutes(MINUTES);
    const latest = await fans.accepted(a.id, device(3)); // joins the first one
    await fans.accepted(c.id, device(4));
    await band.done(a.id, 'played');

    const againAt = plus(latest.request.created_at, MINUTES * 60);
    t.clock.set(plus(againAt, -1));
    expect(await refused(fans.request(a.id, device(5)), 409, 'too_soon')).toMatchObject({
      retry_at: againAt,
    });
    t.clock.set(againAt);
    await fans.accepted(a.id, device(5));
  });

  it('tells the minutes left, rounded up', async () => {
    const [a, b] = scene.songs;
    await fans.accepted(a.id, device(1));
    await fans.accepted(b.id, device(2));
    await band.done(a.id, 'declined');
    t.clock.advanceSeconds(61);
    const body = await refused(fans.request(a.id, device(3)), 409, 'too_soon');
    expect(body.message).toContain(`in ${MINUTES - 1} minutes`);
  });

  it('does not hold other songs back', async () => {
    await fans.accepted(scene.songs[0].id, device(1));
    await fans.accepted(scene.songs[1].id, device(2));
    await fans.accepted(scene.songs[2].id, device(3));
  });
});

// ---------------------------------------------------------------------------------------------

describe('other songs between requests of the same song (razmakpesme)', () => {
  const SONGS = 3;
  const MINUTES = 2;
  beforeEach(() => start({ razmakpesme: SONGS, razmakvreme: MINUTES }));

  it('refuses with razmakpesme − 1 other songs since and accepts with razmakpesme', async () => {
    const [a, b, c, d] = scene.songs;
    await fans.accepted(a.id, device(1));
    await fans.accepted(b.id, device(2));
    await fans.accepted(c.id, device(3));
    await band.done(a.id, 'played');
    t.clock.advanceMinutes(MINUTES); // razmakvreme is met

    const body = await refused(fans.request(a.id, device(4)), 409, 'too_few_songs');
    expect(body).toEqual({
      reason: 'too_few_songs',
      code: 'request_too_few_songs',
      message: `“${a.naziv}” was requested recently. 1 more other song must be requested first.`,
      params: { song: a.naziv, smart_count: 1 },
      songs_needed: 1,
    });
    expect(await storedRequests()).toHaveLength(3);

    await fans.accepted(d.id, device(5));
    await fans.accepted(a.id, device(4));
  });

  it('counts from the song’s latest request; refused requests are not counted', async () => {
    const [a, b, c, d] = scene.songs;
    await fans.accepted(a.id, device(1));
    await fans.accepted(b.id, device(2));
    await band.done(a.id, 'played');
    await band.done(b.id, 'played');
    await refused(fans.request(b.id, device(3)), 409, 'too_soon'); // refused: not one of the songs
    t.clock.advanceMinutes(MINUTES);
    expect(await refused(fans.request(a.id, device(4)), 409, 'too_few_songs')).toMatchObject({
      songs_needed: 2,
    });
    await fans.accepted(c.id, device(5));
    await fans.accepted(d.id, device(6));
    await fans.accepted(a.id, device(4));

    // A new request of the song starts the count again.
    await band.done(a.id, 'played');
    t.clock.advanceMinutes(MINUTES);
    expect(await refused(fans.request(a.id, device(7)), 409, 'too_few_songs')).toMatchObject({
      songs_needed: SONGS,
      message: expect.stringContaining(`${SONGS} more other songs`),
    });
  });

  it('checks the minutes first: too soon and too few songs answers too_soon', async () => {
    const [a] = scene.songs;
    await fans.accepted(a.id, device(1));
    await band.done(a.id, 'played');
    t.clock.advanceSeconds(MINUTES * 60 - 1);
    await refused(fans.request(a.id, device(2)), 409, 'too_soon');
  });
});

// ---------------------------------------------------------------------------------------------

describe('a gig that does not take requests', () => {
  it('refuses every request with 409 closed while inactive, and takes them once the band opens it', async () => {
    await start({ razmakpesme: 1, razmakvreme: 2, active: false });
    const page = (await fans.page()).json();
    expect(page.gig.active).toBe(false);
    expect(page.songs).toHaveLength(SONG_NAMES.length);

    const body = await refused(fans.request(scene.songs[0].id, device(1)), 409, 'closed');
    expect(body).toEqual({ reason: 'closed', code: 'request_closed', message: expect.any(String) });
    expect(await storedRequests()).toEqual([]);

    expect((await band.setActive(true, 'owner')).statusCode).toBe(200);
    await fans.accepted(scene.songs[0].id, device(1));
  });

  it('closes when the band pauses and keeps what already waits', async () => {
    await start();
    await fans.accepted(scene.songs[0].id, device(1));
    expect((await band.setActive(false, 'owner')).statusCode).toBe(200);
    await refused(fans.request(scene.songs[1].id, device(2)), 409, 'closed');
    expect(order((await fans.page()).json().queue)).toEqual([scene.songs[0].id]);
    expect(await storedRequests()).toHaveLength(1);
  });
});

// ---------------------------------------------------------------------------------------------

describe('per-device limits', () => {
  beforeEach(() => start());

  it(`refuses a device's request ${DEVICE_COOLDOWN_SECONDS - 1} s after its last one (429 cooldown) and takes it at ${DEVICE_COOLDOWN_SECONDS} s`, async () => {
    const [a, b, c] = scene.songs;
    const first = await fans.accepted(a.id, device(1));
    const readyAt = plus(first.request.created_at, DEVICE_COOLDOWN_SECONDS);

    t.clock.set(plus(readyAt, -1));
    const body = await refused(fans.request(b.id, device(1)), 429, 'cooldown');
    expect(body).toEqual({
      reason: 'cooldown',
      code: 'request_cooldown',
      message: 'Please wait 1 second before your next request.',
      params: { smart_count: 1 },
      retry_at: readyAt,
      wait_seconds: 1,
    });
    // Another phone is not held back.
    await fans.accepted(c.id, device(2));

    t.clock.set(readyAt);
    await fans.accepted(b.id, device(1));
    expect((await fans.mineOf(device(1))).map((r) => r.song_id)).toEqual([b.id, a.id]);
  });

  it(`takes ${DEVICE_MAX_WAITING} waiting requests from a device, refuses the next (429 too_many_waiting) until the band plays or declines one`, async () => {
    const songs = scene.songs.map((song) => song.id);
    for (const song of songs.slice(0, DEVICE_MAX_WAITING)) {
      await fans.accepted(song, device(1));
      t.clock.advanceSeconds(DEVICE_COOLDOWN_SECONDS);
    }
    const next = songs[DEVICE_MAX_WAITING];
    const body = await refused(fans.request(next, device(1)), 429, 'too_many_waiting');
    expect(body).toEqual({
      reason: 'too_many_waiting',
      code: 'request_too_many_waiting',
      message: expect.stringContaining(String(DEVICE_MAX_WAITING)),
      params: { smart_count: DEVICE_MAX_WAITING },
    });
    // Waiting longer does not help (20 minutes: the band's session lasts 30).
    t.clock.advanceMinutes(20);
    await refused(fans.request(next, device(1)), 429, 'too_many_waiting');
    // Another device may.
    await fans.accepted(songs[DEVICE_MAX_WAITING + 1], device(2));

    await band.done(songs[0], 'played');
    await fans.accepted(next, device(1));
    t.clock.advanceSeconds(DEVICE_COOLDOWN_SECONDS);
    await refused(fans.request(songs[DEVICE_MAX_WAITING + 2], device(1)), 429, 'too_many_waiting');

    await band.done(songs[1], 'declined');
    await fans.accepted(songs[DEVICE_MAX_WAITING + 2], device(1));
  });

  it('counts a device’s requests per gig', async () => {
    for (const song of scene.songs.slice(0, DEVICE_MAX_WAITING)) {
      await fans.accepted(song.id, device(1));
      t.clock.advanceSeconds(DEVICE_COOLDOWN_SECONDS);
    }
    await fans.accepted(scene.otherGig.song, device(1), { gig: scene.otherGig.token });
  });
});

// ---------------------------------------------------------------------------------------------

describe('double submission', () => {
  beforeEach(() => start());

  it('answers a second tap on the same song with the first request (200 duplicate), storing nothing', async () => {
    const song = scene.songs[0];
    const first = await fans.accepted(song.id, device(1));
    const versionBefore = (await band.read()).version;
    t.clock.advanceSeconds(2);

    const again = await fans.request(song.id, device(1));
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toEqual({
      success: true,
      duplicate: true,
      me_too: false,
      count: 1,
      code: 'request_duplicate',
      message: `You already asked for “${song.naziv}”.`,
      params: { song: song.naziv },
      request: first.request,
    });
    expect(await storedRequests()).toHaveLength(1);
    const live = await band.read();
    expect(live.version).toBe(versionBefore);
    expect(live.queue).toEqual([expect.objectContaining({ song_id: song.id, count: 1 })]);
  });

  it('stores one request when the same tap arrives several times at once', async () => {
    const song = scene.songs[0].id;
    const responses = await Promise.all(Array.from({ length: 5 }, () => fans.request(song, device(1))));
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses, responses.map((r) => r.body).join('\n')).toEqual([200, 200, 200, 200, 201]);
    const ids = new Set(responses.map((r) => (r.json() as RequestBody).request.id));
    expect(ids.size).toBe(1);
    expect(await storedRequests()).toHaveLength(1);
    expect((await band.read()).version).toBe(1);
  });

  it('counts every one of several phones asking for the same song at once ("me too")', async () => {
    const song = scene.songs[0].id;
    const responses = await Promise.all(
      Array.from({ length: 5 }, (_, i) => fans.request(song, device(10 + i), { ip: `10.1.0.${i + 1}` })),
    );
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses, responses.map((r) => r.body).join('\n')).toEqual([201, 201, 201, 201, 201]);
    const counts = responses.map((r) => (r.json() as { count: number }).count).sort();
    expect(counts).toEqual([1, 2, 3, 4, 5]);
    expect(responses.filter((r) => (r.json() as { me_too: boolean }).me_too)).toHaveLength(4);
    expect(await storedRequests()).toHaveLength(5);
    const live = await band.read();
    expect(live.version).toBe(5);
    expect(live.queue).toEqual([expect.objectContaining({ song_id: song, count: 5 })]);
  });

  it('is no duplicate once the first request was played: the rules apply again', async () => {
    const [a, b] = scene.songs;
    await fans.accepted(a.id, device(1));
    await band.done(a.id, 'played');
    t.clock.advanceSeconds(DEVICE_COOLDOWN_SECONDS);
    await refused(fans.request(a.id, device(1)), 409, 'too_soon');
    await fans.accepted(b.id, device(2));
    t.clock.advanceMinutes(2);
    const again = await fans.accepted(a.id, device(1));
    expect(again.request.status).toBe('waiting');
    expect(await storedRequests()).toHaveLength(3);
  });
});

// ---------------------------------------------------------------------------------------------

describe('per-address rate limit (config.publicRequestsPerMinute)', () => {
  it('answers 429 rate_limited past the limit for that address only', async () => {
    await start({}, { publicRequestsPerMinute: 3 });
    const ip = '192.0.2.7';
    const songs = scene.songs.map((song) => song.id);
    for (let i = 0; i < 3; i++) {
      const response = await fans.request(songs[i], device(i + 1), { ip });
      expect(response.statusCode, response.body).toBe(201);
    }
    const body = await refused(fans.request(songs[3], device(4), { ip }), 429, 'rate_limited');
    expect(body.message).toMatch(/Too many requests/);
    expect(await storedRequests()).toHaveLength(3);

    // Another address is not limited, and the gig page still answers the limited one.
    await fans.accepted(songs[3], device(4), { ip: '192.0.2.8' });
    expect((await fans.page(scene.token, { ip })).statusCode).toBe(200);
  });

  it('counts refused requests too', async () => {
    await start({}, { publicRequestsPerMinute: 2 });
    const ip = '192.0.2.7';
    expect((await fans.request(scene.offList, device(1), { ip })).statusCode).toBe(404);
    expect((await fans.request(scene.songs[0].id, 'bad', { ip })).statusCode).toBe(422);
    await refused(fans.request(scene.songs[0].id, device(1), { ip }), 429, 'rate_limited');
  });

  it('cannot be got around by a phone sending X-Forwarded-For', async () => {
    // A phone on the venue's network talks to the server directly (no proxy in between); what it
    // puts in X-Forwarded-For is its own invention.
    await start({}, { publicRequestsPerMinute: 3 });
    const ip = '192.0.2.7';
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      const response = await fans.request(scene.songs[i].id, device(i + 1), {
        ip,
        forwardedFor: `198.51.100.${i + 1}`,
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([201, 201, 201, 429, 429]);
  });

  it('lets the default limit (120 a minute) take a busy minute', async () => {
    await start();
    for (let i = 0; i < 30; i++) {
      const response = await fans.request(scene.songs[i % SONG_NAMES.length].id, device(i + 1));
      // Refused by the rules at times (one address adds only a few requests to a song), never limited.
      expect([201, 409, 429], response.body).toContain(response.statusCode);
      expect(response.json().reason, response.body).not.toBe('rate_limited');
    }
  });
});

// ---------------------------------------------------------------------------------------------

describe('maintenance mode', () => {
  it('answers 503 on the audience’s endpoints while on, and works again once off', async () => {
    await start();
    const maintenance = (on: boolean) =>
      call(t.app, 'POST', '/api/admin/system-settings', {
        token: scene.people.tokens.admin,
        body: { settings: { maintenance_mode: on } },
      });
    expect((await maintenance(true)).statusCode).toBe(200);
    for (const response of [
      await fans.page(),
      await fans.mine(device(1)),
      await fans.request(scene.songs[0].id, device(1)),
    ]) {
      expect(response.statusCode, response.body).toBe(503);
      expect(response.json()).toMatchObject({ message: expect.any(String) });
    }
    expect(await storedRequests()).toEqual([]);

    expect((await maintenance(false)).statusCode).toBe(200);
    expect((await fans.page()).statusCode).toBe(200);
    await fans.accepted(scene.songs[0].id, device(1));
  });
});
