/**
 * Issue 28, point 2: the panel's topic on the live channel. A band's signed-in admins hear which of
 * their band's items were added, changed or deleted, and who of them has which item open; a system
 * admin hears every band's; another band, a viewer and the audience hear nothing of it. Over /ws and
 * the event stream, and (with Redis) from another server process.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { liveProtocols } from '../../src/shared/live-protocol.js';
import type { PanelEvent } from '../../src/shared/panel-live.js';
import type { App } from '../../src/server/app.js';
import { postForm, type People, seedPeople } from './fixtures.js';
import { buildTestApp, call, createUser, login, type TestApp } from './helpers.js';
import { connect, type LiveClient, terminateAll } from './live-client.js';
import { closeEventStreams } from './live-event-client.js';
import { listenLive } from './live-gig-fixtures.js';

let t: TestApp | undefined;
afterEach(async () => {
  terminateAll();
  closeEventStreams();
  await t?.close();
  t = undefined;
});

interface Scene {
  app: App;
  ws: string;
  base: string;
  people: People;
  /** A second admin of band A (the owner's bandmate). */
  mate: string;
}

async function start(redisUrl?: string): Promise<Scene> {
  t = await buildTestApp(redisUrl ? { redisUrl } : {});
  const people = await seedPeople(t.app);
  const user = await createUser(t.app, {
    email: 'mate@test.local',
    role: 'band_admin',
    bandId: people.bandA,
    name: 'Ana',
  });
  const mate = await login(t.app, user.email, 'user-password-1');
  performers.clear();
  for (const token of [people.tokens.owner, people.tokens.outsider]) {
    const answer = await postForm(t.app, '/api/admin/addperformer', { title: 'Izvođač' }, { token });
    performers.set(token, String((answer.json() as { id: number }).id));
  }
  performers.set(mate, performers.get(people.tokens.owner)!);
  const ws = await listenLive(t.app);
  return { app: t.app, ws, base: ws.replace('ws://', 'http://').replace(/\/ws$/, ''), people, mate };
}

/** A panel page over /ws, signed in with `session`, at the edit screen `at` (or none). */
async function panelPage(ws: string, session: string, at: string | null = null) {
  const client = await connect(ws, {}, liveProtocols(session));
  const index = client.messages.length;
  client.send({ type: 'panel', at });
  expect(await client.next(index)).toEqual({ type: 'panel' });
  return client;
}

/** Waits for the first message after `from` that `match` accepts, and answers it. */
async function heard(client: LiveClient, match: (event: PanelEvent) => boolean, from = 0) {
  for (let index = from; ; index += 1) {
    const event = (await client.next(index)) as PanelEvent;
    if (match(event)) return event;
  }
}

const changes = (client: LiveClient) =>
  (client.messages as PanelEvent[]).filter((event) => event.type === 'changed');

/** Each band's performer, made before any page listens (a song needs one). */
const performers = new Map<string, string>();

const addSong = async (app: App, token: string, title: string) => {
  const performer = performers.get(token);
  const answer = await postForm(app, '/api/admin/addsong', { title, performer, visible: '1' }, { token });
  expect(answer.statusCode, answer.body).toBe(200);
  return (answer.json() as { id: number }).id;
};

