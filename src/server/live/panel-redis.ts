import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';

/** The panel topic's Redis channel (AppOptions.panelRedisChannel: tests sharing a Redis use their own). */
export const PANEL_REDIS_CHANNEL = 'encore:live:panel';

/**
 * The panel topic's link between server processes (live/panel.ts): one Redis channel every process
 * publishes to and hears. As the gigs' link (live/redis.ts), a publish while Redis is away fails at
 * once, so the caller delivers to its own pages; nothing is replayed after an outage, because a
 * panel page reloads its lists whenever it connects and the presence is said again every
 * PRESENCE_AGAIN_MS.
 */
export class PanelRedis {
  private readonly publisher: Redis;
  private readonly listener: Redis;
  private down = false;

  constructor(
    url: string,
    private readonly channel: string,
    private readonly logger: FastifyBaseLogger,
    heard: (message: string) => void,
  ) {
    const options = { lazyConnect: true, maxRetriesPerRequest: 1, enableOfflineQueue: false };
    this.publisher = new Redis(url, options);
    this.listener = new Redis(url, options);
    for (const client of [this.publisher, this.listener]) client.on('error', (error) => this.lost(error));
    this.listener.on('message', (_channel: string, message: string) => heard(message));
    this.listener.on('ready', () => {
      this.listener.subscribe(channel).then(
        () => (this.down = false),
        (error: Error) => this.lost(error),
      );
    });
  }

  /** Starts connecting; rejects (and goes on trying) when Redis does not answer now. */
  async connect() {
    try {
      await Promise.all([this.publisher.connect(), this.listener.connect()]);
    } catch (error) {
      this.lost(error as Error);
      throw error;
    }
  }

  /** Sends a message to every process (this one included); false when it could not be sent now. */
  async publish(message: string): Promise<boolean> {
    if (this.publisher.status !== 'ready') return false;
    try {
      await this.publisher.publish(this.channel, message);
      return true;
    } catch (error) {
      this.lost(error as Error);
      return false;
    }
  }

  private lost(error: Error) {
    if (this.down) return;
    this.down = true;
    this.logger.warn(
      { context: 'live', err: error.message },
      "redis unreachable: the panel's changes reach only this process until it is back",
    );
  }

  close() {
    this.publisher.disconnect();
    this.listener.disconnect();
  }
}
