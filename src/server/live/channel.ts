import { type Said, say } from '../../shared/server-messages.js';
import type { Sentence } from '../errors.js';
import type { FastifyBaseLogger } from 'fastify';
import { LIVE_VERSION_CHECK_MS } from '../../shared/constants.js';
import { FanOut, newer, type Outgoing } from './fanout.js';
import { GIG_TOKEN } from '../../shared/live-protocol.js';
import type { LiveFollower, Refused } from './follower.js';
import type { LeadEvent, LeadMessage } from '../../shared/live-lead.js';
import { GigLeads, LEAD_KEPT_SECONDS, leadKey, readLeadEvent } from './lead.js';
import { BAND_CHANNEL, fromWire, LiveRedis, toWire } from './redis.js';
import { RecentSnapshots } from './snapshots.js';
import { VersionWatch } from './versions.js';

/** A page follows one gig; a little slack for a page switching gigs. */
const MAX_GIGS_PER_CLIENT = 2;

export interface ChannelSource {
  /** The first message a subscriber gets; null when there is no such gig. */
  snapshot(gig: string): Promise<(object & { version: number }) | null>;
  /** Why subscribing is refused now (maintenance mode), or null. */
  refusal(): Promise<Said | null>;
  /** The gigs' queue versions as stored (a gig that is gone is left out). */
  versions(gigs: string[]): Promise<Map<string, number>>;
}

/** How many times a client waits for a read before it is told to try again: a read that outlived
 *  its events (RecentSnapshots keeps a bounded number) is followed by another. */
const READS_PER_SUBSCRIBE = 3;

/** The gig of another band-only message than the leader's (publishToBand), if it is one. */
function bandMessageGig(data: Buffer): string | undefined {
  let message: { type?: unknown; gig?: unknown } | null;
  try {
    message = JSON.parse(data.toString()) as typeof message;
  } catch {
    return undefined;
  }
  const gig = message?.gig;
  return typeof message?.type === 'string' && typeof gig === 'string' && GIG_TOKEN.test(gig)
    ? gig
    : undefined;
}

/** High-resolution wall-clock time, comparable between processes on one machine. */
const now = () => performance.timeOrigin + performance.now();

/**
 * Gig subscriptions over the live server: a client sends {type:'subscribe', gig:<token>} (or opens
 * the gig's event stream, live-events.ts), gets the queue at once and every change after it. With Redis, every server process publishes changes to
 * one channel and forwards what it hears to its own subscribers, so a request taken by one process
 * reaches band pages connected to another.
 *
 * At scale (issue 15, point 4; issue 16, point 2): an event is serialized once and the same bytes go
 * to every socket, a chunk of sockets per turn of the event loop (FanOut); clients that join together
 * (a thousand phones reconnecting after the venue's Wi-Fi came back) share one snapshot read
 * (RecentSnapshots).
 */
export class LiveChannel {
  private readonly subscribers = new Map<string, Set<LiveFollower>>();
  /** Each gig's signed-in subscribers (its band's pages): the only ones the leader's messages reach. */
  private readonly bandPages = new Map<string, Set<LiveFollower>>();
  /** Each gig's leading tablet (issue 27, point 4). */
  private readonly leads = new GigLeads();
  private readonly fanOuts = new Map<string, FanOut<LiveFollower>>();
  /** The gigs each client follows, each with the last version it was sent (older events are skipped). */
  private readonly following = new Map<LiveFollower, Map<string, number>>();
  /** Clients waiting for their snapshot (and the gig), who get no events until it is sent. */
  private readonly waiting = new Map<LiveFollower, string>();
  /** Each gig's snapshot being read, which every client that joins meanwhile waits for. */
  private readonly reads = new Map<string, Promise<Outgoing | null>>();
  private readonly snapshots = new RecentSnapshots();
  private redis?: LiveRedis;
  /** With Redis: finds the gigs whose pages here missed changes published while Redis was away. */
  private watch?: VersionWatch;

  constructor(
    private readonly source: ChannelSource,
    private readonly logger: FastifyBaseLogger,
  ) {}

