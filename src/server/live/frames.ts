/**
 * The live server's messages as websocket frames, built once per message and written straight to
 * each client's socket. A broadcast sends the same bytes to thousands of sockets; through `ws`'s
 * send() each socket also paid for a header built anew, a cork, a two-buffer write and ws's
 * bookkeeping. Server frames are not masked, so one frame serves every client. This is safe because
 * the live server offers no compression (ws then writes each of its own frames synchronously and
 * whole, so nothing of ws's can interleave with these).
 */
export class LiveFrames {
  private readonly framed = new WeakMap<Buffer, Buffer>();
  /** The last batch asked for: a round sends the same events to every client in turn. */
  private last?: { messages: readonly Buffer[]; bytes: Buffer };

  /** The messages as consecutive text frames, in one buffer for one write. */
  of(messages: readonly Buffer[]): Buffer {
    const last = this.last;
    if (last && sameMessages(last.messages, messages)) return last.bytes;
    const bytes =
      messages.length === 1 ? this.frame(messages[0]) : Buffer.concat(messages.map((m) => this.frame(m)));
    this.last = { messages, bytes };
    return bytes;
  }

  private frame(message: Buffer): Buffer {
    let frame = this.framed.get(message);
    if (!frame) {
      frame = textFrame(message);
      this.framed.set(message, frame);
    }
    return frame;
  }
}

const sameMessages = (a: readonly Buffer[], b: readonly Buffer[]) =>
  a.length === b.length && a.every((message, i) => message === b[i]);

/** A final, unmasked, uncompressed text frame (RFC 6455, section 5.2). */
export function textFrame(payload: Buffer): Buffer {
  const length = payload.length;
  const header = length < 126 ? 2 : length < 65536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(header + length);
  frame[0] = 0x81;
  if (header === 2) frame[1] = length;
  else if (header === 4) {
    frame[1] = 126;
    frame.writeUInt16BE(length, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(length), 2);
  }
  payload.copy(frame, header);
  return frame;
}