describe("the panel's topic", () => {
  it("tells a band's admins and the system admins of the band's changes, and no other band", async () => {
    const s = await start();
    const { tokens } = s.people;
    const mate = await panelPage(s.ws, s.mate);
    const admin = await panelPage(s.ws, tokens.admin);
    const outsider = await panelPage(s.ws, tokens.outsider);

    const song = await addSong(s.app, tokens.owner, 'Kiša pada');
    const added = { type: 'changed', resource: 'songs', ids: [song] };
    expect(await heard(mate, (event) => event.type === 'changed')).toEqual(added);
    expect(await heard(admin, (event) => event.type === 'changed')).toEqual(added);

    // Band B's own change is the first it hears: band A's never reached it.
    const theirs = await addSong(s.app, tokens.outsider, 'Tuđa pesma');
    expect(await heard(outsider, (event) => event.type === 'changed')).toEqual({
      type: 'changed',
      resource: 'songs',
      ids: [theirs],
    });
    expect(changes(outsider)).toHaveLength(1);

    // An update and a delete too; a performer is its own list.
    const form = { title: 'Kiša pada jače', performer: performers.get(tokens.owner), visible: '1' };
    expect(
      (await postForm(s.app, `/api/admin/song/${song}/update`, form, { token: tokens.owner })).statusCode,
    ).toBe(200);
    expect(
      (await call(s.app, 'GET', `/api/admin/song/${song}/delete`, { token: tokens.owner })).statusCode,
    ).toBe(200);
    const performer = await postForm(
      s.app,
      '/api/admin/addperformer',
      { title: 'Bajaga' },
      { token: s.mate },
    );
    expect(performer.statusCode).toBe(200);
    await heard(mate, (event) => event.type === 'changed' && event.resource === 'performers');
    expect(changes(mate).map((event) => [event.type === 'changed' && event.resource, event])).toEqual([
      ['songs', added],
      ['songs', { ...added, ids: [song] }],
      ['songs', { ...added, ids: [song] }],
      [
        'performers',
        { type: 'changed', resource: 'performers', ids: [(performer.json() as { id: number }).id] },
      ],
    ]);
    // The system admins' lists (users, bands) reach system admins only.
    const band = await postForm(s.app, '/api/admin/addband', { naziv: 'Band C' }, { token: tokens.admin });
    expect(band.statusCode, band.body).toBe(200);
    expect(await heard(admin, (event) => event.type === 'changed' && event.resource === 'bands')).toEqual({
      type: 'changed',
      resource: 'bands',
      ids: [],
    });
    const last = await addSong(s.app, tokens.owner, 'Poslednja');
    expect(await heard(mate, (event) => event.type === 'changed' && event.ids[0] === last)).toBeTruthy();
    expect(changes(mate).some((event) => event.type === 'changed' && event.resource === 'bands')).toBe(false);
  });

  it('is closed to the audience and to viewers, over /ws and the event stream', async () => {
    const s = await start();
    const phone = await connect(s.ws);
    phone.send({ type: 'panel', at: null });
    expect(await phone.next(0)).toMatchObject({ type: 'error', code: 'unauthenticated' });
    const viewer = await connect(s.ws, {}, liveProtocols(s.people.tokens.viewer));
    viewer.send({ type: 'panel', at: null });
    expect(await viewer.next(0)).toMatchObject({ type: 'error', code: 'forbidden' });

    const stream = (session?: string) =>
      fetch(`${s.base}/api/live/panel/events`, {
        headers: { accept: 'text/event-stream', ...(session ? { authorization: `Bearer ${session}` } : {}) },
      });
    expect((await stream()).status).toBe(401);
    expect((await stream('not-a-session-token')).status).toBe(401);
    expect((await stream(s.people.tokens.viewer)).status).toBe(403);

    // Neither of them hears a change.
    const mate = await panelPage(s.ws, s.mate);
    const song = await addSong(s.app, s.people.tokens.owner, 'Samo za bend');
    await heard(mate, (event) => event.type === 'changed' && event.ids[0] === song);
    phone.send({ type: 'ping' });
    viewer.send({ type: 'ping' });
    expect(await phone.next(1)).toEqual({ type: 'pong' });
    expect(await viewer.next(1)).toEqual({ type: 'pong' });
  });

  it('shows bandmates on one edit screen each other, and one that closes its tab goes', async () => {
    const s = await start();
    const owner = await panelPage(s.ws, s.people.tokens.owner, 'songs/7');
    const mate = await panelPage(s.ws, s.mate, 'songs/7');
    // The newcomer hears who was there; who was there hears the newcomer.
    const there = await heard(mate, (event) => event.type === 'here' && event.page.name === 'owner');
    expect(there).toMatchObject({ type: 'here', at: 'songs/7', page: { name: 'owner' } });
    const came = await heard(owner, (event) => event.type === 'here' && event.page.name === 'Ana');
    expect(came).toMatchObject({ at: 'songs/7' });

    // Another band's admin on the same address sees nobody of band A; a system admin sees both.
    const outsider = await panelPage(s.ws, s.people.tokens.outsider, 'songs/7');
    const admin = await panelPage(s.ws, s.people.tokens.admin, 'songs/7');
    const names = new Set<string>();
    const others = ['Ana', 'outsider', 'owner'];
    for (let index = 1; !others.every((name) => names.has(name)); index += 1) {
      const event = (await admin.next(index)) as PanelEvent;
      if (event.type === 'here') names.add(event.page.name);
    }
    expect([...names].sort()).toEqual(['Ana', 'System Admin', 'outsider', 'owner']);

    // The mate moves to another song, then closes the tab: the owner sees both.
    mate.send({ type: 'panel', at: 'songs/8' });
    const key = came.type === 'here' ? came.page.key : '';
    expect(
      await heard(
        owner,
        (event) => event.type === 'here' && event.page.key === key && event.at !== 'songs/7',
      ),
    ).toMatchObject({ at: 'songs/8' });
    mate.ws.close();
    expect(
      await heard(owner, (event) => event.type === 'here' && event.page.key === key && event.at === null),
    ).toBeTruthy();
    // The outsider heard no one of band A (nor the system admin, whose place only system admins hear).
    expect(
      (outsider.messages as PanelEvent[]).filter(
        (event) => event.type === 'here' && event.page.name !== 'outsider',
      ),
    ).toEqual([]);
  });

  it('reaches a page on the event stream, its place in the address', async () => {
    const s = await start();
    const owner = await panelPage(s.ws, s.people.tokens.owner, 'playlists/3');
    const response = await fetch(`${s.base}/api/live/panel/events?at=playlists/3`, {
      headers: { accept: 'text/event-stream', authorization: `Bearer ${s.mate}` },
    });
    expect(response.status).toBe(200);
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = '';
    const until = async (part: string) => {
      while (!text.includes(part)) text += (await reader.read()).value ?? '';
    };
    await until('"type":"panel"');
    await until('"name":"owner"');
    const came = await heard(owner, (event) => event.type === 'here' && event.page.name === 'Ana');
    expect(came).toMatchObject({ at: 'playlists/3' });
    const song = await addSong(s.app, s.people.tokens.owner, 'Preko strima');
    await until(`"ids":[${song}]`);
    await reader.cancel();
    const key = came.type === 'here' ? came.page.key : '';
    expect(
      await heard(owner, (event) => event.type === 'here' && event.page.key === key && event.at === null),
    ).toBeTruthy();
  });
});

