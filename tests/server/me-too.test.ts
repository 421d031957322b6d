/**
 * "Me too" (issue 13, point 4): a tap on a song already waiting adds to its count instead of being
 * refused, within the per-device limits and a few per client address (issue 23, finding 11); once
 * the song is played or declined the spacing rules apply again. The band's queue and the live channel
 * carry the count.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ADDRESS_MAX_PER_WAITING_SONG,
  DEVICE_COOLDOWN_SECONDS,
  DEVICE_MAX_WAITING,
} from '../../src/shared/constants.js';
import {
  type Audience,
  audience,
  type BandPage,
  bandPage,
  buildLiveApp,
  type ChangeEvent,
  closeSockets,
  device,
  followed,
  type GigScene,
  gigScene,
  listenLive,
  LiveSocket,
  type LiveTestApp,
  channelQueue,
  order,
} from './live-gig-fixtures.js';

let t: LiveTestApp;
let scene: GigScene;
let fans: Audience;
let band: BandPage;

beforeEach(async () => {
  t = await buildLiveApp();
  scene = await gigScene(t.app, { razmakpesme: 2, razmakvreme: 10 });
  fans = audience(t.app, scene.token);
  band = bandPage(t.app, scene.token, scene.people);
});
afterEach(async () => {
  closeSockets();
  await t.close();
});

const song = (i: number) => scene.songs[i].id;

async function refusedWith(
  deviceId: string,
  songId: number,
  status: number,
  reason: string,
  from: { ip?: string } = {},
) {
  const response = await fans.request(songId, deviceId, from);
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json()).toMatchObject({ reason });
}

describe('a song already waiting', () => {
  it('another guest’s tap adds to its count, in its place in the queue', async () => {
    await fans.accepted(song(0), device(1));
    await fans.accepted(song(1), device(2));
    const response = await fans.request(song(0), device(3));
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      success: true,
      duplicate: false,
      me_too: true,
      count: 2,
      code: 'request_me_too',
      message: `You asked for “${scene.songs[0].naziv}” too: 2 requests so far.`,
      request: { song_id: song(0), status: 'waiting' },
    });
    const live = await band.read();
    expect(order(live.queue)).toEqual([song(0), song(1)]);
    expect(live.queue[0]).toMatchObject({ count: 2, first_at: live.queue[0].first_at });
    // The guests' page shows the count too, and the new guest sees the request as theirs.
    const page = (await fans.page()).json() as { queue: { song_id: number; count: number }[] };
    expect(page.queue.map((entry) => [entry.song_id, entry.count])).toEqual([
      [song(0), 2],
      [song(1), 1],
    ]);
    expect((await fans.mineOf(device(3))).map((r) => [r.song_id, r.status])).toEqual([[song(0), 'waiting']]);
  });

  it('the same guest’s second tap is still a duplicate, not a second count', async () => {
    await fans.accepted(song(0), device(1));
    await fans.accepted(song(0), device(2));
    t.clock.advanceSeconds(DEVICE_COOLDOWN_SECONDS);
    const again = await fans.request(song(0), device(2));
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ duplicate: true, me_too: false, count: 2 });
    expect((await band.read()).queue[0].count).toBe(2);
  });

  it('stays within the per-device limits: the cooldown and the waiting requests', async () => {
    await fans.accepted(song(0), device(1));
    await fans.accepted(song(1), device(2));
    await refusedWith(device(2), song(0), 429, 'cooldown');
    // Up to DEVICE_MAX_WAITING of the device's requests waiting.
    for (let i = 2; i <= DEVICE_MAX_WAITING; i++) {
      t.clock.advanceSeconds(DEVICE_COOLDOWN_SECONDS);
      await fans.accepted(song(i), device(2));
    }
    t.clock.advanceSeconds(DEVICE_COOLDOWN_SECONDS);
    await refusedWith(device(2), song(0), 429, 'too_many_waiting');
    expect((await band.read()).queue.find((entry) => entry.song_id === song(0))!.count).toBe(1);
  });

  it('once played, the spacing rules apply again, counted from its latest request', async () => {
    await fans.accepted(song(0), device(1));
    t.clock.advanceMinutes(5);
    await fans.accepted(song(0), device(2)); // joins: no spacing rule for a waiting song
    await band.done(song(0), 'played');
    await refusedWith(device(3), song(0), 409, 'too_soon');
    t.clock.advanceMinutes(6); // 11 minutes after the first, 6 after the latest
    await refusedWith(device(3), song(0), 409, 'too_soon');
    t.clock.advanceMinutes(4);
    await refusedWith(device(3), song(0), 409, 'too_few_songs');
    await fans.accepted(song(1), device(4));
    await fans.accepted(song(2), device(5));
    const again = await fans.accepted(song(0), device(3));
    expect(again).toMatchObject({ count: 1 });
  });

  it('once declined, likewise', async () => {
    await fans.accepted(song(0), device(1));
    await band.done(song(0), 'declined');
    await refusedWith(device(2), song(0), 409, 'too_soon');
  });

  it('a paused gig refuses a "me too" as any request', async () => {
    await fans.accepted(song(0), device(1));
    expect((await band.setActive(false, 'owner')).statusCode).toBe(200);
    await refusedWith(device(2), song(0), 409, 'closed');
  });
});

describe('the live channel', () => {
  it('carries the new count to the band and the guests', async () => {
    const url = await listenLive(t.app);
    const client = await LiveSocket.open(url);
    await client.subscribe(scene.token);
    await fans.accepted(song(0), device(1));
    await fans.accepted(song(0), device(2));
    await fans.accepted(song(0), device(3));
    const events = await client.received(4);
    const changes = events.slice(1) as unknown as ChangeEvent[];
    expect(changes.map((event) => event.change)).toEqual([
      expect.objectContaining({
        kind: 'requested',
        song_id: song(0),
        entry: expect.objectContaining({ count: 1 }),
      }),
      expect.objectContaining({
        kind: 'requested',
        song_id: song(0),
        entry: expect.objectContaining({ count: 2 }),
      }),
      expect.objectContaining({
        kind: 'requested',
        song_id: song(0),
        entry: expect.objectContaining({ count: 3 }),
      }),
    ]);
    const seen = followed(client.messages);
    expect(seen.gapless).toBe(true);
    expect(seen.queue).toEqual(channelQueue((await band.read()).queue));
  });
});

describe('one client address', () => {
  const HOME = '203.0.113.7';

  it(`adds at most ${ADDRESS_MAX_PER_WAITING_SONG} requests to a waiting song, whatever device ids it sends`, async () => {
    for (let i = 1; i <= ADDRESS_MAX_PER_WAITING_SONG; i++)
      await fans.accepted(song(0), device(i), { ip: HOME });
    for (let i = ADDRESS_MAX_PER_WAITING_SONG + 1; i <= 20; i++) {
      const response = await fans.request(song(0), device(i), { ip: HOME });
      expect(response.statusCode, response.body).toBe(429);
      expect(response.json()).toEqual({
        reason: 'network_has_asked',
        code: 'request_network_has_asked',
        params: { song: scene.songs[0].naziv, smart_count: ADDRESS_MAX_PER_WAITING_SONG },
        message: `“${scene.songs[0].naziv}” already has ${ADDRESS_MAX_PER_WAITING_SONG} requests from your network, as many as one network may add. It is waiting in the queue.`,
      });
    }
    const stored = await t.app.db
      .selectFrom('song_requests')
      .select('device_id')
      .where('song_id', '=', song(0))
      .execute();
    expect(stored).toHaveLength(ADDRESS_MAX_PER_WAITING_SONG);
    // The same guests' other songs, and the guests of other addresses, still count.
    await fans.accepted(song(1), device(20), { ip: HOME });
    const elsewhere = await fans.accepted(song(0), device(21), { ip: '198.51.100.1' });
    expect(elsewhere).toMatchObject({ me_too: true, count: ADDRESS_MAX_PER_WAITING_SONG + 1 });
    expect((await band.read()).queue[0]).toMatchObject({
      song_id: song(0),
      count: ADDRESS_MAX_PER_WAITING_SONG + 1,
    });
  });

  it('counts an IPv6 /64 as one network, as the sign-in limits do', async () => {
    for (let i = 1; i <= ADDRESS_MAX_PER_WAITING_SONG; i++)
      await fans.accepted(song(0), device(i), { ip: `2001:db8:1:2::${i}` });
    await refusedWith(device(9), song(0), 429, 'network_has_asked', { ip: '2001:db8:1:2:abcd:1:2:3' });
    expect(await fans.accepted(song(0), device(10), { ip: '2001:db8:1:3::1' })).toMatchObject({
      count: ADDRESS_MAX_PER_WAITING_SONG + 1,
    });
  });

  it('a guest at the limit who taps again gets their own request back', async () => {
    for (let i = 1; i <= ADDRESS_MAX_PER_WAITING_SONG; i++)
      await fans.accepted(song(0), device(i), { ip: HOME });
    t.clock.advanceSeconds(DEVICE_COOLDOWN_SECONDS);
    const again = await fans.request(song(0), device(2), { ip: HOME });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json()).toMatchObject({ duplicate: true, count: ADDRESS_MAX_PER_WAITING_SONG });
  });

  it('holds when the taps arrive at once', async () => {
    const taps = await Promise.all(
      Array.from({ length: 12 }, (_, i) => fans.request(song(0), device(i + 1), { ip: HOME })),
    );
    const codes = taps.map((tap) => tap.statusCode).sort();
    expect(codes).toEqual([
      ...Array<number>(ADDRESS_MAX_PER_WAITING_SONG).fill(201),
      ...Array<number>(12 - ADDRESS_MAX_PER_WAITING_SONG).fill(429),
    ]);
    expect((await band.read()).queue[0]).toMatchObject({ count: ADDRESS_MAX_PER_WAITING_SONG });
  });

  it('may ask for the song again once the band has played it', async () => {
    for (let i = 1; i <= ADDRESS_MAX_PER_WAITING_SONG; i++)
      await fans.accepted(song(0), device(i), { ip: HOME });
    await band.done(song(0), 'played');
    t.clock.advanceMinutes(10);
    await fans.accepted(song(1), device(30));
    await fans.accepted(song(2), device(31));
    expect(await fans.accepted(song(0), device(4), { ip: HOME })).toMatchObject({ count: 1 });
  });
});
