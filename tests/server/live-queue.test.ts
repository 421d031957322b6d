/**
 * The band's side of a live gig (issue "Live gig night"): the live queue by the gig's token, who may
 * read and change it, grouping of requests by song, played/declined, moving songs, pausing, and the
 * summary after the show.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEVICE_COOLDOWN_SECONDS } from '../../src/shared/constants.js';
import { call } from './helpers.js';
import type { Who } from './fixtures.js';
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
} from './live-gig-fixtures.js';

const MINUTES = 2;

let t: LiveTestApp;
let scene: GigScene;
let fans: Audience;
let band: BandPage;

beforeEach(async () => {
  // The venues' zone (TIME_ZONE): the after-show report's times are written in it.
  t = await buildLiveApp({ config: { timeZone: 'Europe/Belgrade' } });
  scene = await gigScene(t.app, { razmakpesme: 1, razmakvreme: MINUTES });
  fans = audience(t.app, scene.token);
  band = bandPage(t.app, scene.token, scene.people);
});
afterEach(() => t.close());

const song = (i: number) => scene.songs[i];

/** Who calls: the seeded people, band B's viewer, or nobody. */
type Caller = Who | 'otherViewer' | 'anonymous';
const as = (caller: Caller): Who | { token: string } | undefined =>
  caller === 'anonymous' ? undefined : caller === 'otherViewer' ? { token: scene.otherViewer } : caller;

async function statusRow() {
  const row = await t.app.db
    .selectFrom('gigs')
    .select('status')
    .where('id', '=', scene.gigId)
    .executeTakeFirstOrThrow();
  return Number(row.status);
}

// ---------------------------------------------------------------------------------------------

