import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { WebSocket } from 'ws';
import type { LiveServer } from './live-server.js';

const REDIS_CHANNEL = 'encore:live';

/** The first message a subscriber gets; null when there is no such gig. */
export type Snapshot = (gig: string) => Promise<object | null>;

/**
 * Gig subscriptions over the live server: a client sends {type:'subscribe', gig:<token>}, gets the
 * queue at once and every change after it. With Redis, every server process publishes changes to
 * one channel and forwards what it hears to its own subscribers, so a request taken by one process
 * reaches band pages connected to another.
 */
export class LiveChannel {
  private readonly subscribers = new Map<string, Set<WebSocket>>();
  private publisher?: Redis;
  private listener?: Redis;

  constructor(
    private readonly live: LiveServer,
    private readonly snapshot: Snapshot,
    private readonly logger: FastifyBaseLogger,
  ) {
    live.onMessage((client, message) => {
      if (message.type === 'subscribe' && typeof message.gig === 'string')
        void this.subscribe(client, message.gig);
      else if (message.type === 'unsubscribe' && typeof message.gig === 'string')
        this.subscribers.get(message.gig)?.delete(client);
    });
  }

  async connectRedis(url: string) {
    const options = { lazyConnect: true, maxRetriesPerRequest: 1 };
    this.publisher = new Redis(url, options);
    this.listener = new Redis(url, options);
    for (const client of [this.publisher, this.listener])
      client.on('error', (error: Error) =>
        this.logger.warn({ context: 'live', err: error.message }, 'redis connection problem'),
      );
    await Promise.all([this.publisher.connect(), this.listener.connect()]);
    await this.listener.subscribe(REDIS_CHANNEL);
    this.listener.on('message', (_channel: string, text: string) => {
      const { gig, event } = JSON.parse(text) as { gig: string; event: string };
      this.deliver(gig, event);
    });
  }

  private async subscribe(client: WebSocket, gig: string) {
    const first = await this.snapshot(gig);
    if (!first) {
      this.live.send(client, { type: 'error', message: 'There is no gig at this address.' });
      return;
    }
    let clients = this.subscribers.get(gig);
    if (!clients) this.subscribers.set(gig, (clients = new Set()));
    clients.add(client);
    client.once('close', () => {
      clients.delete(client);
      if (!clients.size && this.subscribers.get(gig) === clients) this.subscribers.delete(gig);
    });
    this.live.send(client, first);
  }

  /** Sends an event to every subscriber of the gig, in every server process. */
  publish(gig: string, event: object) {
    const text = JSON.stringify(event);
    if (!this.publisher) return this.deliver(gig, text);
    this.publisher.publish(REDIS_CHANNEL, JSON.stringify({ gig, event: text })).catch((error: Error) => {
      // Redis is down: this process's own subscribers still hear of the change.
      this.logger.warn({ context: 'live', err: error.message }, 'could not publish through redis');
      this.deliver(gig, text);
    });
  }

  private deliver(gig: string, text: string) {
    for (const client of this.subscribers.get(gig) ?? []) this.live.sendText(client, text);
  }

  subscriberCount(gig: string) {
    return this.subscribers.get(gig)?.size ?? 0;
  }

  async close() {
    await Promise.all([this.publisher?.quit(), this.listener?.quit()]);
  }
}
