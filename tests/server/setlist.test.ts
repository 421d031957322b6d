import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { liveProtocols } from '../../src/shared/live-protocol.js';
import type { SetlistAnswer, SetlistEvent } from '../../src/shared/running-order.js';
import { call } from './helpers.js';
import type { Who } from './fixtures.js';
import { connect, type LiveClient } from './live-client.js';
import {
  audience,
  bandPage,
  buildLiveApp,
  device,
  type GigScene,
  gigScene,
  listenLive,
  type LiveTestApp,
} from './live-gig-fixtures.js';

/**
 * Issue 27, point 3: the band's running order of a gig (the set in order, requests slotted in with
 * "Play next", Next and Previous), kept on the server and sent to the band's pages only; on SQLite
 * and PostgreSQL.
 */
let t: LiveTestApp;
let scene: GigScene;

beforeEach(async () => {
  t = await buildLiveApp();
  scene = await gigScene(t.app);
});
afterEach(() => t.close());

const url = (path = '', gig = scene.token) => `/api/admin/live/${gig}/setlist${path}`;
const as = (who: Who) => ({ token: scene.people.tokens[who] });
const read = (who: Who = 'owner', gig = scene.token) => call(t.app, 'GET', url('', gig), as(who));
const post = (path: string, body: object = {}, who: Who = 'owner', gig = scene.token) =>
  call(t.app, 'POST', url(path, gig), { ...as(who), body });

async function ok(response: Awaited<ReturnType<typeof read>>) {
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as SetlistAnswer;
}

/** The running order as the band page lists it: "set:<name>" or "request:<name>", with ✓ when played. */
function listed(answer: SetlistAnswer) {
  const names = new Map([...answer.set, ...answer.slots].map((song) => [song.song_id, song.naziv]));
  const items: string[] = [];
  const slots = (after: number | null) =>
    answer.slots
      .filter((slot) => slot.after === after)
      .forEach((slot) => items.push(`request:${slot.naziv}${slot.played ? ' ✓' : ''}`));
  slots(null);
  for (const song of answer.set) {
    items.push(`set:${song.naziv}`);
    slots(song.song_id);
  }
  return { items, current: answer.current && `${answer.current.kind}:${names.get(answer.current.song_id)}` };
}

const names = () => scene.songs.map((song) => song.naziv);
const set = (i: number) => `set:${scene.songs[i].naziv}`;

