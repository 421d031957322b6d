import type { Socket } from 'node:net';

/**
 * MAX_CONNECTIONS_PER_ADDRESS: connections one address may hold open at once, besides its live
 * streams. A phone holds one or two (the browser keeps them open about a minute after its last call),
 * so a venue whose phones share one address has room for a couple of hundred at once, while one
 * device cannot open thousands of slow requests.
 */
export const MAX_CONNECTIONS_PER_ADDRESS = 256;

/**
 * The open connections of each client address (the TCP peer), at most `max` each. A connection that
 * becomes a live stream (a websocket or an event stream) is let go: the live server bounds those
 * itself (LIVE_MAX_PER_ADDRESS and its shares), and a venue's phones behind one address each hold one.
 */
export class AddressConnections {
  private readonly counts = new Map<string, number>();
  /** The counted connections, by their address (kept: a closed socket may no longer know it). */
  private readonly counted = new Map<Socket, string>();
  /** Addresses refused since they were last under the limit: one log line each, not one a refusal. */
  private readonly refused = new Set<string>();

  constructor(private readonly max: number) {}

  /**
   * Counts a new connection, or answers 'full' when its address already holds `max` ('first full' for
   * the first refusal since it was under the limit); a refused connection is not counted.
   */
  admit(socket: Socket, address: string): 'counted' | 'full' | 'first full' {
    const count = this.counts.get(address) ?? 0;
    if (count >= this.max) {
      if (this.refused.has(address)) return 'full';
      this.refused.add(address);
      return 'first full';
    }
    this.counts.set(address, count + 1);
    this.counted.set(socket, address);
    socket.once('close', () => this.release(socket));
    return 'counted';
  }

  /** Stops counting a connection (it closed, or became a live stream). */
  release(socket: Socket) {
    const address = this.counted.get(socket);
    if (address === undefined) return;
    this.counted.delete(socket);
    const count = (this.counts.get(address) ?? 1) - 1;
    if (count > 0) this.counts.set(address, count);
    else this.counts.delete(address);
    this.refused.delete(address);
  }
}
