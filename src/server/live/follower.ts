import { said, type Sentence } from '../errors.js';
import { say } from '../../shared/server-messages.js';
import { type LeadMessage, readLeadMessage } from '../../shared/live-lead.js';
import { GIG_TOKEN } from '../../shared/live-protocol.js';
import type { WebSocket } from 'ws';
import type { LiveServer } from './websockets.js';

/**
 * A page following gigs over one connection: a websocket of the live server, or an event stream on
 * the main port (live-events.ts). Both get the same order: the snapshot, then the changes after it.
 */
export interface LiveFollower {
  /** Sends serialized events, in order (as one write where the transport allows). */
  send(events: readonly Buffer[]): void;
  /**
   * Tells the page why it gets no queue: 403 another band's gig, 404 no such gig, 409 a request out of
   * turn, 503 not now.
   */
  refuse(status: Refused, sentence: Sentence): void;
  /** Whether it may follow the gig (true at once when nothing needs reading); absent: it may. */
  mayFollow?(gig: string): Promise<boolean> | true;
  /** Takes its place among the gig's followers (the live server's limits); refused, it is closed. */
  follow(gig: string): boolean;
  /** It got a real gig's queue. */
  followed(): void;
  unfollow(gig: string): void;
  /** A signed-in page (its band's, or a system admin's): the leading tablet's messages reach it. */
  readonly signedIn?: boolean;
  /** Calls `listener` once, when the connection ends. */
  onClose(listener: () => void): void;
  /** Ends the connection after a failure of the server's own. */
  drop(): void;
}

export type Refused = 403 | 404 | 409 | 503;

/** A websocket of the live server as a follower. */
function socketFollower(live: LiveServer, client: WebSocket): LiveFollower {
  return {
    send: (events) => live.websockets.sendBatch(client, events),
    refuse: (_status, sentence) => live.websockets.send(client, { type: 'error', ...said(sentence) }),
    mayFollow: (gig) => live.mayFollow(client, gig),
    follow: (gig) => live.follow(client, gig),
    followed: () => live.followed(client),
    signedIn: live.signedInPage(client) !== undefined,
    unfollow: (gig) => live.unfollow(client, gig),
    onClose: (listener) => client.once('close', listener),
    drop: () => client.terminate(),
  };
}

/** How long a socket's right to lead a gig is taken as read: a leader scrolls several times a second. */
const LEAD_CHECK_MS = 10_000;

/**
 * Gig subscriptions over the live server's websockets: a client sends {type:'subscribe', gig:<token>}
 * (or 'unsubscribe') and the channel sends it the queue and every change after it. A band tablet may
 * also send the leader's messages ({type:'lead', ...}, issue 27), which only a signed-in member of the
 * gig's band (not a viewer) may send; others, and malformed ones, are answered with an error.
 */
export function followOverWebsockets(
  live: LiveServer,
  channel: {
    subscribe(client: LiveFollower, gig: string): Promise<void>;
    leave(client: LiveFollower, gig: string): void;
    lead(message: LeadMessage): { sent: boolean; current?: Buffer };
  },
) {
  const followers = new WeakMap<WebSocket, LiveFollower>();
  const leaders = new WeakMap<WebSocket, Map<string, { at: number; may: Promise<boolean> }>>();
  const mayLead = (socket: WebSocket, gig: string) => {
    const page = live.signedInPage(socket);
    if (!page) return Promise.resolve(false);
    let checked = leaders.get(socket);
    if (!checked) leaders.set(socket, (checked = new Map()));
    const known = checked.get(gig);
    if (known && Date.now() - known.at < LEAD_CHECK_MS) return known.may;
    // Not known now (the database): refused this time, asked again next time.
    const may = page.mayLead(gig).catch(() => false);
    checked.set(gig, { at: Date.now(), may });
    return may;
  };
  const lead = async (socket: WebSocket, raw: Record<string, unknown>) => {
    const message = readLeadMessage(raw, GIG_TOKEN);
    if (!message) return live.websockets.send(socket, { type: 'error', ...say('lead_malformed') });
    if (!(await mayLead(socket, message.gig)))
      return live.websockets.send(socket, { type: 'error', ...say('lead_band_only') });
    const { sent, current } = channel.lead(message);
    // Another tablet leads now: this one is told who, as the band's pages were.
    if (!sent && current) live.websockets.sendBatch(socket, [current]);
  };
  live.websockets.onMessage((socket, message) => {
    if (message.type === 'lead') {
      void lead(socket, message).catch(() => socket.terminate());
      return;
    }
    if (typeof message.gig !== 'string') return;
    let client = followers.get(socket);
    if (!client) followers.set(socket, (client = socketFollower(live, socket)));
    if (message.type === 'subscribe') void channel.subscribe(client, message.gig);
    else if (message.type === 'unsubscribe') channel.leave(client, message.gig);
  });
}
