/**
 * Tablets follow the leader (issue 27, point 4): a band tablet's leader messages go over the live
 * channel to the gig's signed-in band pages only (websockets and event streams), never to the
 * audience's phones or the venue screen (anonymous connections); a band page that joins late gets the
 * leader's current song; a second tablet that takes the lead replaces the first. Only a signed-in
 * member of the gig's band (not a viewer) may lead; malformed messages are refused, and nothing breaks.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { liveProtocols } from '../../src/shared/live-protocol.js';
import type { LeadEvent, LeadSong } from '../../src/shared/live-lead.js';
import { call, waitFor } from './helpers.js';
import { connect, type LiveClient, terminateAll } from './live-client.js';
import { closeEventStreams, LiveEventClient } from './live-event-client.js';
import {
  audience,
  buildLiveApp,
  device,
  gigScene,
  type GigScene,
  listenLive,
  type LiveTestApp,
} from './live-gig-fixtures.js';
import type { Who } from './fixtures.js';

let t: LiveTestApp;
let scene: GigScene;
let url: string;

beforeEach(async () => {
  t = await buildLiveApp();
  scene = await gigScene(t.app);
  url = await listenLive(t.app);
});
afterEach(async () => {
  terminateAll();
  closeEventStreams();
  await t.close();
});

const TABLET_A = 'tablet-aaaa-1';
const TABLET_B = 'tablet-bbbb-2';

const songOf = (i = 0): LeadSong => ({
  song_id: scene.songs[i].id,
  naziv: scene.songs[i].naziv,
  performer: 'Bijelo Dugme',
  resource: null,
  resursi: null,
  chart: true,
});

const lead = (tablet: string, extra: Record<string, unknown> = {}) => ({
  type: 'lead',
  gig: scene.token,
  tablet,
  song: songOf(0),
  transpose: 2,
  capo: 1,
  scroll: 0,
  ...extra,
});

/** A page on /ws following the gig: signed in as `who`, or anonymous (a guest's phone, the screen). */
async function page(who?: Who | string, gig = scene.token): Promise<LiveClient> {
  const session = who === undefined ? undefined : (scene.people.tokens[who as Who] ?? who);
  const client = await connect(url, {}, liveProtocols(session));
  client.send({ type: 'subscribe', gig });
  await waitFor(() => client.messages.some((m) => (m as { type: string }).type === 'queue'));
  return client;
}

const leadsOf = (client: { messages: unknown[] }) =>
  client.messages.filter((m) => (m as { type: string }).type === 'lead') as LeadEvent[];
const errorsOf = (client: LiveClient) =>
  client.messages.filter((m) => (m as { type: string }).type === 'error') as { code: string }[];

/** A ping answered: whatever the server sent this client before handling it has arrived. */
async function roundTrip(client: LiveClient) {
  const pongs = () => client.messages.filter((m) => (m as { type: string }).type === 'pong').length;
  const before = pongs();
  client.send({ type: 'ping' });
  await waitFor(() => pongs() > before);
}

describe('the leader’s messages', () => {
  it('reach the band’s signed-in pages of the gig, never the audience or the screen', async () => {
    const leader = await page('owner');
    const follower = await page('owner');
    const viewer = await page('viewer');
    const admin = await page('admin');
    const guest = await page();
    const screen = await page();
    const otherBand = await page('outsider', scene.otherGig.token);
    const streamFollower = await LiveEventClient.open(
      url.replace(/^ws/, 'http').replace(/\/ws$/, ''),
      scene.token,
      {
        session: scene.people.tokens.owner,
      },
    );
    const streamGuest = await LiveEventClient.open(
      url.replace(/^ws/, 'http').replace(/\/ws$/, ''),
      scene.token,
    );
    await streamFollower.received(1);
    await streamGuest.received(1);

    leader.send(lead(TABLET_A, { take: true }));
    for (const band of [follower, viewer, admin]) await waitFor(() => leadsOf(band).length === 1);
    await streamFollower.until(() => leadsOf(streamFollower).length === 1, 'the lead over the stream');
    expect(leadsOf(follower)[0]).toMatchObject({
      type: 'lead',
      gig: scene.token,
      tablet: TABLET_A,
      song: songOf(0),
      transpose: 2,
      capo: 1,
      scroll: 0,
    });
    expect(leadsOf(streamFollower)[0]).toEqual(leadsOf(follower)[0]);

    // The anonymous pages follow the gig (a request reaches them), yet got no leader message.
    await audience(t.app, scene.token).accepted(scene.songs[1].id, device(1));
    for (const anonymous of [guest, screen])
      await waitFor(() => anonymous.messages.some((m) => (m as { type: string }).type === 'change'));
    await streamGuest.until(() => streamGuest.messages.some((m) => m.type === 'change'), 'the change');
    await Promise.all([guest, screen, otherBand].map(roundTrip));
    for (const other of [guest, screen, otherBand]) expect(leadsOf(other)).toEqual([]);
    expect(leadsOf(streamGuest)).toEqual([]);
  });

  it('carry the scroll, and closing the song; a page that joins late gets the current song', async () => {
    const leader = await page('owner');
    const follower = await page('owner');
    leader.send(lead(TABLET_A, { take: true }));
    leader.send(lead(TABLET_A, { scroll: 0.5 }));
    await waitFor(() => leadsOf(follower).length === 2);
    expect(leadsOf(follower)[1]).toMatchObject({ tablet: TABLET_A, scroll: 0.5 });

    const late = await page('owner');
    await waitFor(() => leadsOf(late).length === 1);
    expect(leadsOf(late)[0]).toMatchObject({ tablet: TABLET_A, song: songOf(0), transpose: 2, scroll: 0.5 });
    // The queue first, then the leader's song.
    const types = late.messages.map((m) => (m as { type: string }).type);
    expect(types.indexOf('queue')).toBeLessThan(types.indexOf('lead'));

    leader.send(lead(TABLET_A, { song: null }));
    await waitFor(() => leadsOf(follower).length === 3);
    expect(leadsOf(follower)[2]).toMatchObject({ tablet: TABLET_A, song: null });
  });

  it('come from the last tablet that took the lead; the first is told, and its messages change nothing', async () => {
    const first = await page('owner');
    const second = await page('owner');
    const follower = await page('owner');
    first.send(lead(TABLET_A, { take: true }));
    await waitFor(() => leadsOf(follower).length === 1);
    second.send(lead(TABLET_B, { take: true, song: songOf(2), transpose: -1 }));
    await waitFor(() => leadsOf(first).some((event) => event.tablet === TABLET_B));
    await waitFor(() => leadsOf(follower).length === 2);

    // The first, not yet aware, scrolls: nothing changes, and it is told who leads.
    const heard = leadsOf(first).length;
    first.send(lead(TABLET_A, { scroll: 0.9 }));
    await waitFor(() => leadsOf(first).length === heard + 1);
    expect(leadsOf(first).at(-1)).toMatchObject({ tablet: TABLET_B, song: songOf(2), transpose: -1 });
    await roundTrip(follower);
    expect(leadsOf(follower)).toHaveLength(2);

    // Released: nobody leads, and a page that joins now gets no song.
    second.send(lead(TABLET_B, { release: true }));
    await waitFor(() => leadsOf(follower).length === 3);
    expect(leadsOf(follower)[2]).toMatchObject({ tablet: null });
    const late = await page('owner');
    await roundTrip(late);
    expect(leadsOf(late)).toEqual([]);
  });
});

