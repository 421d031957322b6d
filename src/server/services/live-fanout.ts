/** A change on its way to a gig's subscribers: serialized once, the same bytes for every socket. */
export interface Outgoing {
  version: number;
  data: Buffer;
}

/** How many sockets get an event before the process turns to other work (an HTTP request, say). */
export const FAN_OUT_CHUNK = 200;

/**
 * Sends a gig's events to its subscribers a chunk of sockets at a time, each chunk on its own turn of
 * the event loop (setImmediate), so that thousands of subscribers never hold a guest's request up
 * behind the broadcast. Events that come while a round is under way wait for the next round and are
 * then sent together, in order: under load the rounds grow instead of falling behind.
 */
export class FanOut<Client> {
  private pending: Outgoing[] = [];
  private running = false;

  constructor(
    /** The subscribers as they are when a round begins. */
    private readonly members: () => Iterable<Client>,
    /** Sends a round's events to one subscriber (it may have left or be waiting for its snapshot). */
    private readonly send: (client: Client, events: readonly Outgoing[]) => void,
    private readonly chunk = FAN_OUT_CHUNK,
  ) {}

  push(event: Outgoing) {
    this.pending.push(event);
    if (!this.running) {
      this.running = true;
      setImmediate(() => this.round());
    }
  }

  /** Whether nothing is waiting or being sent (the gig's state may then be forgotten). */
  get idle() {
    return !this.running && !this.pending.length;
  }

  private round() {
    const events = this.pending;
    this.pending = [];
    const clients = [...this.members()];
    let at = 0;
    const step = () => {
      const end = Math.min(clients.length, at + this.chunk);
      for (; at < end; at++) this.send(clients[at], events);
      if (at < clients.length) setImmediate(step);
      else if (this.pending.length) this.round();
      else this.running = false;
    };
    step();
  }
}
