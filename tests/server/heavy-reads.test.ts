/**
 * The lists' pages read by a worker thread on SQLite (issue 25, point 2; db/heavy-read-pool.ts): the same
 * answers as on the main thread, a write seen by the next read, and a worker that goes away replaced.
 * On PostgreSQL the pages are read on the main thread, and the same answers are checked.
 */
import fs from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WORKER_NICE } from '../../src/server/db/worker-priority.js';
import { buildTestApp, call, listenApp, type TestApp } from './helpers.js';
import { catalogue, type Catalogue } from './fixtures-gigs.js';
import { seedPeople, type People } from './fixtures.js';

let t: TestApp;
let people: People;
let c: Catalogue;

beforeEach(async () => {
  t = await buildTestApp({ readWorkers: 1 });
  people = await seedPeople(t.app);
  c = catalogue(t.app, people);
});
afterEach(() => t.close());

async function names(path: string) {
  const response = await call(t.app, 'GET', `/api/admin/${path}`, { token: people.tokens.owner });
  expect(response.statusCode, response.body).toBe(200);
  const body = response.json() as { data: { naziv: string }[]; total: number };
  return { names: body.data.map((row) => row.naziv), total: body.total };
}

/** Pages the workers answered since `before`: every list read on SQLite, none on PostgreSQL. */
const byWorkers = (before: number, reads: number) =>
  expect(t.app.heavyReads.answeredByWorkers - before).toBe(t.app.dialect === 'sqlite' ? reads : 0);

/** Linux keeps a nice value per thread (/proc/self/task/<id>/stat, field 19). */
const niceOfThreads = () =>
  fs.readdirSync('/proc/self/task').map((id) => {
    const stat = fs.readFileSync(`/proc/self/task/${id}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
  });

describe('the lists read off the main thread', () => {
  beforeEach(async () => {
    const bora = await c.addPerformer('Bora Đorđević');
    await c.addSong('Lutka sa naslovne strane', bora);
    await c.addSong('Đurđevdan', bora, { visible: true });
    const stranger = await c.addPerformer('Stranac', { who: 'outsider', visible: true });
    await c.addSong('Tuđa javna', stranger, { who: 'outsider', visible: true });
    await c.addSong('Tuđa privatna', stranger, { who: 'outsider' });
    await c.addPlaylist('Subota');
  });

  it('answers songs, performers and playlists with their searches, filters and totals', async () => {
    const before = t.app.heavyReads.answeredByWorkers;
    expect(await names('songs?o=1&pg=0')).toEqual({
      names: ['Đurđevdan', 'Lutka sa naslovne strane', 'Tuđa javna'],
      total: 3,
    });
    expect(await names('songs?o=2&q=djurdj&pg=0')).toEqual({ names: ['Đurđevdan'], total: 1 });
    expect(await names('songs?o=3&q=tudj&pg=0')).toEqual({ names: ['Tuđa javna'], total: 1 });
    // By the performer's name: the own band's performer, and another band's public one.
    expect((await names('songs?o=1&q=bora&pg=0')).total).toBe(2);
    expect(await names('performers?os=1&pg=0')).toEqual({ names: ['Bora Đorđević', 'Stranac'], total: 2 });
    expect(await names('playlists?o=2&pg=0')).toEqual({ names: ['Subota'], total: 1 });
    byWorkers(before, 6);
  });

  it('sees a write at the next read', async () => {
    expect((await names('songs?o=2&q=kolo&pg=0')).total).toBe(0);
    const performer = await c.addPerformer('Kolo band');
    await c.addSong('Užičko kolo', performer);
    expect(await names('songs?o=2&q=kolo&pg=0')).toEqual({ names: ['Užičko kolo'], total: 1 });
  });

  it('starts its workers when the server listens, not at the first read', async () => {
    const workers = t.app.dialect === 'sqlite' ? 1 : 0;
    expect([t.app.heavyReads.workersRunning, t.app.heavyWrites.workersRunning]).toEqual([0, 0]);
    await listenApp(t.app);
    expect([t.app.heavyReads.workersRunning, t.app.heavyWrites.workersRunning]).toEqual([workers, workers]);
    // warm() answers once the workers serve: their modules have loaded (and lowered their priority,
    // the read worker's and the write worker's alike).
    await Promise.all([t.app.heavyReads.warm(), t.app.heavyWrites.warm()]);
    if (fs.existsSync('/proc/self/task'))
      expect(niceOfThreads().filter((nice) => nice === WORKER_NICE)).toEqual(
        t.app.dialect === 'sqlite' ? [WORKER_NICE, WORKER_NICE] : [],
      );
    const before = t.app.heavyReads.answeredByWorkers;
    expect((await names('songs?o=1&q=tudj&pg=0')).names).toEqual(['Tuđa javna']);
    byWorkers(before, 1);
    expect(t.app.heavyReads.workersRunning).toBe(workers);
  });

  it('replaces a worker that went away', async () => {
    expect((await names('songs?o=2&pg=0')).total).toBe(2);
    await t.app.heavyReads.close();
    const before = t.app.heavyReads.answeredByWorkers;
    expect((await names('songs?o=1&q=tudj&pg=0')).names).toEqual(['Tuđa javna']);
    byWorkers(before, 1);
  });

  it('answers the exports and the insights there too', async () => {
    const before = t.app.heavyReads.answeredByWorkers;
    const get = (url: string, who: 'owner' | 'outsider' = 'owner') =>
      call(t.app, 'GET', url, { token: people.tokens[who] });
    const songs = await get('/api/admin/songs/export?o=2&q=djurdj');
    expect(songs.statusCode, songs.body).toBe(200);
    expect(songs.body).toContain('Đurđevdan');
    expect(songs.body).not.toContain('Lutka');
    const playlists = await get('/api/admin/playlists/export?o=2');
    expect(playlists.statusCode, playlists.body).toBe(200);
    expect(playlists.body).toContain('Subota');
    // listSongs and songCharts, listPlaylists and entriesOf: two reads each.
    byWorkers(before, 4);
    const insights = await get('/api/admin/insights');
    expect(insights.statusCode, insights.body).toBe(200);
    expect(insights.json()).toMatchObject({ totals: { total: 0 }, gigs: [], never: { total: 2 } });
    // Per gig, per hour, songs, performers, misses, never requested.
    byWorkers(before, 10);
    const activity = await call(t.app, 'GET', '/api/admin/activity?kind=song', {
      token: people.tokens.admin,
    });
    expect(activity.statusCode, activity.body).toBe(200);
    // The four songs added above, each a row of the log.
    expect(activity.json()).toMatchObject({ total: 4 });
    byWorkers(before, 11);
  });

  it.runIf(fs.existsSync('/proc/self/task'))(
    'runs its worker behind the live pages (a lower priority)',
    async () => {
      expect(niceOfThreads().filter((nice) => nice === WORKER_NICE)).toEqual([]);
      expect((await names('songs?o=2&pg=0')).total).toBe(2);
      // On SQLite the read worker now runs, at nice 10; PostgreSQL reads on this thread.
      expect(niceOfThreads().filter((nice) => nice === WORKER_NICE)).toEqual(
        t.app.dialect === 'sqlite' ? [WORKER_NICE] : [],
      );
    },
  );
});
