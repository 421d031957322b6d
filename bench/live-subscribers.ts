// Child process of bench/live.ts: the audience's phones. BENCH_CLIENTS websocket clients follow gig
// BENCH_GIG on BENCH_WS_URL, each checking that versions come one by one and timing every "requested"
// event from the server's commit (the event's `at`) to its arrival here. They run in processes of
// their own so that their work does not delay the benchmark's clock for the guests' requests.
// With BENCH_STREAM_URL (--sse) every second phone follows that event stream (the Server-Sent Events
// fallback) instead, and the two kinds are reported apart.
// Answers 'reconnect' (drop some clients and bring them back, each resynced from a fresh snapshot)
// and 'report' (what they saw).
import type { LiveEvent } from '../src/shared/live-events.js';
import { onStop, serveBench } from './serve.js';
import { type EventStream, openEventStream } from './sse-subscriber.js';
import { openLeanWebSocket } from './ws-subscriber.js';

const URL = process.env.BENCH_WS_URL!;
const STREAM_URL = process.env.BENCH_STREAM_URL;
const GIG = process.env.BENCH_GIG!;
const COUNT = Number(process.env.BENCH_CLIENTS);
const OPENING_AT_ONCE = 100;
const RETRIES = 5;
const CATCH_UP_MS = 5000;

const now = () => performance.timeOrigin + performance.now();

/**
 * A change event's version, commit time and kind, read from the start of its text as the server
 * writes it (channel.ts: JSON.stringify of a ChangeEvent, its keys in that order); anything else is
 * parsed whole. 3,000 phones parsing every event whole took a third of the subscriber processes'
 * CPU, on the two cores the server's fan-out needs too: a real phone parses on its own CPU.
 */
const CHANGE =
  /^\{"type":"change","gig":"[^"\\]*","version":(\d+),"active":(?:true|false),"at":([\d.]+),"change":\{"kind":"(\w+)"/;

type Kind = 'websocket' | 'stream';

/** What the phones of one kind saw. */
class Tally {
  /** Arrival minus commit of every "requested" event, in ms (grows as needed). */
  latencies = new Float64Array(1 << 16);
  count = 0;
  /** Events committed before the phone asked for the gig, sent right behind a snapshot that was
   *  shared within the second (live-snapshots.ts): its resync, not a delivery to time. */
  replayed = 0;
  missing = 0;
  outOfOrder = 0;

  note(ms: number) {
    if (this.count === this.latencies.length) {
      const bigger = new Float64Array(this.latencies.length * 2);
      bigger.set(this.latencies);
      this.latencies = bigger;
    }
    this.latencies[this.count++] = ms;
  }
}
const tallies: Record<Kind, Tally> = { websocket: new Tally(), stream: new Tally() };

/** A phone's way to the gig, websocket (bench/ws-subscriber.ts) or event stream: both close and say
 *  whether they are open. */
type Connection = EventStream;

interface Phone {
  kind: Kind;
  connection?: Connection;
  /** The version of the queue the phone holds; -1 before its first snapshot. */
  version: number;
}

let retries = 0;
const errors: string[] = [];

/** Connects, subscribes, and resolves with the snapshot's version once the queue has come. */
function connect(phone: Phone): Promise<number> {
  return new Promise((resolve, reject) => {
    const tally = tallies[phone.kind];
    // What a dropped connection still had in its buffers is not the phone's any more.
    const attempt = {};
    let current = attempt;
    let subscribed = false;
    // When the phone asked for the gig: the event stream asks as it opens, a websocket once open.
    let asked = now();
    const onData = (data: string, arrived: number) => {
      if (current !== attempt) return;
      const change = subscribed ? CHANGE.exec(data) : null;
      if (change) return tallyChange(Number(change[1]), Number(change[2]), change[3], arrived);
      const event = JSON.parse(data) as LiveEvent | { type: 'error'; message: string } | { type: 'lead' };
      // The band's tablets' messages (bench/follow.ts) must never reach a guest's phone.
      if (event.type === 'lead') {
        errors.push('a guest got a leader message');
        return;
      }
      if (event.type === 'error') {
        errors.push(event.message);
        reject(new Error(event.message));
        return;
      }
      if (event.type === 'queue') {
        phone.version = event.version;
        subscribed = true;
        resolve(event.version);
        return;
      }
      if (subscribed) tallyChange(event.version, event.at, event.change.kind, arrived);
    };
    const tallyChange = (version: number, at: number, kind: string, arrived: number) => {
      if (version > phone.version + 1) tally.missing += version - phone.version - 1;
      if (version <= phone.version) tally.outOfOrder++;
      else phone.version = version;
      if (kind !== 'requested') return;
      if (at < asked) tally.replayed++;
      else tally.note(arrived - at);
    };
    const ended = () => reject(new Error(`${phone.kind} closed before its snapshot`));
    const drop = (connection: Connection): Connection => ({
      close() {
        current = {};
        connection.close();
      },
      get open() {
        return connection.open;
      },
    });
    const opened: Promise<Connection> =
      phone.kind === 'stream'
        ? openEventStream(STREAM_URL!, onData, ended)
        : openLeanWebSocket(URL, onData, ended).then((socket) => {
            asked = now();
            socket.send(JSON.stringify({ type: 'subscribe', gig: GIG }));
            return socket;
          });
    opened.then((connection) => (phone.connection = drop(connection)), reject);
  });
}

