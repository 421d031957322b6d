/** A change on its way to a gig's subscribers: serialized once, the same bytes for every socket. */
export interface Outgoing {
  version: number;
  data: Buffer;
}

/**
 * How many sockets get an event before the process turns to other work (an HTTP request, say): some
 * 7 ms of writes here. Fewer, longer turns finish a round sooner; at gig night (docs/performance.md)
 * 600 gave the phones a delivery p99 of 81–87 ms against 100–111 with 200, the guests' requests alike.
 */
export const FAN_OUT_CHUNK = 600;

/**
 * Sends a gig's events to its subscribers a chunk of sockets at a time, each chunk on its own turn of
 * the event loop (setImmediate), so that thousands of subscribers never hold a guest's request up
 * behind the broadcast. An event that comes while a round is under way goes out in that round to the
 * clients it has not reached yet, and in the next round to those it passed: no event waits for a
 * whole round to end before it starts out (at 3,000 sockets a round is some 50 ms of system calls).
 * Each client is given the round's events and sends only those newer than what it has, in order;
 * under load the rounds grow instead of falling behind.
 */
export class FanOut<Client> {
  /** The events of the round under way (it sees the ones pushed meanwhile) or of the next one. */
  private events: Outgoing[] = [];
  /** How many of `events` were there when the round under way began: those every client gets. */
  private begunWith = 0;
  private running = false;

  constructor(
    /** The subscribers as they are when a round begins. */
    private readonly members: () => Iterable<Client>,
    /**
     * Sends one subscriber the events it has not had yet (it may have left or be waiting for its
     * snapshot); events are in the order heard. It must not throw: the round would stop there.
     */
    private readonly send: (client: Client, events: readonly Outgoing[]) => void,
    private readonly options: {
      /** Called when a round ends with nothing left to send. */
      onIdle?: () => void;
      chunk?: number;
    } = {},
  ) {}

  push(event: Outgoing) {
    this.events.push(event);
    if (!this.running) {
      this.running = true;
      setImmediate(() => this.round());
    }
  }

  /** Whether nothing is waiting or being sent (the gig's state may then be forgotten). */
  get idle() {
    return !this.running && !this.events.length;
  }

  private round() {
    // Every client of the last round got the events there were when it began; those that came
    // during it reached only the clients after them.
    this.events = this.events.slice(this.begunWith);
    this.begunWith = this.events.length;
    const events = this.events;
    const clients = [...this.members()];
    let at = 0;
    const step = () => {
      const end = Math.min(clients.length, at + (this.options.chunk ?? FAN_OUT_CHUNK));
      for (; at < end; at++) this.send(clients[at], events);
      if (at < clients.length) setImmediate(step);
      // The next round on a turn of its own too: I/O (an accept, a guest's request) goes between.
      else if (events.length > this.begunWith) setImmediate(() => this.round());
      else {
        this.events = [];
        this.begunWith = 0;
        this.running = false;
        this.options.onIdle?.();
      }
    };
    step();
  }
}

/**
 * The events' bytes after a version (older ones the client already has), and the newest version
 * among them: events heard through Redis may come out of order, so it need not be the last.
 */
export function newer(events: readonly Outgoing[], version: number) {
  const data: Buffer[] = [];
  let last = version;
  for (const event of events)
    if (event.version > version) {
      data.push(event.data);
      last = Math.max(last, event.version);
    }
  return { data, last };
}
