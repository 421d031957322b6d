/**
 * Issue 23, finding 7: two server processes share the live channel through Redis. While Redis is
 * away, a change made through one process cannot reach the pages of the other; once Redis is back
 * those pages are brought to the stored queue within a few seconds, even when no later change comes
 * to show them the gap. A process that starts while Redis is away joins the channel once it is there.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { App } from '../../src/server/app.js';
import { applyChange, type LiveEvent, type LiveQueueEntry } from '../../src/shared/live-events.js';
import { liveProtocols } from '../../src/shared/live-protocol.js';
import { buildTestApp, type TestApp, waitFor } from './helpers.js';
import { connect, type LiveClient, terminateAll } from './live-client.js';
import { audience, bandPage, device, gigScene, listenLive, order } from './live-gig-fixtures.js';
import { redisBehindProxy, type RedisOutage } from './redis-outage.js';

let t: TestApp | undefined;
let redis: RedisOutage | undefined;
afterEach(async () => {
  terminateAll();
  await t?.close();
  await redis?.close();
  t = redis = undefined;
});

/** What a page shows after these messages, as liveSocket.ts applies them (a snapshot replaces all). */
function shown(messages: unknown[]) {
  let state: { version: number; queue: LiveQueueEntry[] } | undefined;
  for (const message of messages as LiveEvent[]) {
    if (message.type === 'queue') state = { version: message.version, queue: message.queue };
    else if (message.type === 'change' && state && message.version === state.version + 1)
      state = { version: message.version, queue: applyChange(state.queue, message.change) };
  }
  return state;
}

async function following(ws: string, gig: string, session?: string) {
  const client = await connect(ws, {}, liveProtocols(session));
  const index = client.messages.length;
  client.send({ type: 'subscribe', gig });
  expect(await client.next(index)).toMatchObject({ type: 'queue', gig });
  return client;
}

/** Two processes on one database, each reaching Redis through the proxy the test can cut. */
async function twoProcesses() {
  redis = await redisBehindProxy();
  t = await buildTestApp({ redisUrl: redis.url });
  const one = t.app;
  const scene = await gigScene(one);
  const two = await t.twin({ redisUrl: redis.url });
  return { one, two, scene, twoWs: await listenLive(two) };
}

const queueOf = (client: LiveClient) => order(shown(client.messages)?.queue ?? []);

describe('a Redis outage between two processes', () => {
  it("brings the other process's pages to the stored queue once Redis is back", async () => {
    const { one, two, scene, twoWs } = await twoProcesses();
    const [first, second, third] = scene.songs.map((song) => song.id);
    const guests = audience(one, scene.token);
    await guests.accepted(first, device(1));
    await guests.accepted(second, device(2));
    const band = await following(twoWs, scene.token, scene.people.tokens.owner);
    const phone = await following(twoWs, scene.token);
    expect(queueOf(band)).toEqual([first, second]);

    redis!.stop();
    await bandPage(one, scene.token, scene.people).done(first, 'played');
    await redis!.start();

    for (const page of [band, phone])
      await waitFor(() => expect(queueOf(page)).toEqual([second]), { ms: 15_000 });
    // And the channel carries the changes again, in order.
    await guests.accepted(third, device(3));
    await waitFor(() => expect(queueOf(phone)).toEqual([second, third]), { ms: 5000 });
    await checkStoredVersion(two, scene.token, phone);
  });

  it('lets a process that started while Redis was away join the channel once Redis is there', async () => {
    redis = await redisBehindProxy();
    redis.stop();
    t = await buildTestApp({ redisUrl: redis.url });
    const scene = await gigScene(t.app);
    const two = await t.twin({ redisUrl: redis.url });
    const phone = await following(await listenLive(two), scene.token);
    await redis.start();
    // Both processes connect by themselves: a request through process one then reaches process two
    // as a change through Redis (a resync would bring a whole snapshot instead).
    const guests = audience(t.app, scene.token);
    let n = 0;
    await waitFor(
      async () => {
        n += 1;
        await guests.request(scene.songs[n % scene.songs.length].id, device(n));
        return phone.messages.some((message) => (message as { type: string }).type === 'change');
      },
      { ms: 15_000, every: 500 },
    );
  });
});

/** The page's version is the stored one: nothing was left behind. */
async function checkStoredVersion(app: App, token: string, page: LiveClient) {
  const stored = await app.db
    .selectFrom('gig_queue_versions')
    .innerJoin('gigs', 'gigs.id', 'gig_queue_versions.gig_id')
    .select('gig_queue_versions.version')
    .where('gigs.token', '=', token)
    .executeTakeFirstOrThrow();
  await waitFor(() => expect(shown(page.messages)?.version).toBe(stored.version));
}