const phones: Phone[] = Array.from({ length: COUNT }, (_, i) => ({
  kind: STREAM_URL && i % 2 === 1 ? 'stream' : 'websocket',
  version: -1,
}));
const hangUp = async () => phones.forEach((phone) => phone.connection?.close());
onStop(hangUp);
for (let i = 0; i < COUNT; i += OPENING_AT_ONCE)
  await Promise.all(phones.slice(i, i + OPENING_AT_ONCE).map(connect));

/** Connects again as the audience page does: a failed attempt is retried after a pause, a few times. */
async function reconnected(phone: Phone): Promise<number> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await connect(phone);
    } catch (error) {
      if (attempt === RETRIES) throw error;
      retries++;
      await new Promise((resolve) => setTimeout(resolve, 250 * attempt));
    }
  }
}

const percentile = (sorted: ArrayLike<number>, p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN;

/** Whether the phone holds `version` (or newer) within CATCH_UP_MS. */
async function caughtUp(phone: Phone, version: number) {
  for (const end = now() + CATCH_UP_MS; phone.version < version;) {
    if (now() > end) return false;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return true;
}

/**
 * Drops the first `count` phones' connections abruptly (a venue's Wi-Fi going down) spread over
 * `withinMs`, and reconnects each at once. A phone is resynced when its new snapshot, with the events
 * the server sends after it, is at least as new as what it held: a snapshot read in the last second
 * serves the phones that join (live-snapshots.ts), so it may be older than what a phone had, and the
 * events since it come right behind. Afterwards its versions must again follow one by one.
 */
async function reconnect({ count, withinMs }: Record<string, unknown>) {
  const n = Math.min(Number(count), phones.length);
  const started = now();
  const times: number[] = [];
  let resynced = 0;
  const failed: string[] = [];
  await Promise.all(
    phones.slice(0, n).map(async (phone, i) => {
      await new Promise((resolve) => setTimeout(resolve, (i * Number(withinMs)) / n));
      const held = phone.version;
      const begun = now();
      phone.connection!.close();
      try {
        const version = await reconnected(phone);
        if (await caughtUp(phone, held)) {
          times.push(now() - begun);
          resynced++;
        } else failed.push(`snapshot ${version} and what followed it stayed older than the ${held} held`);
      } catch (error) {
        failed.push((error as Error).message);
      }
    }),
  );
  times.sort((a, b) => a - b);
  return {
    dropped: n,
    resynced,
    retries,
    failed: failed.slice(0, 5),
    spreadMs: now() - started,
    resyncP50: percentile(times, 50),
    resyncP99: percentile(times, 99),
  };
}

function reportOf(kind: Kind) {
  const tally = tallies[kind];
  const sorted = tally.latencies.subarray(0, tally.count).sort();
  const mine = phones.filter((phone) => phone.kind === kind);
  const versions: Record<number, number> = {};
  for (const phone of mine) versions[phone.version] = (versions[phone.version] ?? 0) + 1;
  return {
    phones: mine.length,
    events: tally.count,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted[tally.count - 1] ?? NaN,
    replayed: tally.replayed,
    missing: tally.missing,
    outOfOrder: tally.outOfOrder,
    /** How many phones hold each version now. */
    versions,
    open: mine.filter((phone) => phone.connection?.open).length,
  };
}

const report = () => ({
  errors: errors.slice(0, 5),
  kinds: { websocket: reportOf('websocket'), stream: reportOf('stream') },
});

serveBench({ version: phones[0]?.version ?? 0 }, hangUp, { reconnect, report });
