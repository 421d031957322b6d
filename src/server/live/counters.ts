import { type Said, say } from '../../shared/server-messages.js';
import type { RefusalKind } from './admission.js';

const REFUSALS: Record<
  RefusalKind,
  'refused_full' | 'refused_per_address' | 'refused_per_gig' | 'refused_per_session' | 'refused_per_band'
> = {
  full: 'refused_full',
  address: 'refused_per_address',
  gig: 'refused_per_gig',
  session: 'refused_per_session',
  band: 'refused_per_band',
};

/** What the live server did since the process started (System Status); they survive restarts. */
export class LiveCounters {
  readonly values = {
    connections_total: 0,
    peak_connections: 0,
    messages_in: 0,
    messages_out: 0,
    refused_connections: 0,
    refused_full: 0,
    refused_per_address: 0,
    refused_per_gig: 0,
    refused_per_session: 0,
    refused_per_band: 0,
    closed_idle: 0,
    closed_signed_out: 0,
    restarts: 0,
  };

  refused(kind: RefusalKind) {
    this.values.refused_connections += 1;
    this.values[REFUSALS[kind]] += 1;
  }

  /** A connection was taken in; `now` connections are open with it. */
  connected(now: number) {
    this.values.connections_total += 1;
    this.values.peak_connections = Math.max(this.values.peak_connections, now);
  }
}

/** The live server's line in System Status. */
export function liveHealth(
  running: boolean,
  listenError: string | undefined,
  connections: number,
  max: number,
): { status: 'healthy' | 'warning' | 'error' } & Said {
  if (!running) return { status: 'error', ...say('live_stopped') };
  if (listenError) return { status: 'warning', ...say('live_port_failed', { error: listenError }) };
  const count = { connections, max };
  if (connections >= max * 0.9) return { status: 'warning', ...say('live_nearly_full', count) };
  return { status: 'healthy', ...say('live_running', count) };
}