  /**
   * Shares the gigs' changes with the other server processes through Redis. Rejects when Redis does
   * not answer now; it is then tried again and again meanwhile (LiveRedis), and this process's own
   * pages are served alone until it answers.
   */
  async connectRedis(url: string) {
    this.watch = new VersionWatch({
      gigs: () => this.subscribers.keys(),
      read: (gigs) => this.source.versions(gigs),
      resync: (gig) => this.resync(gig),
      logger: this.logger,
    });
    this.watch.start(LIVE_VERSION_CHECK_MS);
    this.redis = new LiveRedis(url, this.logger, {
      heard: (message) => {
        const heard = fromWire(message);
        if (heard) this.deliver(heard.gig, heard.event);
        else this.logger.warn({ context: 'live' }, 'ignored a malformed message from redis');
      },
      heardBand: (message) => {
        const event = readLeadEvent(message);
        const gig = event ? undefined : bandMessageGig(message);
        if (event) this.deliverLead(event, message);
        else if (gig) this.deliverToBand(gig, message);
        else this.logger.warn({ context: 'live' }, 'ignored a malformed band message from redis');
      },
      back: () => void this.watch?.check(true),
    });
    await this.redis.connect();
  }

  /**
   * The client joins the gig's subscribers and gets nothing until its snapshot is sent: a read of the
   * gig's queue with every event heard since that read began (RecentSnapshots), so a change committed
   * while the snapshot was being read is neither lost nor sent twice.
   */
  async subscribe(client: LiveFollower, gig: string) {
    try {
      await this.snapshotThenChanges(client, gig);
    } catch (error) {
      // A rejection left unhandled would end the process.
      this.logger.error({ context: 'live', err: (error as Error).message }, 'a subscription failed');
      client.drop();
    }
  }

  private async snapshotThenChanges(client: LiveFollower, gig: string) {
    const refuse = (status: Refused, sentence: Sentence) => client.refuse(status, sentence);
    if (!GIG_TOKEN.test(gig)) return refuse(404, say('no_gig_at_address'));
    // Awaited only for a signed-in page; what follows up to waiting.set runs without a pause, so two
    // subscribes at once still meet the checks one after the other.
    const allowed = client.mayFollow?.(gig) ?? true;
    if (allowed !== true && !(await allowed)) return refuse(403, say('gig_other_band'));
    const gigs = this.following.get(client) ?? new Map<string, number>();
    if (!gigs.has(gig) && gigs.size >= MAX_GIGS_PER_CLIENT) return refuse(409, say('follow_one_gig'));
    if (this.waiting.has(client)) return refuse(409, say('wait_for_queue'));
    // Over a limit of the live server (the gig's share of it): the client is closed with the reason.
    if (!gigs.has(gig) && !client.follow(gig)) return;
    this.waiting.set(client, gig);
    this.join(client, gig);
    try {
      const refusal = await this.source.refusal();
      const snapshot = refusal ? null : await this.snapshotFor(gig);
      this.waiting.delete(client);
      if (!snapshot) {
        this.leave(client, gig);
        return refuse(refusal ? 503 : 404, refusal ?? say('no_gig_at_address'));
      }
      // It left (or went) while the snapshot was read.
      if (!this.following.get(client)?.has(gig)) return;
      const { first, events } = snapshot;
      // In version order: events from other processes may have come through Redis out of order, and
      // a page that saw a gap here would ask again and be given the same shared snapshot.
      const after = events
        .filter((event) => event.version > first.version)
        .sort((a, b) => a.version - b.version);
      client.followed();
      // The events sent here that are still to go out in the gig's next round are skipped there.
      this.following.get(client)!.set(gig, after.at(-1)?.version ?? first.version);
      client.send([first.data, ...after.map((event) => event.data)]);
      // A band page that joins (or comes back) finds the song the leader has open.
      if (client.signedIn) await this.sendLead(client, gig);
    } catch (error) {
      this.waiting.delete(client);
      this.leave(client, gig);
      this.logger.error({ context: 'live', err: (error as Error).message }, 'could not subscribe a client');
      refuse(503, say('queue_not_loaded'));
    }
  }

