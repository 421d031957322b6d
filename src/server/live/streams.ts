import { say } from '../../shared/server-messages.js';
import type { WebSocket } from 'ws';
import type { LiveAdmission, Refusal, Visitor } from './admission.js';
import type { LiveCounters } from './counters.js';
import type { LiveStream } from './options.js';
import type { SessionChecks } from './session-checks.js';

interface Server {
  running(): boolean;
  /** The live server's admission now (a restart makes a new one). */
  admission(): LiveAdmission<WebSocket | LiveStream>;
  connections(): number;
}

/**
 * The event streams' slots (event-stream.ts): taken under the websockets' limits, counted with them,
 * and closed with them on stop and restart.
 */
export class StreamSlots {
  readonly open = new Set<LiveStream>();

  constructor(
    private readonly server: Server,
    private readonly counters: LiveCounters,
    private readonly sessions: SessionChecks,
  ) {}

  /** Takes a slot, or says why not. A signed-in stream's session (`token`) is checked again with the
   *  websockets'. */
  admit(stream: LiveStream, visitor: Visitor, token?: string): Refusal | null {
    if (!this.server.running()) return { kind: 'full', reason: say('live_stopped_later') };
    const refusal = this.server.admission().admit(stream, visitor);
    if (refusal) {
      this.counters.refused(refusal.kind);
      return refusal;
    }
    this.open.add(stream);
    if (token && visitor.page) this.sessions.track(stream, token);
    this.counters.connected(this.server.connections());
    return null;
  }

  /** Counts the stream among the gig's followers, or says why not. */
  follow(stream: LiveStream, gig: string): Refusal | null {
    const refusal = this.server.admission().follow(stream, gig);
    if (refusal) this.counters.refused(refusal.kind);
    return refusal;
  }

  /** Frees the stream's slot (it may have been freed already by a stop). */
  release(stream: LiveStream) {
    this.sessions.forget(stream);
    if (this.open.delete(stream)) this.server.admission().remove(stream);
  }

  /** Counts messages a stream sent, with the websockets' (System Status). */
  sent(count: number) {
    this.counters.values.messages_out += count;
  }

  closeAll(reason: string) {
    for (const stream of this.open) {
      this.server.admission().remove(stream);
      stream.close(reason);
    }
    this.open.clear();
  }
}
