import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { WebSocket } from 'ws';
import type { LiveServer } from './live-server.js';

const REDIS_CHANNEL = 'encore:live';
/** A gig's token as the routes accept it (TokenParams). */
const TOKEN = /^[A-Za-z0-9_-]{8,64}$/;
/** A page follows one gig; a little slack for a page switching gigs. */
const MAX_GIGS_PER_CLIENT = 2;

export interface ChannelSource {
  /** The first message a subscriber gets; null when there is no such gig. */
  snapshot(gig: string): Promise<(object & { version: number }) | null>;
  /** Why subscribing is refused now (maintenance mode), or null. */
  refusal(): Promise<string | null>;
}

/**
 * Gig subscriptions over the live server: a client sends {type:'subscribe', gig:<token>}, gets the
 * queue at once and every change after it. With Redis, every server process publishes changes to
 * one channel and forwards what it hears to its own subscribers, so a request taken by one process
 * reaches band pages connected to another.
 */
export class LiveChannel {
  private readonly subscribers = new Map<string, Set<WebSocket>>();
  /** The gigs each client follows (to clean up when it goes, and to cap them). */
  private readonly following = new Map<WebSocket, Set<string>>();
  /** Events for clients whose snapshot is still being read. */
  private readonly held = new Map<WebSocket, string[]>();
  private publisher?: Redis;
  private listener?: Redis;

  constructor(
    private readonly live: LiveServer,
    private readonly source: ChannelSource,
    private readonly logger: FastifyBaseLogger,
  ) {
    live.onMessage((client, message) => {
      if (typeof message.gig !== 'string') return;
      if (message.type === 'subscribe')
        this.subscribe(client, message.gig).catch((error: Error) => {
          // A rejection left unhandled would end the process.
          this.logger.error({ context: 'live', err: error.message }, 'a subscription failed');
          client.terminate();
        });
      else if (message.type === 'unsubscribe') this.leave(client, message.gig);
    });
  }

  async connectRedis(url: string) {
    const options = { lazyConnect: true, maxRetriesPerRequest: 1 };
    const publisher = new Redis(url, options);
    const listener = new Redis(url, options);
    for (const client of [publisher, listener])
      client.on('error', (error: Error) =>
        this.logger.warn({ context: 'live', err: error.message }, 'redis connection problem'),
      );
    listener.on('message', (_channel: string, text: string) => {
      try {
        const { gig, event } = JSON.parse(text) as { gig: string; event: string };
        this.deliver(gig, event);
      } catch {
        this.logger.warn({ context: 'live' }, 'ignored a malformed message from redis');
      }
    });
    try {
      await Promise.all([publisher.connect(), listener.connect()]);
      await listener.subscribe(REDIS_CHANNEL);
    } catch (error) {
      // This process then delivers its own changes only; the caller logs why.
      publisher.disconnect();
      listener.disconnect();
      throw error;
    }
    this.publisher = publisher;
    this.listener = listener;
  }

  /**
   * The client joins the gig's subscribers before its snapshot is read, and what is published
   * meanwhile is held back: afterwards the events newer than the snapshot follow it, so a change
   * committed while the snapshot was being read is neither lost nor sent twice.
   */
  private async subscribe(client: WebSocket, gig: string) {
    const refuse = (message: string) => this.live.send(client, { type: 'error', message });
    if (!TOKEN.test(gig)) return refuse('There is no gig at this address.');
    const gigs = this.following.get(client) ?? new Set<string>();
    if (!gigs.has(gig) && gigs.size >= MAX_GIGS_PER_CLIENT) return refuse('Follow one gig at a time.');
    if (this.held.has(client)) return refuse('Wait for the queue before asking again.');
    // Over a limit of the live server (the gig's share of it): the client is closed with the reason.
    if (!gigs.has(gig) && !this.live.follow(client, gig)) return;
    this.held.set(client, []);
    this.join(client, gig);
    try {
      const reason = await this.source.refusal();
      const first = reason ? null : await this.source.snapshot(gig);
      const held = this.held.get(client) ?? [];
      this.held.delete(client);
      if (!first) {
        this.leave(client, gig);
        return refuse(reason ?? 'There is no gig at this address.');
      }
      this.live.followed(client);
      this.live.send(client, first);
      for (const text of held) {
        if ((JSON.parse(text) as { version: number }).version > first.version)
          this.live.sendText(client, text);
      }
    } catch (error) {
      this.held.delete(client);
      this.leave(client, gig);
      this.logger.error({ context: 'live', err: (error as Error).message }, 'could not subscribe a client');
      refuse('The queue could not be loaded. Try again shortly.');
    }
  }

  private join(client: WebSocket, gig: string) {
    let clients = this.subscribers.get(gig);
    if (!clients) this.subscribers.set(gig, (clients = new Set()));
    clients.add(client);
    let gigs = this.following.get(client);
    if (!gigs) {
      this.following.set(client, (gigs = new Set()));
      client.once('close', () => {
        for (const followed of this.following.get(client) ?? []) this.leave(client, followed);
        this.following.delete(client);
        this.held.delete(client);
      });
    }
    gigs.add(gig);
  }

  private leave(client: WebSocket, gig: string) {
    const clients = this.subscribers.get(gig);
    clients?.delete(client);
    if (clients && !clients.size) this.subscribers.delete(gig);
    this.following.get(client)?.delete(gig);
    this.live.unfollow(client, gig);
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

  async close() {
    await Promise.all([this.publisher?.quit(), this.listener?.quit()]);
  }
}
