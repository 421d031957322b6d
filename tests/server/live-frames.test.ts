import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { LiveFrames, textFrame } from '../../src/server/live/frames';

// The frames go to the upgraded socket as the live server writes them; a `ws` client reads them.
const server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
let next: Buffer;
server.on('connection', (_socket, request) => request.socket.write(next));
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** The messages a websocket client reads from `bytes` written to its connection. */
function received(bytes: Buffer, count: number): Promise<string[]> {
  next = bytes;
  const { port } = server.address() as AddressInfo;
  const client = new WebSocket(`ws://127.0.0.1:${port}`);
  const messages: string[] = [];
  return new Promise((resolve, reject) => {
    client.on('error', reject);
    client.on('message', (data, isBinary) => {
      expect(isBinary).toBe(false);
      messages.push(String(data));
      if (messages.length === count) {
        client.terminate();
        resolve(messages);
      }
    });
  });
}

const text = (length: number, fill = 'š') => Buffer.from(fill.repeat(length / Buffer.byteLength(fill)));

describe('live frames', () => {
  it('frames a message of any length as one text frame a client reads back', async () => {
    // 125 and below: the length in the first bytes; up to 65,535: 16 bits; past it: 64 bits.
    for (const length of [2, 124, 126, 65534, 65536, 140000]) {
      const message = text(length);
      expect(message.length).toBe(length);
      expect(await received(textFrame(message), 1)).toEqual([message.toString()]);
    }
  });

  it('writes a round of events as consecutive frames, in order, built once for every client', async () => {
    const frames = new LiveFrames();
    const round = [Buffer.from('{"version":1}'), text(70000, 'a'), Buffer.from('{"version":3}')];
    const bytes = frames.of(round);
    expect(await received(bytes, 3)).toEqual(round.map(String));
    // The next client gets the same events (a new array, as each client's is): the same bytes.
    expect(frames.of([...round])).toBe(bytes);
    // A client that already held the first event gets the others only.
    expect(await received(frames.of(round.slice(1)), 2)).toEqual(round.slice(1).map(String));
  });
});
