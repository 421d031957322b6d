/**
 * The audience's searches that found nothing (issue 29, point 4): counted folded, per gig and per
 * venue-local day, with nothing that could name a guest (no device id, address, session or user
 * agent), bounded per address and per gig a day, and purged after SEARCH_MISS_KEEP_DAYS.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  SEARCH_MISS_KEEP_DAYS,
  SEARCH_MISS_MAX_LENGTH,
  SEARCH_MISS_TEXTS_PER_GIG_DAY,
} from '../../src/shared/constants.js';
import { countSearchMiss, purgeSearchMisses } from '../../src/server/db/search-misses.js';
import { buildLiveApp, device, type GigScene, gigScene, type LiveTestApp } from './live-gig-fixtures.js';

let t: LiveTestApp;
let scene: GigScene;

beforeEach(async () => {
  // 20:00 UTC is 21:00 in Belgrade; the venue's day turns at 23:00 UTC.
  t = await buildLiveApp({ config: { timeZone: 'Europe/Belgrade' } });
  scene = await gigScene(t.app);
});
afterEach(async () => {
  await t.close();
});

const CSRF = 'miss-csrf';

function miss(
  q: unknown,
  { token = scene.token, ip = '203.0.113.7', csrf = true, deviceId = device(1) } = {},
) {
  return t.app.inject({
    method: 'POST',
    url: `/api/public/gig/${token}/search-misses`,
    headers: {
      accept: 'application/json',
      'x-device-id': deviceId,
      'user-agent': 'Mozilla/5.0 (guest phone) UniqueAgent/42',
      ...(csrf ? { cookie: `XSRF-TOKEN=${CSRF}`, 'x-xsrf-token': CSRF } : {}),
    },
    payload: { q } as object,
    remoteAddress: ip,
  });
}

async function counted(q: unknown, options?: Parameters<typeof miss>[1]) {
  const response = await miss(q, options);
  expect(response.statusCode, response.body).toBe(204);
}

const rows = () =>
  t.app.db.selectFrom('search_misses').selectAll().orderBy('day').orderBy('text').orderBy('gig_id').execute();

describe('a search that found nothing', () => {
  it('is counted folded, per gig and per venue day, and nothing else is kept', async () => {
    await counted('Đorđe  BALAŠEVIĆ ');
    await counted('djordje balasevic', { ip: '198.51.100.9', deviceId: device(2) });
    await counted('Stairway', { ip: '2001:db8::1', deviceId: device(3) });
    // Another band's gig counts apart.
    await counted('Stairway', { token: scene.otherGig.token });
    // 23:30 UTC is 00:30 the next day in Belgrade.
    t.clock.set('2026-11-21T23:30:00Z');
    await counted('stairway');

    const stored = await rows();
    expect(stored).toEqual([
      {
        gig_id: scene.gigId,
        band_id: scene.people.bandA,
        day: '2026-11-21',
        text: 'djordje balasevic',
        count: 2,
      },
      { gig_id: scene.gigId, band_id: scene.people.bandA, day: '2026-11-21', text: 'stairway', count: 1 },
      {
        gig_id: scene.otherGig.id,
        band_id: scene.people.bandB,
        day: '2026-11-21',
        text: 'stairway',
        count: 1,
      },
      { gig_id: scene.gigId, band_id: scene.people.bandA, day: '2026-11-22', text: 'stairway', count: 1 },
    ]);
    // The table has these five columns only: no device id, address, session or user agent.
    const written = JSON.stringify(stored);
    for (const trace of [device(1), device(2), '203.0.113', '198.51.100', '2001:db8', 'UniqueAgent'])
      expect(written).not.toContain(trace);
    expect(Object.keys(stored[0]).sort()).toEqual(['band_id', 'count', 'day', 'gig_id', 'text']);
  });

  it('is not counted when it finds a song of the gig, or is too short or too long', async () => {
    await counted('jugo'); // "Jugo 45"
    await counted('dugme'); // the performer
    await counted('DJURDJEVDAN'); // Đurđevdan, typed without diacritics
    await counted('x');
    await counted('a'.repeat(SEARCH_MISS_MAX_LENGTH + 1));
    await counted('   ');
    expect(await rows()).toEqual([]);
    await counted('a'.repeat(SEARCH_MISS_MAX_LENGTH));
    expect((await rows()).map((row) => row.text)).toEqual(['a'.repeat(SEARCH_MISS_MAX_LENGTH)]);
  });

  it('refuses bad input, unknown gigs and calls without the CSRF token, and counts none of them', async () => {
    expect((await miss('x'.repeat(201))).statusCode).toBe(422);
    expect((await miss({ nested: true })).statusCode).toBe(422);
    expect((await miss('stairway', { token: 'no-such-gig-token-123' })).statusCode).toBe(404);
    expect((await miss('stairway', { csrf: false })).statusCode).toBe(419);
    expect(await rows()).toEqual([]);
  });

  it('is limited per address', async () => {
    for (let i = 0; i < 30; i++) await counted(`nothing ${i}`);
    const refused = await miss('one more');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ reason: 'rate_limited' });
    await counted('one more', { ip: '198.51.100.10' });
  });

  it('adds at most SEARCH_MISS_TEXTS_PER_GIG_DAY texts a gig a day, and still counts those it has', async () => {
    const db = t.app.db;
    const at = { gigId: scene.gigId, bandId: scene.people.bandA, day: '2026-11-21' };
    for (let i = 0; i < SEARCH_MISS_TEXTS_PER_GIG_DAY; i++)
      expect(await countSearchMiss(db, { ...at, text: `text ${i}` })).toBe(true);
    expect(await countSearchMiss(db, { ...at, text: 'one too many' })).toBe(false);
    expect(await countSearchMiss(db, { ...at, text: 'text 7' })).toBe(true);
    // The next day starts afresh.
    expect(await countSearchMiss(db, { ...at, day: '2026-11-22', text: 'one too many' })).toBe(true);
    const stored = await rows();
    expect(stored).toHaveLength(SEARCH_MISS_TEXTS_PER_GIG_DAY + 1);
    expect(stored.find((row) => row.text === 'text 7')?.count).toBe(2);
    expect(stored.some((row) => row.text === 'one too many' && row.day === '2026-11-21')).toBe(false);
  });

  it(`is purged ${SEARCH_MISS_KEEP_DAYS} days later`, async () => {
    const db = t.app.db;
    const at = { gigId: scene.gigId, bandId: scene.people.bandA };
    await countSearchMiss(db, { ...at, day: '2025-10-22', text: 'old' });
    await countSearchMiss(db, { ...at, day: '2025-10-23', text: 'kept' });
    // 2026-11-27 less 400 days is 2025-10-23.
    expect(await purgeSearchMisses(db, '2026-11-27')).toBe(1);
    expect((await rows()).map((row) => row.text)).toEqual(['kept']);
  });
});