describe('refused', () => {
  it('from viewers, guests and other bands; malformed messages; the server goes on', async () => {
    const follower = await page('owner');
    const viewer = await page('viewer');
    const guest = await page();
    const outsider = await connect(url, {}, liveProtocols(scene.people.tokens.outsider));
    const owner = await page('owner');
    for (const sender of [viewer, guest, outsider]) {
      sender.send(lead(TABLET_A, { take: true }));
      await waitFor(() => errorsOf(sender).length === 1);
      expect(errorsOf(sender)[0].code).toBe('lead_band_only');
    }
    const malformed = [
      lead(TABLET_A, { scroll: 2 }),
      lead(TABLET_A, { transpose: 40 }),
      lead('x', { take: true }),
      lead(TABLET_A, { gig: 'no' }),
      lead(TABLET_A, { take: 'yes' }),
      lead(TABLET_A, { song: { ...songOf(0), resursi: 'javascript:alert(1)' } }),
      lead(TABLET_A, { song: { song_id: 'one' } }),
      lead(TABLET_A, { song: 'Đurđevdan' }),
      { type: 'lead' },
    ];
    for (const [i, message] of malformed.entries()) {
      owner.send(message);
      await waitFor(() => errorsOf(owner).length === i + 1);
    }
    expect(errorsOf(owner).every((error) => error.code === 'lead_malformed')).toBe(true);
    await roundTrip(follower);
    expect(leadsOf(follower)).toEqual([]);

    // Still serving: a well-formed message from a band member goes through.
    owner.send(lead(TABLET_A, { take: true }));
    await waitFor(() => leadsOf(follower).length === 1);
  });

  it('over HTTP (the event stream’s way) under the same rule', async () => {
    const follower = await page('owner');
    const path = `/api/admin/live/${scene.token}/lead`;
    const body = { tablet: TABLET_A, take: true, song: songOf(1), transpose: 0, capo: 0, scroll: 0 };
    const viewer = await call(t.app, 'POST', path, { token: scene.people.tokens.viewer, body });
    expect(viewer.statusCode).toBe(403);
    expect(viewer.json().code).toBe('lead_band_only');
    expect((await call(t.app, 'POST', path, { body })).statusCode).toBe(401);
    const other = await call(t.app, 'POST', path, { token: scene.people.tokens.outsider, body });
    expect(other.statusCode).toBe(403);
    const noCsrf = await call(t.app, 'POST', path, { token: scene.people.tokens.owner, body, csrf: false });
    expect(noCsrf.statusCode).toBe(419);
    const bad = await call(t.app, 'POST', path, {
      token: scene.people.tokens.owner,
      body: { ...body, scroll: -1 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('lead_malformed');
    await roundTrip(follower);
    expect(leadsOf(follower)).toEqual([]);

    const sent = await call(t.app, 'POST', path, { token: scene.people.tokens.owner, body });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toMatchObject({ success: true, leading: true });
    await waitFor(() => leadsOf(follower).length === 1);
    expect(leadsOf(follower)[0]).toMatchObject({ tablet: TABLET_A, song: songOf(1) });
  });
});
