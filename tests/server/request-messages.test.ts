/**
 * Requests with a message (issue 13, point 5): a per-gig switch ('Allow messages', off by default),
 * at most 140 characters, no links, shown to the band only (never in the audience's answers or the
 * live channel), and hidden by the band on request.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { call } from './helpers.js';
import { postForm, type Who } from './fixtures.js';
import { catalogue } from './fixtures-gigs.js';
import {
  type Audience,
  audience,
  type BandPage,
  bandPage,
  buildLiveApp,
  closeSockets,
  device,
  type GigScene,
  gigScene,
  listenLive,
  LiveSocket,
  type LiveTestApp,
} from './live-gig-fixtures.js';

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
afterEach(async () => {
  closeSockets();
  await t.close();
});

const token = (who: Who) => scene.people.tokens[who];
const song = (i: number) => scene.songs[i].id;

/** The scene's gig as the Edit Gig form sends it, with these changes. */
async function updateGig(fields: Record<string, string>) {
  const gig = await catalogue(t.app, scene.people).readGig(scene.gigId);
  return postForm(
    t.app,
    `/api/admin/gig/${scene.gigId}/update`,
    {
      title: gig.naziv,
      lokacija: gig.lokacija,
      status: gig.status ? '1' : '0',
      razmakpesme: String(gig.razmakpesme),
      razmakvreme: String(gig.razmakvreme),
      starttime: gig.pocetak,
      playlista: String(gig.playlista),
      ...fields,
    },
    { token: token('owner') },
  );
}

async function allowMessages() {
  const response = await updateGig({ allow_messages: '1' });
  expect(response.statusCode, response.body).toBe(200);
}

const ask = (songId: number, deviceId: string, message: unknown) =>
  fans.request(songId, deviceId, { body: { song_id: songId, message } });

function expectMessageRefused(response: { statusCode: number; json: () => unknown }, text: RegExp) {
  expect(response.statusCode).toBe(422);
  const body = response.json() as { message: string; errors: Record<string, string[]> };
  expect(Object.keys(body.errors)).toEqual(['message']);
  expect(body.errors.message[0]).toMatch(text);
  expect(body.message).toBe(body.errors.message[0]);
}

const stored = () => t.app.db.selectFrom('song_requests').selectAll().orderBy('id').execute();