  /**
   * The gig's snapshot and the events heard since it was read: the last second's read if there is one,
   * else the read under way, else a new one; clients that join together (a thousand phones back after
   * the venue's Wi-Fi dropped) share it. Null: there is no such gig.
   */
  private async snapshotFor(gig: string) {
    for (let attempt = 1; ; attempt++) {
      const recent = this.snapshots.reuse(gig);
      if (recent) return recent;
      const first = await this.sharedRead(gig);
      if (!first) return null;
      const since = this.snapshots.since(gig, first);
      if (since) return { first, events: since };
      if (attempt === READS_PER_SUBSCRIBE) throw new Error('the queue changed faster than it could be read');
    }
  }

  /** The gig's snapshot read under way, or a new one, which everyone asking meanwhile shares. */
  private sharedRead(gig: string) {
    let read = this.reads.get(gig);
    if (!read) {
      read = this.readSnapshot(gig).finally(() => this.reads.delete(gig));
      this.reads.set(gig, read);
    }
    return read;
  }

  private async readSnapshot(gig: string): Promise<Outgoing | null> {
    const read = this.snapshots.begin(gig);
    let first: Outgoing | null = null;
    try {
      const snapshot = await this.source.snapshot(gig);
      first = snapshot && { version: snapshot.version, data: Buffer.from(JSON.stringify(snapshot)) };
      if (first) this.watch?.saw(gig, first.version);
      return first;
    } finally {
      read(first);
    }
  }

  private join(client: LiveFollower, gig: string) {
    let clients = this.subscribers.get(gig);
    if (!clients) this.subscribers.set(gig, (clients = new Set()));
    clients.add(client);
    if (client.signedIn) {
      let band = this.bandPages.get(gig);
      if (!band) this.bandPages.set(gig, (band = new Set()));
      band.add(client);
    }
    let gigs = this.following.get(client);
    if (!gigs) {
      this.following.set(client, (gigs = new Map()));
      client.onClose(() => {
        for (const followed of this.following.get(client)?.keys() ?? []) this.leave(client, followed);
        this.following.delete(client);
        this.waiting.delete(client);
      });
    }
    // Until its snapshot is sent, every event is newer than what it has.
    gigs.set(gig, -Infinity);
  }

  leave(client: LiveFollower, gig: string) {
    const clients = this.subscribers.get(gig);
    clients?.delete(client);
    const band = this.bandPages.get(gig);
    if (band?.delete(client) && !band.size) this.bandPages.delete(gig);
    if (clients && !clients.size) {
      this.subscribers.delete(gig);
      this.snapshots.forget(gig);
      this.watch?.forget(gig);
      // One still sending is let go when it is done (its onIdle).
      if (this.fanOuts.get(gig)?.idle) this.fanOuts.delete(gig);
    }
    this.following.get(client)?.delete(gig);
    client.unfollow(gig);
  }

  /** Sends an event to every subscriber of the gig, in every server process. */
  publish(gig: string, event: object & { version: number }) {
    const outgoing = { version: event.version, data: Buffer.from(JSON.stringify(event)) };
    if (!this.redis) return this.deliver(gig, outgoing);
    // One message per event whatever the number of subscribers, and not waited for. Redis away: this
    // process's own pages still hear of the change; the other processes' find it when it is back.
    void this.redis.publish(toWire(gig, outgoing)).then((sent) => sent || this.deliver(gig, outgoing));
  }

  /**
   * A tablet's leader message (issue 27, point 4) from a sender the caller has checked may lead the
   * gig: sent to the gig's band pages in every process, and kept for those that join later. Answers
   * the event sent, or the gig's current leader's (undefined: nobody leads) when the tablet does not
   * lead (it has not heard yet that another took over), which changes nothing.
   */
  lead(message: LeadMessage): { sent: boolean; current?: Buffer } {
    const event = this.leads.decide(message, now());
    if (!event) return { sent: false, current: this.leads.current(message.gig) };
    const data = Buffer.from(JSON.stringify(event));
    // At once here, so this tablet's next message finds it leading before Redis echoes this one.
    this.leads.heard(event, data);
    if (!this.redis) {
      this.deliverLead(event, data);
      return { sent: true };
    }
    this.redis.keep(leadKey(event.gig), event.tablet ? data : null, LEAD_KEPT_SECONDS);
    void this.redis.publish(data, BAND_CHANNEL).then((sent) => sent || this.deliverLead(event, data));
    return { sent: true };
  }

