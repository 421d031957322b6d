import { said, type Sentence } from '../errors.js';
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
    unfollow: (gig) => live.unfollow(client, gig),
    onClose: (listener) => client.once('close', listener),
    drop: () => client.terminate(),
  };
}

/**
 * Gig subscriptions over the live server's websockets: a client sends {type:'subscribe', gig:<token>}
 * (or 'unsubscribe') and the channel sends it the queue and every change after it.
 */
export function followOverWebsockets(
  live: LiveServer,
  channel: {
    subscribe(client: LiveFollower, gig: string): Promise<void>;
    leave(client: LiveFollower, gig: string): void;
  },
) {
  const followers = new WeakMap<WebSocket, LiveFollower>();
  live.websockets.onMessage((socket, message) => {
    if (typeof message.gig !== 'string') return;
    let client = followers.get(socket);
    if (!client) followers.set(socket, (client = socketFollower(live, socket)));
    if (message.type === 'subscribe') void channel.subscribe(client, message.gig);
    else if (message.type === 'unsubscribe') channel.leave(client, message.gig);
  });
}