describe('access to the band endpoints', () => {
  it('GET /api/admin/live/:token: the gig’s band (band admin, viewer) and system admins; 401 without a token, 403 for other bands', async () => {
    const cases: [Caller, number, boolean?][] = [
      ['anonymous', 401],
      ['owner', 200, true],
      ['viewer', 200, false],
      ['admin', 200, true],
      ['outsider', 403],
      ['otherViewer', 403],
      ['bandless', 403],
    ];
    for (const [caller, status, canEdit] of cases) {
      const response = await band.get(as(caller));
      expect(response.statusCode, `${caller}: ${response.body}`).toBe(status);
      if (status === 200) expect(response.json().can_edit, caller).toBe(canEdit);
      else expect(response.json().message, caller).toEqual(expect.any(String));
    }
    expect((await band.get(undefined)).json()).toMatchObject({ login: true });
  });

  it('answers the gig, the queue version, the queue and the notifications setting', async () => {
    const live = await band.read('viewer');
    expect(live).toEqual({
      gig: {
        id: scene.gigId,
        naziv: 'Svadba Petrović',
        lokacija: 'Hotel Šumadija, Kragujevac',
        pocetak: '2026-11-21T20:00',
        active: true,
        token: scene.token,
        band_naziv: 'Band A',
        allow_messages: false,
      },
      version: 0,
      queue: [],
      pace: { gap_seconds: null, default_seconds: 240, out_of_turn: false },
      messages: [],
      can_edit: false,
      notifications: true,
    });
    const off = await call(t.app, 'POST', '/api/admin/system-settings', {
      token: scene.people.tokens.admin,
      body: { settings: { enable_notifications: false } },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect((await band.read()).notifications).toBe(false);
  });

  it('answers 404 for a token no gig has (after signing in), 422 for one that cannot be a token', async () => {
    for (const who of ['admin', 'owner'] as const) {
      expect((await band.get(who, 'no-such-gig-token-123')).statusCode).toBe(404);
      expect((await band.act(song(0).id, 'played', who, 'no-such-gig-token-123')).statusCode).toBe(404);
      expect((await band.setActive(false, who, 'no-such-gig-token-123')).statusCode).toBe(404);
    }
    expect((await band.get(undefined, 'no-such-gig-token-123')).statusCode).toBe(401);
    expect((await band.get('owner', 'short')).statusCode).toBe(422);
  });

  it('lets only the band’s band admins and system admins change the queue; the others change nothing', async () => {
    const [a, b] = [song(0).id, song(1).id];
    await fans.accepted(a, device(1));
    await fans.accepted(b, device(2));
    const before = await band.read();
    const refusals: [Caller, number][] = [
      ['anonymous', 401],
      ['viewer', 403],
      ['outsider', 403],
      ['otherViewer', 403],
      ['bandless', 403],
    ];
    for (const [caller, status] of refusals) {
      for (const action of ['played', 'declined', 'up', 'down'] as const) {
        const target = action === 'up' ? b : a;
        const response = await band.act(target, action, as(caller));
        expect(response.statusCode, `${caller} ${action}: ${response.body}`).toBe(status);
      }
      const pause = await band.setActive(false, as(caller));
      expect(pause.statusCode, `${caller} pause: ${pause.body}`).toBe(status);
    }
    expect(await band.read()).toEqual(before);
    expect(await statusRow()).toBe(1);
    expect((await fans.mineOf(device(1)))[0].status).toBe('waiting');

    // The band admin and a system admin may.
    expect((await band.act(b, 'up', 'owner')).statusCode).toBe(200);
    expect((await band.act(b, 'down', 'admin')).statusCode).toBe(200);
    expect((await band.act(a, 'played', 'admin')).statusCode).toBe(200);
    expect((await band.setActive(false, 'admin')).statusCode).toBe(200);
    expect((await band.setActive(true, 'owner')).statusCode).toBe(200);
    expect((await band.act(b, 'declined', 'owner')).statusCode).toBe(200);
  });

  it('answers 419 to a change without the CSRF cookie and header', async () => {
    await fans.accepted(song(0).id, device(1));
    const response = await call(t.app, 'POST', `/api/admin/live/${scene.token}/songs/${song(0).id}/played`, {
      token: scene.people.tokens.owner,
      csrf: false,
    });
    expect(response.statusCode).toBe(419);
    expect((await band.read()).queue).toHaveLength(1);
  });

  it('GET /api/admin/gig/:id/requests-summary: the gig’s band and system admins', async () => {
    const cases: [Caller, number][] = [
      ['anonymous', 401],
      ['owner', 200],
      ['viewer', 200],
      ['admin', 200],
      ['outsider', 403],
      ['otherViewer', 403],
      ['bandless', 403],
    ];
    for (const [caller, status] of cases) {
      const response = await band.summary(scene.gigId, as(caller));
      expect(response.statusCode, `${caller}: ${response.body}`).toBe(status);
    }
    expect((await band.summary(999_999, 'admin')).statusCode).toBe(404);
    // Band B's own gig is theirs.
    expect((await band.summary(scene.otherGig.id, 'outsider')).statusCode).toBe(200);
    expect((await band.summary(scene.otherGig.id, as('otherViewer'))).statusCode).toBe(200);
    expect((await band.summary(scene.otherGig.id, 'owner')).statusCode).toBe(403);
  });

  it('lets band B follow and change its own gig and not band A’s', async () => {
    const other = bandPage(t.app, scene.otherGig.token, scene.people);
    await fans.accepted(scene.otherGig.song, device(1), { gig: scene.otherGig.token });
    expect((await other.get({ token: scene.otherViewer })).statusCode).toBe(200);
    expect((await other.get('owner')).statusCode).toBe(403);
    expect((await other.act(scene.otherGig.song, 'played', 'owner')).statusCode).toBe(403);
    expect((await other.act(scene.otherGig.song, 'played', 'outsider')).statusCode).toBe(200);
  });
});

// ---------------------------------------------------------------------------------------------

describe('the queue', () => {
  it('groups the waiting requests of a song into one entry with their count, in the order songs were first asked for', async () => {
    const [a, b] = [song(0), song(1)];
    const first = await fans.accepted(a.id, device(1));
    t.clock.advanceSeconds(10);
    await fans.accepted(b.id, device(2));
    t.clock.advanceMinutes(MINUTES);
    const second = await fans.accepted(a.id, device(3));

    const live = await band.read();
    expect(live.queue).toEqual([
      {
        song_id: a.id,
        naziv: a.naziv,
        performer: 'Bijelo Dugme',
        count: 2,
        first_at: first.request.created_at,
        last_at: second.request.created_at,
        trajanje: null,
        resource: null,
        resursi: null,
        chart: false,
      },
      {
        song_id: b.id,
        naziv: b.naziv,
        performer: 'Bijelo Dugme',
        count: 1,
        first_at: '2026-11-21T20:00:10.000Z',
        last_at: '2026-11-21T20:00:10.000Z',
        trajanje: null,
        resource: null,
        resursi: null,
        chart: false,
      },
    ]);
    expect(live.version).toBe(3);
    // The audience sees the same queue, without the band's resources.
    expect((await fans.page()).json().queue).toEqual(
      live.queue.map(({ resource: _resource, resursi: _resursi, chart: _chart, ...entry }) => entry),
    );
  });

  it('gives the band each song’s resource file and link (the stage view); never the audience', async () => {
    const [a, b] = [song(0), song(1)];
    await t.app.db
      .updateTable('songs')
      .set({ resource_file: 'chords-zazmuri.pdf', resursi: 'https://example.com/zazmuri' })
      .where('id', '=', a.id)
      .execute();
    await fans.accepted(a.id, device(1));
    await fans.accepted(b.id, device(2));

    const live = await band.read('viewer');
    expect(live.queue).toEqual([
      expect.objectContaining({
        song_id: a.id,
        resource: '/uploads/chords-zazmuri.pdf',
        resursi: 'https://example.com/zazmuri',
      }),
      expect.objectContaining({ song_id: b.id, resource: null, resursi: null }),
    ]);
    // An action's answer carries them too, so the band page keeps them.
    const done = await band.done(b.id, 'up');
    expect(done.queue[0]).toMatchObject({ song_id: b.id, resource: null, resursi: null });
    expect(done.queue[1]).toMatchObject({ song_id: a.id, resource: '/uploads/chords-zazmuri.pdf' });

    // The audience's answers say nothing of them.
    const page = await fans.page();
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('chords-zazmuri');
    expect(page.body).not.toContain('example.com/zazmuri');
    for (const entry of page.json().queue) {
      expect(entry).not.toHaveProperty('resource');
      expect(entry).not.toHaveProperty('resursi');
    }
    const more = await fans.accepted(a.id, device(3));
    expect(JSON.stringify(more)).not.toContain('chords-zazmuri');
  });

  it('marks every waiting request of a song played; the requesters see it; the song leaves the queue', async () => {
    const [a, b] = [song(0).id, song(1).id];
    const r1 = await fans.accepted(a, device(1));
    await fans.accepted(b, device(2));
    t.clock.advanceMinutes(MINUTES);
    const r3 = await fans.accepted(a, device(3));
    const version = (await band.read()).version;

    const done = await band.done(a, 'played');
    expect(done).toEqual({
      success: true,
      version: version + 1,
      active: true,
      queue: [expect.objectContaining({ song_id: b })],
      // One song played: no pace of the gig's own yet; it was first in the queue (issue 29).
      pace: { gap_seconds: null, default_seconds: 240, out_of_turn: false },
    });
    expect(await band.read()).toMatchObject({ version: version + 1, queue: done.queue });
    for (const [who, request] of [
      [device(1), r1],
      [device(3), r3],
    ] as const)
      expect(await fans.mineOf(who)).toEqual([{ ...request.request, status: 'played' }]);
    expect((await fans.mineOf(device(2)))[0].status).toBe('waiting');

    const rows = await t.app.db.selectFrom('song_requests').select(['id', 'status', 'updated_at']).execute();
    expect(
      rows
        .filter((row) => row.status === 'played')
        .map((row) => row.id)
        .sort(),
    ).toEqual([r1.request.id, r3.request.id].sort());
    expect(rows.find((row) => row.id === r1.request.id)?.updated_at).toBe(t.clock().toISOString());

    // Nothing of that song waits now.
    const again = await band.act(a, 'played', 'owner');
    expect(again.statusCode).toBe(404);
    expect((await band.read()).version).toBe(version + 1);
  });

  it('marks every waiting request of a song declined', async () => {
    const [a, b] = [song(0).id, song(1).id];
    await fans.accepted(a, device(1));
    await fans.accepted(b, device(2));
    const done = await band.done(a, 'declined');
    expect(order(done.queue)).toEqual([b]);
    expect((await fans.mineOf(device(1)))[0].status).toBe('declined');
    expect((await fans.mineOf(device(2)))[0].status).toBe('waiting');
    expect((await band.act(a, 'declined', 'owner')).statusCode).toBe(404);
  });

  it('puts a song asked for again after it was played at the end, as a new entry', async () => {
    const [a, b, c] = [song(0).id, song(1).id, song(2).id];
    await fans.accepted(a, device(1));
    await fans.accepted(b, device(2));
    await band.done(a, 'played');
    await fans.accepted(c, device(3));
    t.clock.advanceMinutes(MINUTES);
    await fans.accepted(a, device(4));
    const { queue } = await band.read();
    expect(order(queue)).toEqual([b, c, a]);
    expect(queue[2]).toMatchObject({ count: 1, first_at: t.clock().toISOString() });
  });

  it('moves a song up and down past its neighbour; not past either end', async () => {
    const [a, b, c] = [song(0).id, song(1).id, song(2).id];
    await fans.accepted(a, device(1));
    await fans.accepted(b, device(2));
    await fans.accepted(c, device(3));
    let version = (await band.read()).version;

    const steps: [number, 'up' | 'down', number[]][] = [
      [c, 'up', [a, c, b]],
      [c, 'up', [c, a, b]],
      [a, 'down', [c, b, a]],
      [c, 'down', [b, c, a]],
    ];
    for (const [target, action, expected] of steps) {
      const done = await band.done(target, action);
      version += 1;
      expect(order(done.queue), `${target} ${action}`).toEqual(expected);
      expect(done.version).toBe(version);
      expect(order((await fans.page()).json().queue)).toEqual(expected);
    }

    for (const [target, action] of [
      [b, 'up'],
      [a, 'down'],
      [song(5).id, 'up'],
      [scene.offList, 'down'],
    ] as const) {
      const response = await band.act(target, action, 'owner');
      expect(response.statusCode, `${target} ${action}`).toBe(404);
    }
    expect(await band.read()).toMatchObject({
      version,
      queue: [{ song_id: b }, { song_id: c }, { song_id: a }],
    });
  });

  it('keeps a moved song’s place when more people ask for it', async () => {
    const [a, b] = [song(0).id, song(1).id];
    await fans.accepted(a, device(1));
    await fans.accepted(b, device(2));
    await band.done(b, 'up');
    t.clock.advanceMinutes(MINUTES);
    await fans.accepted(song(2).id, device(3));
    await fans.accepted(b, device(4));
    const { queue } = await band.read();
    expect(queue.map((entry) => [entry.song_id, entry.count])).toEqual([
      [b, 2],
      [a, 1],
      [song(2).id, 1],
    ]);
  });

  it('answers 422 for an action that does not exist', async () => {
    await fans.accepted(song(0).id, device(1));
    const response = await call(t.app, 'POST', `/api/admin/live/${scene.token}/songs/${song(0).id}/skip`, {
      token: scene.people.tokens.owner,
    });
    expect(response.statusCode).toBe(422);
  });
});

// ---------------------------------------------------------------------------------------------

describe('pausing requests', () => {
  it('POST /active {active:false} closes requests, keeps the queue workable, and {active:true} opens them again', async () => {
    const [a, b, c] = [song(0).id, song(1).id, song(2).id];
    await fans.accepted(a, device(1));
    await fans.accepted(b, device(2));
    const version = (await band.read()).version;

    const paused = await band.setActive(false, 'owner');
    expect(paused.statusCode, paused.body).toBe(200);
    expect(paused.json()).toEqual({
      success: true,
      active: false,
      version: version + 1,
      queue: [expect.objectContaining({ song_id: a }), expect.objectContaining({ song_id: b })],
      pace: { gap_seconds: null, default_seconds: 240, out_of_turn: false },
    });
    expect(await statusRow()).toBe(0);
    expect((await band.read()).gig.active).toBe(false);
    expect((await fans.page()).json().gig.active).toBe(false);

    const closed = await fans.request(c, device(3));
    expect(closed.statusCode).toBe(409);
    expect(closed.json().reason).toBe('closed');

    // The band still plays what waits.
    expect(order((await band.done(a, 'played')).queue)).toEqual([b]);

    const resumed = await band.setActive(true, 'owner');
    expect(resumed.json()).toMatchObject({ success: true, active: true, version: version + 3 });
    expect(await statusRow()).toBe(1);
    await fans.accepted(c, device(3));
  });

  it('answers 422 without a boolean active', async () => {
    for (const body of [{}, { active: 'no' }, { active: [true, false] }]) {
      const response = await call(t.app, 'POST', `/api/admin/live/${scene.token}/active`, {
        token: scene.people.tokens.owner,
        body,
      });
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
    }
    expect(await statusRow()).toBe(1);
  });
});

// ---------------------------------------------------------------------------------------------

describe('the after-show report', () => {
  it('downloads each request as CSV: time, song, performer, status, how many asked', async () => {
    const [a, b] = scene.songs;
    await fans.accepted(a.id, device(1));
    await fans.accepted(b.id, device(3));
    t.clock.advanceMinutes(MINUTES);
    await fans.accepted(a.id, device(2));
    await band.done(a.id, 'played');
    const response = await call(t.app, 'GET', `/api/admin/gig/${scene.gigId}/report.csv`, {
      token: scene.people.tokens.viewer,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    const lines = response.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('Time,Song,Performer,Status,How many asked,Message');
    expect(lines).toHaveLength(4);
    // 20:00 UTC is 21:00 in Belgrade in November: the venue's wall clock, as a spreadsheet sorts it.
    expect(lines[1]).toMatch(new RegExp(`^2026-11-21 21:00:00,${a.naziv},[^,]*,played,2,$`));
    expect(lines[2]).toMatch(new RegExp(`,${b.naziv},[^,]*,waiting,1,$`));
    expect(lines[3]).toMatch(new RegExp(`,${a.naziv},[^,]*,played,2,$`));
    const outsider = await call(t.app, 'GET', `/api/admin/gig/${scene.gigId}/report.csv`, {
      token: scene.people.tokens.outsider,
    });
    expect(outsider.statusCode).toBe(403);
  });
});

describe('the summary after the show', () => {
  it('counts the gig’s requests by how they ended and names the most requested songs', async () => {
    const empty = await band.summary(scene.gigId, 'owner');
    expect(empty.json()).toEqual({ total: 0, played: 0, declined: 0, waiting: 0, top: [], timeline: [] });

    const [a, b, c, d, e, f] = scene.songs;
    // Round 1: every song once (each from its own phone).
    for (const [i, s] of [a, b, c, d, e, f].entries()) await fans.accepted(s.id, device(i + 1));
    // Round 2: a, b, c again; round 3: a again.
    t.clock.advanceMinutes(MINUTES);
    for (const [i, s] of [a, b, c].entries()) await fans.accepted(s.id, device(10 + i));
    t.clock.advanceMinutes(MINUTES);
    await fans.accepted(a.id, device(20));
    t.clock.advanceSeconds(DEVICE_COOLDOWN_SECONDS);

    await band.done(a.id, 'played'); // 3 requests
    await band.done(b.id, 'declined'); // 2 requests
    // Another gig's requests do not count.
    await fans.accepted(scene.otherGig.song, device(1), { gig: scene.otherGig.token });

    const summary = await band.summary(scene.gigId, 'viewer');
    // Requests per quarter hour, for the chart: every request of this gig in some quarter.
    const { timeline } = summary.json() as { timeline: { at: string; count: number }[] };
    expect(timeline[0].at).toBe('2026-11-21T20:00:00.000Z');
    expect(timeline.reduce((sum, bucket) => sum + bucket.count, 0)).toBe(10);
    expect(summary.json()).toEqual({
      timeline,
      total: 10,
      played: 3,
      declined: 2,
      waiting: 5,
      // By count, then by name; five at most.
      top: [
        { id: a.id, naziv: a.naziv, count: 3 },
        { id: b.id, naziv: b.naziv, count: 2 },
        { id: c.id, naziv: c.naziv, count: 2 },
        ...[d, e, f]
          .sort((x, y) => x.naziv.localeCompare(y.naziv))
          .slice(0, 2)
          .map((s) => ({ id: s.id, naziv: s.naziv, count: 1 })),
      ],
    });
  });
});
