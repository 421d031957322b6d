import { describe, expect, it } from 'vitest';
import { applyChange } from '../../src/shared/live-events';
import { entry } from './live-fixtures';

const ZAZMURI = entry(11, 'Zažmuri', 2, 'Zdravko Čolić');
const DJURDJEVDAN = entry(12, 'Đurđevdan', 1, 'Bijelo Dugme');
const LUTKA = entry(13, 'Lutka sa naslovne strane', 1, 'Riblja Čorba');
const QUEUE = [ZAZMURI, DJURDJEVDAN, LUTKA];

const ids = (queue: { song_id: number }[]) => queue.map((e) => e.song_id);

describe('applyChange (the live queue after one change)', () => {
  it("'requested' for a song not waiting adds its entry at the end", () => {
    const added = entry(14, 'Jugoslavija', 1, 'Riblja Čorba');
    const after = applyChange(QUEUE, { kind: 'requested', song_id: 14, request_ids: [90], entry: added });
    expect(after).toEqual([ZAZMURI, DJURDJEVDAN, LUTKA, added]);
  });

  it("'requested' to an empty queue gives just that song", () => {
    const added = entry(14, 'Jugoslavija');
    expect(applyChange([], { kind: 'requested', song_id: 14, request_ids: [90], entry: added })).toEqual([
      added,
    ]);
  });

  it("'requested' for a waiting song replaces its entry in place (one more request, later last_at)", () => {
    const again = entry(12, 'Đurđevdan', 2, 'Bijelo Dugme', DJURDJEVDAN.first_at, '2026-11-21T21:40:00.000Z');
    const after = applyChange(QUEUE, { kind: 'requested', song_id: 12, request_ids: [91], entry: again });
    expect(after).toEqual([ZAZMURI, again, LUTKA]);
    expect(after).toHaveLength(3);
  });

  it("'played' and 'declined' take the song out, leaving the rest in order", () => {
    expect(applyChange(QUEUE, { kind: 'played', song_id: 11, request_ids: [1, 2] })).toEqual([
      DJURDJEVDAN,
      LUTKA,
    ]);
    expect(applyChange(QUEUE, { kind: 'declined', song_id: 12, request_ids: [3] })).toEqual([ZAZMURI, LUTKA]);
    expect(applyChange(QUEUE, { kind: 'played', song_id: 13, request_ids: [4] })).toEqual([
      ZAZMURI,
      DJURDJEVDAN,
    ]);
  });

  it("'played' for a song that is not waiting changes nothing", () => {
    expect(applyChange(QUEUE, { kind: 'played', song_id: 99, request_ids: [5] })).toEqual(QUEUE);
  });

  it("'moved' puts the entries in the given order", () => {
    const after = applyChange(QUEUE, { kind: 'moved', song_id: 13, order: [11, 13, 12] });
    expect(after).toEqual([ZAZMURI, LUTKA, DJURDJEVDAN]);
    expect(ids(applyChange(QUEUE, { kind: 'moved', song_id: 11, order: [12, 11, 13] }))).toEqual([
      12, 11, 13,
    ]);
  });

  it("'paused' and 'resumed' leave the queue as it is", () => {
    expect(applyChange(QUEUE, { kind: 'paused' })).toEqual(QUEUE);
    expect(applyChange(QUEUE, { kind: 'resumed' })).toEqual(QUEUE);
  });

  it('does not change the queue it was given', () => {
    const before = structuredClone(QUEUE);
    applyChange(QUEUE, {
      kind: 'requested',
      song_id: 14,
      request_ids: [90],
      entry: entry(14, 'Jugoslavija'),
    });
    applyChange(QUEUE, { kind: 'requested', song_id: 11, request_ids: [92], entry: entry(11, 'Zažmuri', 3) });
    applyChange(QUEUE, { kind: 'played', song_id: 11, request_ids: [1] });
    applyChange(QUEUE, { kind: 'moved', song_id: 13, order: [13, 12, 11] });
    expect(QUEUE).toEqual(before);
  });
});