// Two server processes on one database, told through Redis: two apps here (two-processes.test.ts
// runs real processes for the gigs' channel, which this topic shares its transports with).
describe("the panel's topic across server processes", () => {
  it("reaches a bandmate's page on another process, and the presence too", async () => {
    const s = await start('redis://127.0.0.1:6379');
    const twin = await t!.twin({ redisUrl: 'redis://127.0.0.1:6379' });
    const twinWs = await listenLive(twin);
    const mate = await panelPage(twinWs, s.mate, 'songs/9');
    const outsider = await panelPage(twinWs, s.people.tokens.outsider);
    const owner = await panelPage(s.ws, s.people.tokens.owner, 'songs/9');
    expect(await heard(owner, (event) => event.type === 'here' && event.page.name === 'Ana')).toMatchObject({
      at: 'songs/9',
    });
    const song = await addSong(s.app, s.people.tokens.owner, 'Preko Redisa');
    expect(await heard(mate, (event) => event.type === 'changed')).toEqual({
      type: 'changed',
      resource: 'songs',
      ids: [song],
    });
    // The other process's list answers with the song at once (it forgot what it remembered).
    const list = await call(twin, 'GET', '/api/admin/songs?pg=0', { token: s.mate });
    expect((list.json() as { data: { id: number }[] }).data.map((row) => row.id)).toContain(song);
    const theirs = await addSong(s.app, s.people.tokens.outsider, 'Njihova');
    expect(await heard(outsider, (event) => event.type === 'changed')).toMatchObject({ ids: [theirs] });
    expect(changes(outsider)).toHaveLength(1);
  });
});
