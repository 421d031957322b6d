import { describe, expect, it } from 'vitest';
import { FanOut, type Outgoing } from '../../src/server/live/fanout';

const event = (version: number): Outgoing => ({ version, data: Buffer.from(`{"version":${version}}`) });

/**
 * Subscribers as the live channel keeps them: each sends only the events newer than the last one it
 * was sent, and each send is one write of its versions.
 */
function subscribers(count: number) {
  const writes: number[][][] = Array.from({ length: count }, () => []);
  const last = new Array<number>(count).fill(0);
  const send = (client: number, events: readonly Outgoing[]) => {
    const newer = events.filter((e) => e.version > last[client]).map((e) => e.version);
    if (!newer.length) return;
    last[client] = newer.at(-1)!;
    writes[client].push(newer);
  };
  return { writes, send, clients: Array.from({ length: count }, (_, i) => i) };
}

const settled = (fanOut: FanOut<number>) =>
  new Promise<void>((resolve) => {
    const check = () => (fanOut.idle ? resolve() : setImmediate(check));
    check();
  });

describe('FanOut', () => {
  it('sends an event that comes mid-round to the clients the round has not reached yet, and the rest next round', async () => {
    const { writes, send, clients } = subscribers(6);
    const fanOut: FanOut<number> = new FanOut(
      () => clients,
      (client, events) => {
        send(client, events);
        // Version 2 is committed while the first chunk of two is being written.
        if (client === 1 && events.length === 1 && events[0].version === 1) fanOut.push(event(2));
      },
      { chunk: 2 },
    );
    fanOut.push(event(1));
    await settled(fanOut);

    // The clients the round had passed get version 2 in the next round; the others in this one,
    // in the same write as version 1.
    expect(writes).toEqual([[[1], [2]], [[1], [2]], [[1, 2]], [[1, 2]], [[1, 2]], [[1, 2]]]);
  });

  it('gives every client each event once, in order, through a burst across many rounds', async () => {
    const { writes, send, clients } = subscribers(25);
    let version = 0;
    const fanOut = new FanOut(
      () => clients,
      (client, events) => {
        send(client, events);
        if (version < 40 && client % 7 === 0) fanOut.push(event(++version));
      },
      { chunk: 4 },
    );
    fanOut.push(event(++version));
    await settled(fanOut);

    const all = Array.from({ length: version }, (_, i) => i + 1);
    for (const client of writes) expect(client.flat()).toEqual(all);
    expect(fanOut.idle).toBe(true);
  });

  it('starts afresh after it went idle: the last burst is not handed out again', async () => {
    const handed: number[][] = [];
    const fanOut = new FanOut(
      () => [0],
      (_client, events) => handed.push(events.map((e) => e.version)),
      { chunk: 2 },
    );
    fanOut.push(event(1));
    await settled(fanOut);
    fanOut.push(event(2));
    await settled(fanOut);
    expect(handed).toEqual([[1], [2]]);
  });
});
