import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { call } from './helpers.js';
import { postForm } from './fixtures.js';
import {
  audience,
  buildLiveApp,
  device,
  type GigScene,
  gigScene,
  type LiveTestApp,
} from './live-gig-fixtures.js';

/**
 * Issue 27, point 2: the stage view's chart and the key a band plays a song in, for the band and for
 * tonight's gig, on SQLite and PostgreSQL.
 */
let t: LiveTestApp;
let scene: GigScene;

const CHART = '{key: G}\n[G]Proljeće na [D]moje rame';

beforeEach(async () => {
  t = await buildLiveApp();
  scene = await gigScene(t.app);
});
afterEach(() => t.close());

const token = (who: 'owner' | 'viewer' | 'outsider') => scene.people.tokens[who];
const song = () => scene.songs[0];
const chartUrl = (songId = song().id, gig = scene.token) => `/api/admin/live/${gig}/songs/${songId}/chart`;
const keyUrl = (songId = song().id, gig = scene.token) => `/api/admin/live/${gig}/songs/${songId}/key`;
const readChart = (who: 'owner' | 'viewer' | 'outsider' = 'owner', url = chartUrl()) =>
  call(t.app, 'GET', url, { token: token(who) });
const setKey = (body: object, who: 'owner' | 'viewer' | 'outsider' = 'owner', url = keyUrl()) =>
  call(t.app, 'POST', url, { token: token(who), body });

async function giveChart() {
  const response = await postForm(
    t.app,
    `/api/admin/song/${song().id}/update`,
    {
      title: song().naziv,
      performer: String(await performerOf()),
      tonalitet: 'G',
      trajanje: '3:30',
      akordi: CHART,
    },
    { token: token('owner') },
  );
  expect(response.statusCode, response.body).toBe(200);
}

async function performerOf() {
  const row = await t.app.db
    .selectFrom('songs')
    .select('performer_id')
    .where('id', '=', song().id)
    .executeTakeFirstOrThrow();
  return row.performer_id!;
}

describe('the stage view’s chart', () => {
  it('answers a song of the gig with its chart and no key yet, to every member of the band', async () => {
    await giveChart();
    for (const who of ['owner', 'viewer'] as const) {
      const response = await readChart(who);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({
        song_id: song().id,
        naziv: song().naziv,
        performer: 'Bijelo Dugme',
        tonalitet: 'G',
        tempo: null,
        trajanje: 210,
        akordi: CHART,
        keys: { band: null, gig: null },
        can_set_band: who === 'owner',
      });
    }
  });

  it('says which queued songs have a chart, without the chart', async () => {
    await giveChart();
    const fans = audience(t.app, scene.token);
    await fans.accepted(song().id, device(1));
    await fans.accepted(scene.songs[1].id, device(2));
    const queue = (
      await call(t.app, 'GET', `/api/admin/live/${scene.token}`, { token: token('viewer') })
    ).json().queue;
    expect(queue.map((entry: { song_id: number; chart: boolean }) => [entry.song_id, entry.chart])).toEqual([
      [song().id, true],
      [scene.songs[1].id, false],
    ]);
    expect(JSON.stringify(queue)).not.toContain('Proljeće');
  });

  it('refuses another band, a song not on the gig, and no one signed in', async () => {
    expect((await readChart('outsider')).statusCode).toBe(403);
    expect((await readChart('owner', chartUrl(scene.offList))).statusCode).toBe(404);
    expect((await readChart('owner', chartUrl(song().id, 'no-such-gig-token'))).statusCode).toBe(404);
    expect((await call(t.app, 'GET', chartUrl())).statusCode).toBe(401);
  });
});

describe('the key a band plays a song in', () => {
  it('is kept for the band, and tonight’s over it for the gig, each forgotten when left out', async () => {
    let response = await setKey({ scope: 'band', transpose: 2, capo: 0 });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ band: { transpose: 2, capo: 0 }, gig: null });
    response = await setKey({ scope: 'band', transpose: -3, capo: 2 });
    expect(response.json()).toEqual({ band: { transpose: -3, capo: 2 }, gig: null });
    response = await setKey({ scope: 'gig', transpose: 5, capo: 0 });
    expect(response.json()).toEqual({ band: { transpose: -3, capo: 2 }, gig: { transpose: 5, capo: 0 } });
    expect((await readChart('viewer')).json().keys).toEqual({
      band: { transpose: -3, capo: 2 },
      gig: { transpose: 5, capo: 0 },
    });
    response = await setKey({ scope: 'gig' });
    expect(response.json()).toEqual({ band: { transpose: -3, capo: 2 }, gig: null });
  });

  it('tonight’s may be set by a viewer (a tablet on stage), the band’s only by a writer', async () => {
    const viewer = await setKey({ scope: 'gig', transpose: 1, capo: 3 }, 'viewer');
    expect(viewer.statusCode, viewer.body).toBe(200);
    expect(viewer.json().gig).toEqual({ transpose: 1, capo: 3 });
    expect((await setKey({ scope: 'band', transpose: 1, capo: 0 }, 'viewer')).statusCode).toBe(403);
    expect((await setKey({ scope: 'gig', transpose: 1, capo: 0 }, 'outsider')).statusCode).toBe(403);
    expect(
      (await setKey({ scope: 'gig', transpose: 1, capo: 0 }, 'owner', keyUrl(scene.offList))).statusCode,
    ).toBe(404);
  });

  it('is another band’s own for the same public song', async () => {
    // Band B's gig plays its own song; band A's keys of other songs change nothing there.
    await setKey({ scope: 'band', transpose: 4, capo: 0 });
    const other = chartUrl(scene.otherGig.song, scene.otherGig.token);
    expect((await readChart('outsider', other)).json().keys).toEqual({ band: null, gig: null });
  });

  it('refuses a key out of range, half a key, and a request without the CSRF token', async () => {
    for (const body of [
      { scope: 'band', transpose: 12, capo: 0 },
      { scope: 'band', transpose: 0, capo: -1 },
      { scope: 'band', transpose: 0, capo: 12 },
      { scope: 'tonight', transpose: 0, capo: 0 },
      { scope: 'gig', transpose: 1 },
      { scope: 'gig', transpose: 1.5, capo: 0 },
    ]) {
      expect((await setKey(body)).statusCode, JSON.stringify(body)).toBe(422);
    }
    const noCsrf = await call(t.app, 'POST', keyUrl(), {
      token: token('owner'),
      body: { scope: 'gig', transpose: 1, capo: 0 },
      csrf: false,
    });
    expect(noCsrf.statusCode).toBe(419);
  });

  it('goes with the song when the song is deleted', async () => {
    await setKey({ scope: 'band', transpose: 2, capo: 0 });
    await setKey({ scope: 'gig', transpose: 3, capo: 0 });
    const deleted = await call(t.app, 'POST', `/api/admin/song/${song().id}/delete?force=1`, {
      token: token('owner'),
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await t.app.db.selectFrom('band_song_keys').selectAll().execute()).toEqual([]);
    expect(await t.app.db.selectFrom('gig_song_keys').selectAll().execute()).toEqual([]);
  });
});