describe('the running order', () => {
  it('answers the gig’s set in playlist order with nothing current, to every member of the band', async () => {
    for (const who of ['owner', 'viewer', 'admin'] as const) {
      const answer = await ok(await read(who));
      expect(answer.set.map((song) => song.naziv)).toEqual(names());
      expect(answer).toMatchObject({ version: 0, current: null, slots: [] });
      expect(answer.set[0]).toEqual({
        song_id: scene.songs[0].id,
        naziv: scene.songs[0].naziv,
        performer: 'Bijelo Dugme',
        tonalitet: null,
        trajanje: null,
        resource: null,
        resursi: null,
        chart: false,
      });
    }
  });

  it('walks the set with Next and Previous, and refuses to step past either end', async () => {
    expect((await post('/previous')).statusCode).toBe(409);
    let answer = await ok(await post('/next'));
    expect(listed(answer).current).toBe(set(0));
    expect(answer.version).toBe(1);
    answer = await ok(await post('/next', { from: { kind: 'set', song_id: scene.songs[0].id } }));
    expect(listed(answer).current).toBe(set(1));
    answer = await ok(await post('/previous'));
    expect(listed(answer).current).toBe(set(0));
    const start = await post('/previous');
    expect(start.statusCode).toBe(409);
    expect(start.json()).toMatchObject({ message: 'This is the first song of the running order.' });
    await ok(await post('/current', { kind: 'set', song_id: scene.songs[5].id }));
    const end = await post('/next');
    expect(end.statusCode).toBe(409);
    expect(end.json().message).toBe('This is the last song of the running order.');
    expect(listed(await ok(await read('viewer'))).current).toBe(set(5));
  });

  it('refuses a Next from where the band no longer is: two tablets at once skip no song', async () => {
    await ok(await post('/next'));
    const from = { kind: 'set', song_id: scene.songs[0].id };
    await ok(await post('/next', { from }));
    const late = await post('/next', { from });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/Another tablet/);
    expect(listed(await ok(await read())).current).toBe(set(1));
  });

  it('slots a request in after the current song with Play next, behind those slotted before', async () => {
    const guests = audience(t.app, scene.token);
    await guests.accepted(scene.songs[5].id, device(1));
    await guests.accepted(scene.songs[4].id, device(2));
    await ok(await post('/current', { kind: 'set', song_id: scene.songs[1].id }));
    await ok(await post('/play-next', { song_id: scene.songs[5].id }));
    let answer = await ok(await post('/play-next', { song_id: scene.songs[4].id }));
    expect(listed(answer).items).toEqual([
      set(0),
      set(1),
      `request:${scene.songs[5].naziv}`,
      `request:${scene.songs[4].naziv}`,
      set(2),
      set(3),
      set(4),
      set(5),
    ]);
    // A second tap changes nothing.
    const again = await ok(await post('/play-next', { song_id: scene.songs[5].id }));
    expect(again.version).toBe(answer.version);
    // Next reaches the slotted request; Next again leaves it, played, as the queue now says too.
    answer = await ok(await post('/next'));
    expect(listed(answer).current).toBe(`request:${scene.songs[5].naziv}`);
    answer = await ok(await post('/next'));
    expect(listed(answer).current).toBe(`request:${scene.songs[4].naziv}`);
    expect(listed(answer).items[2]).toBe(`request:${scene.songs[5].naziv} ✓`);
    const queue = (await bandPage(t.app, scene.token, scene.people).read()).queue;
    expect(queue.map((entry) => entry.song_id)).toEqual([scene.songs[4].id]);
  });

  it('keeps the queue’s Played and Decline working on slotted requests', async () => {
    const guests = audience(t.app, scene.token);
    const band = bandPage(t.app, scene.token, scene.people);
    await guests.accepted(scene.songs[5].id, device(1));
    await guests.accepted(scene.songs[3].id, device(2));
    await ok(await post('/next'));
    await ok(await post('/play-next', { song_id: scene.songs[5].id }));
    await ok(await post('/play-next', { song_id: scene.songs[3].id }));
    await band.done(scene.songs[5].id, 'played');
    let answer = await ok(await read());
    expect(listed(answer).items.slice(0, 3)).toEqual([
      set(0),
      `request:${scene.songs[5].naziv} ✓`,
      `request:${scene.songs[3].naziv}`,
    ]);
    // The band is at the second request and declines it: it leaves the order, the band is back a song.
    await ok(await post('/next'));
    await ok(await post('/next'));
    await band.done(scene.songs[3].id, 'declined');
    answer = await ok(await read());
    expect(listed(answer).items.slice(0, 3)).toEqual([set(0), `request:${scene.songs[5].naziv} ✓`, set(1)]);
    expect(listed(answer).current).toBe(`request:${scene.songs[5].naziv}`);
  });

  it('refuses bad input with 4xx in the error shape', async () => {
    const notWaiting = await post('/play-next', { song_id: scene.songs[0].id });
    expect(notWaiting.statusCode).toBe(404);
    expect(notWaiting.json()).toEqual({ code: 'song_not_waiting', message: expect.any(String) });
    for (const body of [{}, { song_id: 'x' }, { song_id: 0 }])
      expect((await post('/play-next', body)).statusCode).toBe(422);
    expect((await post('/current', { kind: 'encore', song_id: scene.songs[0].id })).statusCode).toBe(422);
    const off = await post('/current', { kind: 'set', song_id: scene.offList });
    expect(off.statusCode).toBe(404);
    expect(off.json().message).toBe('This song is not in tonight’s running order.');
    expect((await post('/current', { kind: 'request', song_id: scene.offList })).statusCode).toBe(404);
    expect((await post('/next', { from: { kind: 'set' } })).statusCode).toBe(422);
    expect((await read('owner', 'no-such-gig-token-here')).statusCode).toBe(404);
  });
});

