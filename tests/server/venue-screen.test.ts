/**
 * The venue screen's data (issue 13, point 2): the gig, its link and QR code, up next, just played
 * and tonight's most requested songs, with nothing that tells the guests apart.
 */
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.js';
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
} from './live-gig-fixtures.js';

const PUBLIC_URL = loadConfig({}).publicUrl;

let t: LiveTestApp;
let scene: GigScene;
let fans: Audience;
let band: BandPage;

beforeEach(async () => {
  t = await buildLiveApp();
  scene = await gigScene(t.app);
  fans = audience(t.app, scene.token);
  band = bandPage(t.app, scene.token, scene.people);
});
afterEach(() => t.close());

const song = (i: number) => scene.songs[i].id;
const screenOf = (token = scene.token) =>
  t.app.inject({ method: 'GET', url: `/api/public/gig/${token}/screen` });

interface Screen {
  gig: { naziv: string; active: boolean };
  link: string;
  queue: { song_id: number; count: number }[];
  played: { song_id: number; naziv: string; performer: string | null; at: string }[];
  top: { song_id: number; naziv: string; count: number }[];
}

function decodeQr(image: Buffer) {
  const { width, height, data } = PNG.sync.read(image);
  return jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), width, height)?.data;
}

describe('GET /api/public/gig/{token}/screen', () => {
  it('answers the gig, the band link, up next, just played and the most requested, without an account', async () => {
    await fans.accepted(song(0), device(1));
    await fans.accepted(song(1), device(2));
    await fans.accepted(song(0), device(3));
    await fans.accepted(song(2), device(4));
    t.clock.advanceMinutes(1);
    await band.done(song(1), 'played');
    t.clock.advanceMinutes(1);
    await band.done(song(2), 'declined');

    const response = await screenOf();
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as Screen;
    expect(body.gig).toMatchObject({ naziv: 'Svadba Petrović', active: true });
    expect(body.link).toBe(`${PUBLIC_URL}/r/band-a`);
    expect(body.queue.map((e) => [e.song_id, e.count])).toEqual([[song(0), 2]]);
    expect(body.played).toEqual([
      {
        song_id: song(1),
        naziv: scene.songs[1].naziv,
        performer: 'Bijelo Dugme',
        at: '2026-11-21T20:01:00.000Z',
      },
    ]);
    expect(body.top.map((e) => [e.song_id, e.count])).toEqual([
      [song(0), 2],
      [song(1), 1],
      [song(2), 1],
    ]);
    for (let i = 1; i <= 4; i++) expect(response.body).not.toContain(device(i));
    expect(response.body).not.toContain('ip');
  });

  it('lists the played songs newest first, each once', async () => {
    for (const [i, n] of [
      [0, 1],
      [1, 2],
      [2, 3],
      [3, 4],
    ]) {
      await fans.accepted(song(i), device(n));
      await fans.accepted(song(i), device(n + 10));
      t.clock.advanceMinutes(1);
      await band.done(song(i), 'played');
    }
    const body = (await screenOf()).json() as Screen;
    expect(body.played.map((p) => p.song_id)).toEqual([song(3), song(2), song(1)]);
  });

  it('links to the gig itself while the band link leads elsewhere (a paused gig)', async () => {
    expect((await band.setActive(false, 'owner')).statusCode).toBe(200);
    const body = (await screenOf()).json() as Screen;
    expect(body.gig.active).toBe(false);
    expect(body.link).toBe(`${PUBLIC_URL}/g/${scene.token}`);
  });

  it('answers 404 for a token no gig has', async () => {
    expect((await screenOf('no-such-gig-token-123')).statusCode).toBe(404);
  });
});

describe('GET /api/public/gig/{token}/qr.png', () => {
  it("is a PNG of the screen's link", async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/public/gig/${scene.token}/qr.png` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^image\/png\b/);
    expect(decodeQr(response.rawPayload)).toBe(`${PUBLIC_URL}/r/band-a`);
  });
});