  /** To the gig's band pages here that have their queue (those waiting for it get it after). */
  private deliverLead(event: LeadEvent, data: Buffer) {
    if (!this.leads.heard(event, data)) return;
    for (const client of this.bandPages.get(event.gig) ?? [])
      if (this.waiting.get(client) !== event.gig) this.sendSafely(client, [data]);
  }

  /** The gig's current leader's last event, if any: from memory, else as Redis kept it. */
  private async sendLead(client: LiveFollower, gig: string) {
    if (!this.leads.current(gig) && this.redis) {
      const kept = await this.redis.recall(leadKey(gig));
      const event = kept && readLeadEvent(kept);
      if (event) this.leads.heard(event, kept);
    }
    // The newest known now (one may have come while Redis was read); it may reach the page twice.
    const data = this.leads.current(gig);
    if (data && this.bandPages.get(gig)?.has(client)) this.sendSafely(client, [data]);
  }

  /**
   * Sends a message to the gig's signed-in pages only (the band's tablets, a viewer), in every server
   * process, as the leader's messages go; the audience's phones following the gig never get it. It
   * is not one of the queue's numbered events and is kept nowhere: each carries a whole state with a
   * version of its own, which a page reads from the API once its snapshot has come.
   */
  publishToBand(gig: string, message: object) {
    const data = Buffer.from(JSON.stringify(message));
    if (!this.redis) return this.deliverToBand(gig, data);
    void this.redis.publish(data, BAND_CHANNEL).then((sent) => sent || this.deliverToBand(gig, data));
  }

  /**
   * A handful of band pages per gig: sent at once, not through the fan-out. A page still waiting for
   * its snapshot is skipped (nothing may come before the snapshot): the page reads the state from the
   * API once its snapshot has come, which is after this change was committed.
   */
  private deliverToBand(gig: string, data: Buffer) {
    for (const client of this.bandPages.get(gig) ?? [])
      if (this.waiting.get(client) !== gig) this.sendSafely(client, [data]);
  }

  /**
   * Sends the gig's stored queue, and what was heard since it was read, to its pages here that have
   * less: they missed changes that no later change will reveal to them (VersionWatch).
   */
  private async resync(gig: string) {
    const first = await this.sharedRead(gig);
    if (!first) return;
    const after = [...(this.snapshots.since(gig, first) ?? [])]
      .filter((event) => event.version > first.version)
      .sort((a, b) => a.version - b.version);
    const last = after.at(-1)?.version ?? first.version;
    for (const client of this.subscribers.get(gig) ?? []) {
      const gigs = this.following.get(client);
      const since = gigs?.get(gig);
      if (this.waiting.get(client) === gig || since === undefined || since >= last) continue;
      gigs!.set(gig, last);
      this.sendSafely(client, [first.data, ...after.map((event) => event.data)]);
    }
  }

  private deliver(gig: string, event: Outgoing) {
    this.watch?.saw(gig, event.version);
    if (!this.subscribers.has(gig)) return;
    this.snapshots.heard(gig, event);
    let fanOut = this.fanOuts.get(gig);
    if (!fanOut) {
      fanOut = new FanOut<LiveFollower>(
        () => this.subscribers.get(gig) ?? [],
        (client, events) => this.sendEvents(client, gig, events),
        {
          onIdle: () => {
            if (!this.subscribers.has(gig)) this.fanOuts.delete(gig);
          },
        },
      );
      this.fanOuts.set(gig, fanOut);
    }
    fanOut.push(event);
  }

  /** The gig's events a client has not had, unless it left or waits for its snapshot. */
  private sendEvents(client: LiveFollower, gig: string, events: readonly Outgoing[]) {
    if (this.waiting.get(client) === gig) return;
    const gigs = this.following.get(client);
    const since = gigs?.get(gig);
    if (since === undefined) return;
    const { data, last } = newer(events, since);
    if (!data.length) return;
    gigs!.set(gig, last);
    this.sendSafely(client, data);
  }

  private sendSafely(client: LiveFollower, data: readonly Buffer[]) {
    try {
      client.send(data);
    } catch (error) {
      // One broken socket must not stop the round for the others.
      this.logger.warn(
        { context: 'live', err: (error as Error).message },
        'dropped a client that failed a send',
      );
      client.drop();
    }
  }

  async close() {
    this.watch?.stop();
    this.redis?.close();
  }
}