describe('who may', () => {
  it('lets viewers read it but not change it, and refuses other bands and strangers', async () => {
    const guests = audience(t.app, scene.token);
    await guests.accepted(scene.songs[5].id, device(1));
    const refusals: [string, object][] = [
      ['/next', {}],
      ['/previous', {}],
      ['/current', { kind: 'set', song_id: scene.songs[0].id }],
      ['/play-next', { song_id: scene.songs[5].id }],
    ];
    for (const [path, body] of refusals) {
      const viewer = await post(path, body, 'viewer');
      expect(viewer.statusCode, path).toBe(403);
      expect(viewer.json().message).toBe('Viewers can follow the running order but not change it.');
      expect((await post(path, body, 'outsider')).statusCode, path).toBe(403);
      expect((await call(t.app, 'POST', url(path), { body })).statusCode, path).toBe(401);
      const noCsrf = await call(t.app, 'POST', url(path), { ...as('owner'), body, csrf: false });
      expect(noCsrf.statusCode, path).toBe(419);
    }
    expect((await read('outsider')).statusCode).toBe(403);
    expect((await call(t.app, 'GET', url())).statusCode).toBe(401);
    // Another band's gig, through this band's token: refused, not changed.
    expect((await post('/next', {}, 'owner', scene.otherGig.token)).statusCode).toBe(403);
    expect((await ok(await read())).version).toBe(0);
    // A system admin may, as on the band page.
    expect(listed(await ok(await post('/next', {}, 'admin'))).current).toBe(set(0));
  });
});

describe('the band’s pages, and only they, hear of a change', () => {
  it('sends each change to the band’s signed-in pages over the live channel, never to the audience', async () => {
    const wsUrl = await listenLive(t.app);
    const tablet = await connect(wsUrl, {}, liveProtocols(scene.people.tokens.viewer));
    const phone = await connect(wsUrl);
    for (const client of [tablet, phone]) {
      client.send({ type: 'subscribe', gig: scene.token });
      expect(await client.next(0)).toMatchObject({ type: 'queue' });
    }
    const guests = audience(t.app, scene.token);
    await guests.accepted(scene.songs[5].id, device(1));
    await ok(await post('/next'));
    await ok(await post('/play-next', { song_id: scene.songs[5].id }));
    // The last thing done is a queue change every page hears: by then the phone heard all it would.
    await bandPage(t.app, scene.token, scene.people).done(scene.songs[5].id, 'played');
    const kinds = (client: LiveClient) =>
      (client.messages as { type: string; change?: { kind: string } }[]).map((m) => m.change?.kind ?? m.type);
    await waitUntil(
      () => kinds(phone).includes('played') && kinds(tablet).filter((k) => k === 'setlist').length === 3,
    );
    expect(kinds(phone)).toEqual(['queue', 'requested', 'played']);
    // The queue's changes and the band's messages travel apart: each in its own order.
    expect(kinds(tablet).filter((kind) => kind !== 'setlist')).toEqual(['queue', 'requested', 'played']);
    const events = tablet.messages.filter(
      (m) => (m as { type: string }).type === 'setlist',
    ) as SetlistEvent[];
    expect(events.map((event) => event.version)).toEqual([1, 2, 3]);
    expect(events[2]).toMatchObject({
      gig: scene.token,
      current: { kind: 'set', song_id: scene.songs[0].id },
      slots: [
        { song_id: scene.songs[5].id, after: scene.songs[0].id, played: true, naziv: scene.songs[5].naziv },
      ],
    });
    // A page that is no member of the band cannot follow the gig to hear it.
    const stranger = await connect(wsUrl, {}, liveProtocols(scene.otherViewer));
    stranger.send({ type: 'subscribe', gig: scene.token });
    expect(await stranger.next(0)).toMatchObject({ type: 'error' });
  });
});

async function waitUntil(check: () => boolean) {
  const until = Date.now() + 5_000;
  while (!check()) {
    if (Date.now() > until) throw new Error('it did not happen');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
