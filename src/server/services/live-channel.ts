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
  /** Events for clients whose snapshot is still being read. */
  private readonly held = new Map<WebSocket, string[]>();
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

  /**
   * The client joins the gig's subscribers before its snapshot is read, and what is published
   * meanwhile is held back: afterwards the events newer than the snapshot follow it, so a change
   * committed while the snapshot was being read is neither lost nor sent twice.
   */
  private async subscribe(client: WebSocket, gig: string) {
    let clients = this.subscribers.get(gig);
    if (!clients) this.subscribers.set(gig, (clients = new Set()));
    const joined = clients;
    joined.add(client);
    const held: string[] = [];
    this.held.set(client, held);
    client.once('close', () => {
      joined.delete(client);
      if (!joined.size && this.subscribers.get(gig) === joined) this.subscribers.delete(gig);
    });
    let first: (object & { version?: number }) | null = null;
    try {
      first = await this.snapshot(gig);
    } finally {
      this.held.delete(client);
    }
    if (!first) {
      joined.delete(client);
      this.live.send(client, { type: 'error', message: 'There is no gig at this address.' });
      return;
    }
    this.live.send(client, first);
    for (const text of held) {
      if ((JSON.parse(text) as { version: number }).version > (first.version ?? -1))
        this.live.sendText(client, text);
    }
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
    for (const client of this.subscribers.get(gig) ?? []) {
      const held = this.held.get(client);
      if (held) held.push(text);
      else this.live.sendText(client, text);
    }
  }

  subscriberCount(gig: string) {
    return this.subscribers.get(gig)?.size ?? 0;
  }

  async close() {
    await Promise.all([this.publisher?.quit(), this.listener?.quit()]);
  }
}
