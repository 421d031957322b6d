import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { GIG_TOKEN } from '../../shared/live-protocol.js';
import type { Outgoing } from './fanout.js';

const REDIS_CHANNEL = 'encore:live';
/** The band pages' own messages (the leading tablet's, issue 27): never delivered to the audience. */
export const BAND_CHANNEL = 'encore:live:band';

export interface LiveRedisHandlers {
  /** A message another process (or this one) published. */
  heard(message: Buffer): void;
  /** A message for the band pages only (BAND_CHANNEL). */
  heardBand(message: Buffer): void;
  /** Redis answers again after an outage (or after it first could not be reached): messages may be lost. */
  back(): void;
}

/**
 * The live channel's link between server processes: every process publishes its gigs' changes to one
 * Redis channel and hears everyone's. Redis may be away (not started yet, restarting, unreachable):
 * ioredis keeps reconnecting, a publish meanwhile fails at once (no offline queue) so that the caller
 * delivers to this process's own pages, and `back` tells when messages may have been missed
 * (docs/decisions.md, "A Redis outage").
 */
export class LiveRedis {
  private readonly publisher: Redis;
  private readonly listener: Redis;
  private down = false;

  constructor(
    url: string,
    private readonly logger: FastifyBaseLogger,
    handlers: LiveRedisHandlers,
  ) {
    const options = { lazyConnect: true, maxRetriesPerRequest: 1, enableOfflineQueue: false };
    this.publisher = new Redis(url, options);
    this.listener = new Redis(url, options);
    for (const client of [this.publisher, this.listener]) client.on('error', (error) => this.lost(error));
    this.listener.on('messageBuffer', (channel: Buffer, message: Buffer) =>
      channel.toString() === BAND_CHANNEL ? handlers.heardBand(message) : handlers.heard(message),
    );
    this.listener.on('ready', () => {
      this.listener.subscribe(REDIS_CHANNEL, BAND_CHANNEL).then(
        () => {
          if (!this.down) return;
          this.down = false;
          this.logger.info({ context: 'live' }, 'the live channel reaches redis again');
          handlers.back();
        },
        (error: Error) => this.lost(error),
      );
    });
  }

  /** Starts connecting; resolves once both connections answer, rejects (and goes on trying) if not. */
  async connect() {
    try {
      await Promise.all([this.publisher.connect(), this.listener.connect()]);
    } catch (error) {
      this.lost(error as Error);
      throw error;
    }
  }

  /** Sends a message to every process; false when it could not be sent now. */
  async publish(message: Buffer, channel = REDIS_CHANNEL): Promise<boolean> {
    if (this.publisher.status !== 'ready') return false;
    try {
      await this.publisher.publish(channel, message);
      return true;
    } catch (error) {
      this.lost(error as Error);
      return false;
    }
  }

  /** Keeps a value for processes that start later (null: forgets it); not waited for, never throws. */
  keep(key: string, value: Buffer | null, seconds: number) {
    if (this.publisher.status !== 'ready') return;
    const done = value ? this.publisher.set(key, value, 'EX', seconds) : this.publisher.del(key);
    done.catch((error: Error) => this.lost(error));
  }

  /** A value kept (undefined when there is none, or Redis does not answer now). */
  async recall(key: string): Promise<Buffer | undefined> {
    if (this.publisher.status !== 'ready') return undefined;
    try {
      return (await this.publisher.getBuffer(key)) ?? undefined;
    } catch (error) {
      this.lost(error as Error);
      return undefined;
    }
  }

  /** Logs once per outage: ioredis reports every failed reconnect. */
  private lost(error: Error) {
    if (this.down) return;
    this.down = true;
    this.logger.warn(
      { context: 'live', err: error.message },
      'redis unreachable: the live channel reaches only this process until it is back',
    );
  }

  /** Drops both connections at once: nothing is waited for (a quit could not be sent mid-outage). */
  close() {
    this.publisher.disconnect();
    this.listener.disconnect();
  }
}

/** An event as it travels through Redis: "<gig> <version> <event JSON>", the JSON not encoded again. */
export function toWire(gig: string, event: Outgoing): Buffer {
  return Buffer.concat([Buffer.from(`${gig} ${event.version} `), event.data]);
}

export function fromWire(message: Buffer): { gig: string; event: Outgoing } | null {
  const space1 = message.indexOf(32);
  const space2 = space1 < 0 ? -1 : message.indexOf(32, space1 + 1);
  if (space2 < 0) return null;
  const gig = message.toString('latin1', 0, space1);
  const version = Number(message.toString('latin1', space1 + 1, space2));
  if (!GIG_TOKEN.test(gig) || !Number.isSafeInteger(version)) return null;
  return { gig, event: { version, data: message.subarray(space2 + 1) } };
}
