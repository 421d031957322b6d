import { describe, expect, it } from 'vitest';
import { type LiveState, nextQueue, readEvent } from '../../src/client/live/liveQueue';
import type { QueueChange } from '../../src/shared/live-events';
import { changeEvent, entry, snapshot } from './live-fixtures';

const ZAZMURI = entry(11, 'Zažmuri', 2, 'Zdravko Čolić');
const DJURDJEVDAN = entry(12, 'Đurđevdan', 1, 'Bijelo Dugme');
const LUTKA = entry(13, 'Lutka sa naslovne strane');
const HELD: LiveState = { version: 4, active: true, queue: [ZAZMURI, DJURDJEVDAN] };
const PLAYED: QueueChange = { kind: 'played', song_id: 11, request_ids: [1] };

describe('nextQueue (the versioned queue a live page holds)', () => {
  it('takes a snapshot whole, whatever it held and whatever its version', () => {
    const whole = { version: 2, active: false, queue: [LUTKA] };
    expect(nextQueue(undefined, snapshot(2, [LUTKA], false))).toEqual({ kind: 'snapshot', state: whole });
    // An older snapshot too: the server's whole queue is the truth (it follows a resubscribe).
    expect(nextQueue(HELD, snapshot(2, [LUTKA], false))).toEqual({ kind: 'snapshot', state: whole });
  });

  it('applies the next change in order, passing on the change and its time', () => {
    const requested: QueueChange = { kind: 'requested', song_id: 13, request_ids: [40], entry: LUTKA };
    const event = changeEvent(5, requested);
    expect(nextQueue(HELD, event)).toEqual({
      kind: 'change',
      state: { version: 5, active: true, queue: [ZAZMURI, DJURDJEVDAN, LUTKA] },
      change: requested,
      at: event.at,
    });
  });

  it("applies changes one after another, the gig's pause included", () => {
    let state: LiveState | undefined = HELD;
    for (const event of [
      changeEvent(5, PLAYED),
      changeEvent(6, { kind: 'requested', song_id: 13, request_ids: [3], entry: LUTKA }),
      changeEvent(7, { kind: 'moved', song_id: 13, order: [13, 12] }),
      changeEvent(8, { kind: 'paused' }, false),
    ]) {
      const step = nextQueue(state, event);
      state = step.kind === 'change' ? step.state : undefined;
    }
    expect(state).toEqual({ version: 8, active: false, queue: [LUTKA, DJURDJEVDAN] });
  });

  it('ignores a duplicate or an older change, and leaves the queue it has as it was', () => {
    expect(nextQueue(HELD, changeEvent(4, PLAYED))).toEqual({ kind: 'stale' });
    expect(nextQueue(HELD, changeEvent(3, PLAYED))).toEqual({ kind: 'stale' });
    expect(HELD).toEqual({ version: 4, active: true, queue: [ZAZMURI, DJURDJEVDAN] });
  });

  it('has nothing to apply a change to before the first snapshot', () => {
    expect(nextQueue(undefined, changeEvent(5, PLAYED))).toEqual({ kind: 'stale' });
  });

  it('calls a change that skips a version a gap, to be mended by a new snapshot', () => {
    expect(nextQueue(HELD, changeEvent(6, PLAYED))).toEqual({ kind: 'gap' });
    expect(nextQueue(HELD, changeEvent(40, PLAYED))).toEqual({ kind: 'gap' });
  });
});

describe('readEvent (a message of the live channel)', () => {
  it('reads snapshots and changes, and no other message', () => {
    expect(readEvent(JSON.stringify(snapshot(4, [LUTKA])))).toEqual(snapshot(4, [LUTKA]));
    expect(readEvent(JSON.stringify(changeEvent(5, PLAYED)))).toEqual(changeEvent(5, PLAYED));
    expect(readEvent('{"type":"pong"}')).toBeUndefined();
    expect(readEvent('{"type":"error","message":"Unknown gig"}')).toBeUndefined();
  });
});