describe("the gig's 'Allow messages' switch", () => {
  it('is off for a new gig, set by add and update with allow_messages, and kept by an update without it', async () => {
    const c = catalogue(t.app, scene.people);
    expect((await c.readGig(scene.gigId)).allow_messages).toBe(false);
    await allowMessages();
    expect((await c.readGig(scene.gigId)).allow_messages).toBe(true);
    expect((await updateGig({})).json().allow_messages).toBe(true);
    expect((await updateGig({ allow_messages: '0' })).json().allow_messages).toBe(false);
    const { playlista } = await c.readGig(scene.gigId);
    const id = await c.addGig({
      title: 'S porukama',
      lokacija: 'Niš',
      status: '1',
      razmakpesme: '1',
      razmakvreme: '2',
      starttime: '2026-12-01T20:00',
      playlista: String(playlista),
      allow_messages: '1',
    });
    expect((await c.readGig(id)).allow_messages).toBe(true);
    const bad = await updateGig({ allow_messages: 'maybe' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['allow_messages']);
  });

  it('is told to the audience page, which shows the message field by it', async () => {
    expect((await fans.page()).json().gig.allow_messages).toBe(false);
    await allowMessages();
    expect((await fans.page()).json().gig.allow_messages).toBe(true);
  });

  it('off: a request with a message is refused with a clear 422 and nothing is stored', async () => {
    expectMessageRefused(await ask(song(0), device(1), 'Za mladence!'), /does not take messages/);
    expect(await stored()).toHaveLength(0);
    // No message, an empty one or only spaces is an ordinary request.
    await fans.accepted(song(0), device(1));
    const blank = await ask(song(1), device(2), '   ');
    expect(blank.statusCode, blank.body).toBe(201);
    const none = await ask(song(2), device(3), null);
    expect(none.statusCode, none.body).toBe(201);
    expect((await stored()).map((row) => row.message)).toEqual([null, null, null]);
  });

  it('off: a message of only invisible characters is no message either', async () => {
    const blank = await ask(song(0), device(1), '\u200B\u0000\u202E\u2066');
    expect(blank.statusCode, blank.body).toBe(201);
    expect((await stored()).map((row) => row.message)).toEqual([null]);
  });
});

describe('a message with a request', () => {
  beforeEach(allowMessages);

  it('is stored trimmed, with runs of spaces made one, up to 140 characters', async () => {
    const response = await ask(song(0), device(1), '  Za   mladence,\nod kumova!  ');
    expect(response.statusCode, response.body).toBe(201);
    const longest = 'x'.repeat(140);
    expect((await ask(song(1), device(2), `  ${longest}  `)).statusCode).toBe(201);
    expect((await stored()).map((row) => row.message)).toEqual(['Za mladence, od kumova!', longest]);
  });

  it('is stored without controls, zero-width and bidi characters; with nothing visible left, is none', async () => {
    const marked = await ask(song(0), device(1), 'Za\u200B mla\u202Edence\u0000!\u2069');
    expect(marked.statusCode, marked.body).toBe(201);
    for (const [i, blank] of ['\u200B'.repeat(30), '\u0000', '\u202E\u202D\u200F'].entries()) {
      const response = await ask(song(i + 1), device(i + 2), blank);
      expect(response.statusCode, response.body).toBe(201);
    }
    const cyrillic = await ask(song(4), device(9), 'Хвала, пустите Бајагу!');
    expect(cyrillic.statusCode, cyrillic.body).toBe(201);
    expect((await stored()).map((row) => row.message)).toEqual([
      'Za mladence!',
      null,
      null,
      null,
      'Хвала, пустите Бајагу!',
    ]);
    expect((await band.read()).messages.map((m) => m.message)).toEqual([
      'Za mladence!',
      'Хвала, пустите Бајагу!',
    ]);
  });

  it('refuses 141 characters, and a message that is not text', async () => {
    expectMessageRefused(await ask(song(0), device(1), 'x'.repeat(141)), /140 characters/);
    expect((await ask(song(0), device(1), { text: 'x' })).statusCode).toBe(422);
    expect((await ask(song(0), device(1), 'y'.repeat(20_000))).statusCode).toBe(422);
    expect(await stored()).toHaveLength(0);
  });

  it('refuses links; ordinary sentences with dots pass', async () => {
    for (const link of [
      'vidi https://example.org/x',
      'HTTP://EVIL.EXAMPLE',
      'www.mojbend',
      'pratite nas na moj-sajt.rs',
      'instagram.com/kum',
      // Issue 23, finding 12: what folding look-alikes and invisible characters shows to be a link.
      'example[.]com',
      'ｅｘａｍｐｌｅ．ｃｏｍ',
      'example。com',
      'example\u200B.\u200Bcom',
      'ехаmple.соm',
      'evil.shop',
      '192.168.1.10',
      'fe80::1',
      'mailto:kum@example.org',
      'javascript:alert(1)',
    ])
      expectMessageRefused(await ask(song(0), device(1), link), /links/);
    expect(await stored()).toHaveLength(0);
    const fine = await ask(song(0), device(1), 'Hvala.Super ste! 10.5 puta bolje.');
    expect(fine.statusCode, fine.body).toBe(201);
    const stars = await ask(song(1), device(2), '3.5 stars, Хвала.Супер!');
    expect(stars.statusCode, stars.body).toBe(201);
  });

  it('is shown to the band with its song; the band can hide it', async () => {
    await ask(song(0), device(1), 'Za mladence!');
    await ask(song(0), device(2), 'I od nas!'); // "me too", with its own message
    await ask(song(1), device(3), null);
    const live = await band.read();
    const { messages } = live;
    expect(messages.map((m) => [m.song_id, m.message])).toEqual([
      [song(0), 'Za mladence!'],
      [song(0), 'I od nas!'],
    ]);
    const viewerSees = await call(t.app, 'GET', `/api/admin/live/${scene.token}/messages`, {
      token: token('viewer'),
    });
    expect(viewerSees.statusCode).toBe(200);
    expect(viewerSees.json().messages).toHaveLength(2);

    const hide = (id: number, who: Who | string = 'owner') =>
      call(t.app, 'POST', `/api/admin/live/${scene.token}/messages/${id}/hide`, {
        token: who in scene.people.tokens ? token(who as Who) : who,
      });
    expect((await hide(messages[0].id, 'viewer')).statusCode).toBe(403);
    expect((await hide(messages[0].id, scene.otherViewer)).statusCode).toBe(403);
    expect((await hide(messages[0].id, 'outsider')).statusCode).toBe(403);
    const hidden = await hide(messages[0].id);
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json().messages.map((m: { message: string }) => m.message)).toEqual(['I od nas!']);
    expect(
      (await call(t.app, 'GET', `/api/admin/live/${scene.token}/messages`, { token: token('owner') })).json(),
    ).toMatchObject({ messages: [expect.objectContaining({ message: 'I od nas!' })] });
    // A request without a message, or none at all, has nothing to hide.
    const plain = (await stored()).find((row) => row.song_id === song(1))!;
    expect((await hide(plain.id)).statusCode).toBe(404);
    expect((await hide(999_999)).statusCode).toBe(404);
    // The request itself still counts: the song still waits with both requests.
    expect((await band.read()).queue[0]).toMatchObject({ song_id: song(0), count: 2 });

    // Played, the song's messages leave the band page; the report keeps the ones not hidden.
    await band.done(song(0), 'played');
    expect((await band.read()).messages).toEqual([]);
    const report = await call(t.app, 'GET', `/api/admin/gig/${scene.gigId}/report.csv`, {
      token: token('owner'),
    });
    expect(report.body).toContain('I od nas!');
    expect(report.body).not.toContain('Za mladence!');
  });

  it("hidden, tells the band's other tablets to read the messages again, without sending any", async () => {
    await ask(song(0), device(1), 'Za mladence!');
    const [{ id }] = (await band.read()).messages;
    const url = await listenLive(t.app);
    const tablet = await LiveSocket.open(url);
    await tablet.subscribe(scene.token);
    const before = (await tablet.received(1)).length;
    const hidden = await call(t.app, 'POST', `/api/admin/live/${scene.token}/messages/${id}/hide`, {
      token: token('owner'),
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    const news = await tablet.nth(before);
    expect(news).toMatchObject({ type: 'change', gig: scene.token, change: { kind: 'messages' } });
    expect(JSON.stringify(news)).not.toContain('Za mladence!');
  });

  it('is never sent to the audience: not in the gig page, the guest’s requests, or the live channel', async () => {
    const url = await listenLive(t.app);
    const guest = await LiveSocket.open(url);
    await guest.subscribe(scene.token);
    const SECRET = 'Poruka samo za bend';
    const response = await ask(song(0), device(1), SECRET);
    expect(response.statusCode).toBe(201);
    expect(response.body).not.toContain(SECRET);
    await ask(song(0), device(2), `${SECRET} 2`);
    await guest.received(3);
    await guest.roundTrip();
    const seen = [
      JSON.stringify(guest.messages),
      (await fans.page()).body,
      (await fans.mine(device(1))).body,
      (await fans.mine(device(2))).body,
    ];
    for (const text of seen) expect(text).not.toContain(SECRET);
    // The band's own page has it.
    expect(JSON.stringify(await band.read())).toContain(SECRET);
  });
});
