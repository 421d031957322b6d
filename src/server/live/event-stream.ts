import { say } from '../../shared/server-messages.js';
import type { Sentence } from '../errors.js';
import type { FastifyReply } from 'fastify';
import type { LiveFollower } from './follower.js';
import type { LiveStream, SignedInPage } from './options.js';
import type { LiveServer } from './websockets.js';

const DATA = Buffer.from('data: ');
const END = Buffer.from('\n\n');

export interface EventStreamOptions {
  /** How often a comment line keeps proxies and NAT from closing a quiet stream. */
  heartbeatMs: number;
  /** Bytes a reader may leave unread before it is dropped (a dead phone must not hold memory). */
  maxBufferedBytes: number;
  /** A signed-in page's session: it follows under the session's rule. */
  page?: SignedInPage;
}

/**
 * One page following a gig over Server-Sent Events on the main port: the websocket fallback
 * (docs/decisions.md, "Live channel transports"). Until the first event it is an ordinary request,
 * so a refusal is an HTTP error in the API's shape; from the snapshot on it is an event stream of
 * `data: <event JSON>` frames, the same texts the websockets get.
 */
export class LiveEventStream implements LiveFollower, LiveStream {
  /** Why no queue was sent, while the answer is still an ordinary one. */
  refusal?: { status: number; sentence: Sentence };
  private started = false;
  private ended = false;
  private heartbeat?: NodeJS.Timeout;

  constructor(
    private readonly reply: FastifyReply,
    private readonly live: LiveServer,
    private readonly options: EventStreamOptions,
  ) {
    reply.raw.once('close', () => {
      this.ended = true;
      clearInterval(this.heartbeat);
      live.streams.release(this);
    });
  }

  get signedIn() {
    return this.options.page !== undefined;
  }

  get streaming() {
    return this.started;
  }

  send(events: readonly Buffer[]) {
    if (!events.length) return;
    if (!this.started) this.start();
    const frames: Buffer[] = [];
    for (const event of events) frames.push(DATA, event, END);
    this.write(Buffer.concat(frames));
    if (!this.ended) this.live.streams.sent(events.length);
  }

  refuse(status: number, sentence: Sentence) {
    if (this.started) this.end();
    else this.refusal ??= { status, sentence };
  }

  mayFollow(gig: string) {
    return this.options.page?.mayFollow(gig) ?? true;
  }

  follow(gig: string) {
    const refusal = this.live.streams.follow(this, gig);
    if (refusal) this.refuse(429, refusal.reason);
    return !refusal;
  }

  followed() {}

  /** A stream follows one gig for its whole life: the slot and the gig are freed together on close. */
  unfollow() {}

  onClose(listener: () => void) {
    if (this.ended) listener();
    else this.reply.raw.once('close', listener);
  }

  drop() {
    if (this.started) this.end();
    else this.refusal ??= { status: 503, sentence: say('queue_not_loaded') };
  }

  /** The live server stops or restarts: the page connects again by itself. */
  close(reason: string) {
    this.refuse(503, reason);
  }

  private start() {
    this.started = true;
    this.reply.hijack();
    const raw = this.reply.raw;
    // The headers the app's hooks set so far (security headers), which hijacking would skip.
    for (const [name, value] of Object.entries(this.reply.getHeaders()))
      if (value !== undefined) raw.setHeader(name, value);
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      // Proxies must neither cache nor compress (which buffers) the stream; nginx must not buffer it.
      'cache-control': 'no-cache, no-transform',
      'x-accel-buffering': 'no',
    });
    this.heartbeat = setInterval(() => this.write(': keep-alive\n\n'), this.options.heartbeatMs);
    this.heartbeat.unref();
  }

  private write(frame: string | Buffer) {
    if (this.ended) return;
    const raw = this.reply.raw;
    if (raw.writableLength > this.options.maxBufferedBytes) {
      // end() would wait for the reader to take what is buffered, which it is not doing: free it now.
      this.end();
      raw.destroy();
      return;
    }
    raw.write(frame);
  }

  private end() {
    if (this.ended) return;
    this.ended = true;
    clearInterval(this.heartbeat);
    this.reply.raw.end();
  }
}
