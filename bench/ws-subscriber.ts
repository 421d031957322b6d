// One phone's websocket for bench/live-subscribers.ts, read with as little work as a client can do:
// the upgrade by hand, then frames parsed straight from the socket's bytes. With thousands of
// subscribers on the same 2 cores as the server, the `ws` library's per-message work in the
// subscriber processes (streams, events, buffers) took more CPU than the server's own fan-out, so
// the bench measured the phones' processes as much as the server. Real phones bring their own CPU.
import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import type { Socket } from 'node:net';

export interface LeanWebSocket {
  send(text: string): void;
  close(): void;
  readonly open: boolean;
}

const TEXT = 0x1;
const CLOSE = 0x8;
const PING = 0x9;
const PONG = 0xa;

/** A client frame: final, masked (as the protocol asks of clients). */
function frame(opcode: number, payload: Buffer): Buffer {
  const length = payload.length;
  const extra = length < 126 ? 0 : length < 65536 ? 2 : 8;
  const out = Buffer.alloc(2 + extra + 4 + length);
  out[0] = 0x80 | opcode;
  if (extra === 0) out[1] = 0x80 | length;
  else if (extra === 2) {
    out[1] = 0x80 | 126;
    out.writeUInt16BE(length, 2);
  } else {
    out[1] = 0x80 | 127;
    out.writeBigUInt64BE(BigInt(length), 2);
  }
  const mask = randomBytes(4);
  mask.copy(out, 2 + extra);
  const start = 2 + extra + 4;
  for (let i = 0; i < length; i++) out[start + i] = payload[i] ^ mask[i & 3];
  return out;
}

/**
 * Opens a websocket to `url` (ws://host:port/path) and hands each text message to `onText` with its
 * arrival time (ms, high-resolution wall clock); `onEnd` when the connection ends. Answers pings. The
 * server sends every message as one unfragmented frame, which is all this reads.
 */
export function openLeanWebSocket(
  url: string,
  onText: (text: string, arrived: number) => void,
  onEnd: () => void,
): Promise<LeanWebSocket> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const upgrade = request({
      host: target.hostname,
      port: target.port,
      path: target.pathname + target.search,
      headers: {
        Connection: 'Upgrade',
        Upgrade: 'websocket',
        'Sec-WebSocket-Version': '13',
        'Sec-WebSocket-Key': randomBytes(16).toString('base64'),
      },
    });
    upgrade.once('error', reject);
    upgrade.once('response', (response) => reject(new Error(`websocket: HTTP ${response.statusCode}`)));
    upgrade.once('upgrade', (_response, socket: Socket, head: Buffer) => {
      let open = true;
      socket.setNoDelay(true);
      let pending = head;
      const read = (chunk: Buffer) => {
        const arrived = performance.timeOrigin + performance.now();
        let bytes = pending.length ? Buffer.concat([pending, chunk]) : chunk;
        for (;;) {
          if (bytes.length < 2) break;
          const opcode = bytes[0] & 0x0f;
          let length = bytes[1] & 0x7f;
          let at = 2;
          if (length === 126) {
            if (bytes.length < 4) break;
            length = bytes.readUInt16BE(2);
            at = 4;
          } else if (length === 127) {
            if (bytes.length < 10) break;
            length = Number(bytes.readBigUInt64BE(2));
            at = 10;
          }
          if (bytes.length < at + length) break;
          const payload = bytes.subarray(at, at + length);
          bytes = bytes.subarray(at + length);
          if (opcode === TEXT) onText(payload.toString('utf8'), arrived);
          else if (opcode === PING) socket.write(frame(PONG, payload));
          else if (opcode === CLOSE) socket.end();
        }
        pending = bytes;
      };
      socket.on('data', read);
      socket.once('close', () => {
        open = false;
        onEnd();
      });
      socket.on('error', () => socket.destroy());
      if (head.length) read(Buffer.alloc(0));
      resolve({
        send: (text) => socket.write(frame(TEXT, Buffer.from(text))),
        close: () => socket.destroy(),
        get open() {
          return open && !socket.destroyed;
        },
      });
    });
    upgrade.end();
  });
}
