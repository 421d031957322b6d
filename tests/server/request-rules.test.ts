import { describe, expect, it } from 'vitest';
import { checkRequest, type RuleInput } from '../../src/server/live/request-rules.js';
import {
  ADDRESS_MAX_PER_WAITING_SONG,
  DEVICE_COOLDOWN_SECONDS,
  DEVICE_MAX_WAITING,
} from '../../src/shared/constants.js';

const NOW = Date.parse('2026-11-21T21:00:00.000Z');
/** The ISO time `seconds` before NOW. */
const ago = (seconds: number) => new Date(NOW - seconds * 1000).toISOString();

/** A request the rules accept: an open gig, a fresh device, a song nobody asked for yet. */
const input = (overrides: Partial<RuleInput> = {}): RuleInput => ({
  now: new Date(NOW),
  song: 'Đurđevdan',
  gig: { active: true, razmakvreme: 10, razmakpesme: 3 },
  otherSongsSince: 0,
  deviceWaiting: 0,
  addressWaiting: 0,
  ...overrides,
});

describe('checkRequest', () => {
  it('accepts a song nobody asked for yet from a fresh device', () => {
    expect(checkRequest(input())).toBeNull();
  });

  it('refuses everything with 409 closed while the gig does not take requests', () => {
    const closed = { status: 409, reason: 'closed', code: 'request_closed', message: expect.any(String) };
    expect(checkRequest(input({ gig: { active: false, razmakvreme: 10, razmakpesme: 3 } }))).toEqual(closed);
    // Even a request every other rule would refuse: closed comes first.
    expect(
      checkRequest(
        input({
          gig: { active: false, razmakvreme: 10, razmakpesme: 3 },
          deviceLastAt: ago(1),
          deviceWaiting: DEVICE_MAX_WAITING,
          songLastAt: ago(1),
        }),
      ),
    ).toEqual(closed);
  });

  describe('device cooldown', () => {
    it(`refuses ${DEVICE_COOLDOWN_SECONDS - 1} s after the device's last request, with when to retry`, () => {
      const refusal = checkRequest(input({ deviceLastAt: ago(DEVICE_COOLDOWN_SECONDS - 1) }));
      expect(refusal).toEqual({
        status: 429,
        reason: 'cooldown',
        code: 'request_cooldown',
        message: 'Please wait 1 second before your next request.',
        params: { smart_count: 1 },
        retry_at: new Date(NOW + 1000).toISOString(),
        wait_seconds: 1,
      });
    });

    it('counts the seconds left, rounded up', () => {
      const refusal = checkRequest(input({ deviceLastAt: new Date(NOW - 500).toISOString() }));
      expect(refusal).toMatchObject({
        reason: 'cooldown',
        message: `Please wait ${DEVICE_COOLDOWN_SECONDS} seconds before your next request.`,
        retry_at: new Date(NOW - 500 + DEVICE_COOLDOWN_SECONDS * 1000).toISOString(),
      });
    });

    it(`accepts exactly ${DEVICE_COOLDOWN_SECONDS} s after it`, () => {
      expect(checkRequest(input({ deviceLastAt: ago(DEVICE_COOLDOWN_SECONDS) }))).toBeNull();
    });
  });

  describe('waiting requests per device', () => {
    it(`accepts with ${DEVICE_MAX_WAITING - 1} waiting and refuses with ${DEVICE_MAX_WAITING}`, () => {
      expect(checkRequest(input({ deviceWaiting: DEVICE_MAX_WAITING - 1 }))).toBeNull();
      expect(checkRequest(input({ deviceWaiting: DEVICE_MAX_WAITING }))).toEqual({
        status: 429,
        reason: 'too_many_waiting',
        code: 'request_too_many_waiting',
        message: expect.stringContaining(String(DEVICE_MAX_WAITING)),
        params: { smart_count: DEVICE_MAX_WAITING },
      });
    });

    it('checks the cooldown before the cap', () => {
      expect(checkRequest(input({ deviceLastAt: ago(1), deviceWaiting: DEVICE_MAX_WAITING }))).toMatchObject({
        reason: 'cooldown',
      });
    });
  });

  describe('requests of one address for a waiting song', () => {
    const joins = { joinsWaiting: true, songLastAt: ago(1) };
    it(`accepts with ${ADDRESS_MAX_PER_WAITING_SONG - 1} and refuses with ${ADDRESS_MAX_PER_WAITING_SONG}`, () => {
      expect(checkRequest(input({ ...joins, addressWaiting: ADDRESS_MAX_PER_WAITING_SONG - 1 }))).toBeNull();
      expect(checkRequest(input({ ...joins, addressWaiting: ADDRESS_MAX_PER_WAITING_SONG }))).toEqual({
        status: 429,
        reason: 'network_has_asked',
        code: 'request_network_has_asked',
        params: { song: 'Đurđevdan', smart_count: ADDRESS_MAX_PER_WAITING_SONG },
        message: `“Đurđevdan” already has ${ADDRESS_MAX_PER_WAITING_SONG} requests from your network, as many as one network may add. It is waiting in the queue.`,
      });
    });

    it('checks the device’s own limits first', () => {
      const full = { ...joins, addressWaiting: ADDRESS_MAX_PER_WAITING_SONG };
      expect(checkRequest(input({ ...full, deviceLastAt: ago(1) }))).toMatchObject({ reason: 'cooldown' });
      expect(checkRequest(input({ ...full, deviceWaiting: DEVICE_MAX_WAITING }))).toMatchObject({
        reason: 'too_many_waiting',
      });
    });
  });

  describe('minutes between requests of the same song (razmakvreme)', () => {
    const gig = { active: true, razmakvreme: 10, razmakpesme: 1 };

    it('refuses one second before razmakvreme minutes have passed, with when to retry', () => {
      const refusal = checkRequest(input({ gig, songLastAt: ago(10 * 60 - 1), otherSongsSince: 5 }));
      expect(refusal).toEqual({
        status: 409,
        reason: 'too_soon',
        code: 'request_too_soon',
        message: '“Đurđevdan” was requested recently. It can be requested again in 1 minute.',
        params: { song: 'Đurđevdan', smart_count: 1 },
        retry_at: new Date(NOW + 1000).toISOString(),
        wait_seconds: 1,
      });
    });

    it('counts the minutes left, rounded up', () => {
      const refusal = checkRequest(input({ gig, songLastAt: ago(30), otherSongsSince: 5 }));
      expect(refusal).toMatchObject({
        reason: 'too_soon',
        message: expect.stringContaining('in 10 minutes'),
      });
    });

    it('accepts exactly razmakvreme minutes after the song’s last request', () => {
      expect(checkRequest(input({ gig, songLastAt: ago(10 * 60), otherSongsSince: 5 }))).toBeNull();
    });
  });

  describe('other songs between requests of the same song (razmakpesme)', () => {
    const gig = { active: true, razmakvreme: 2, razmakpesme: 3 };
    const later = ago(60 * 60);

    it('refuses with razmakpesme − 1 other songs since, naming how many are still needed', () => {
      expect(checkRequest(input({ gig, songLastAt: later, otherSongsSince: 2 }))).toEqual({
        status: 409,
        reason: 'too_few_songs',
        code: 'request_too_few_songs',
        message: '“Đurđevdan” was requested recently. 1 more other song must be requested first.',
        params: { song: 'Đurđevdan', smart_count: 1 },
        songs_needed: 1,
      });
      expect(checkRequest(input({ gig, songLastAt: later, otherSongsSince: 0 }))).toMatchObject({
        reason: 'too_few_songs',
        message: expect.stringContaining('3 more other songs'),
        songs_needed: 3,
      });
    });

    it('accepts with exactly razmakpesme other songs since', () => {
      expect(checkRequest(input({ gig, songLastAt: later, otherSongsSince: 3 }))).toBeNull();
      expect(checkRequest(input({ gig, songLastAt: later, otherSongsSince: 4 }))).toBeNull();
    });

    it('does not apply to a song that was never requested', () => {
      expect(checkRequest(input({ gig, otherSongsSince: 0 }))).toBeNull();
    });
  });
});
