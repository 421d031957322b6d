import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WEBSOCKET_AGAIN_MS, websocketBlocked } from '../../src/client/live/liveChannel';
import type { LiveState } from '../../src/client/live/liveQueue';
import { followGig, stopFollowingAll } from '../../src/client/live/liveSocket';
import type { QueueChange } from '../../src/shared/live-events';
import {
  FakeWebSocket,
  GIG_TOKEN,
  changeEvent,
  entry,
  lastSocket,
  snapshot,
  stubEventStreams,
  stubWebSocket,
} from './live-fixtures';

const ZAZMURI = entry(11, 'Zažmuri', 2, 'Zdravko Čolić');
const DJURDJEVDAN = entry(12, 'Đurđevdan', 1, 'Bijelo Dugme');
const LUTKA = entry(13, 'Lutka sa naslovne strane');
const SUBSCRIBE = { type: 'subscribe', gig: GIG_TOKEN };

function follow() {
  const onQueue = vi.fn<(state: LiveState, change?: QueueChange, at?: number) => void>();
  const onResync = vi.fn<() => void>();
  const onConnection = vi.fn<(online: boolean) => void>();
  const stop = followGig(GIG_TOKEN, { onQueue, onResync, onConnection });
  return { onQueue, onResync, onConnection, stop };
}

/** The queue of the last onQueue call. */
const lastState = (onQueue: ReturnType<typeof follow>['onQueue']) => onQueue.mock.lastCall?.[0];

beforeEach(() => {
  stubWebSocket();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('followGig (the live channel of one gig)', () => {
  it("connects to /ws on this host and sends {type:'subscribe', gig} once open", () => {
    const { onConnection, onResync, stop } = follow();
    expect(FakeWebSocket.instances).toHaveLength(1);
    const socket = lastSocket();
    expect(socket.url).toBe(`ws://${location.host}/ws`);
    // anonymous (the audience page): no session offered
    expect(socket.protocols).toEqual([]);
    expect(socket.sent).toEqual([]);
    expect(onConnection).not.toHaveBeenCalled();

    socket.open();
    expect(socket.sent).toEqual([SUBSCRIBE]);
    expect(onConnection).toHaveBeenLastCalledWith(true);
    // Connected: anything else the page shows is reloaded.
    expect(onResync).toHaveBeenCalledTimes(1);
    stop();
  });

  it("offers a signed-in page's session as a subprotocol", () => {
    const stop = followGig(
      GIG_TOKEN,
      { onQueue: vi.fn(), onResync: vi.fn(), onConnection: vi.fn() },
      'session-token',
    );
    expect(lastSocket().protocols).toEqual(['encore', 'encore-session.session-token']);
    stop();
  });

  it('passes the snapshot on, then each consecutive change applied to it (with the change and its time)', () => {
    const { onQueue, stop } = follow();
    const socket = lastSocket();
    socket.open();

    socket.receive(snapshot(4, [ZAZMURI, DJURDJEVDAN]));
    expect(onQueue).toHaveBeenCalledTimes(1);
    expect(onQueue.mock.calls[0]).toEqual([{ version: 4, active: true, queue: [ZAZMURI, DJURDJEVDAN] }]);

    const requested: QueueChange = { kind: 'requested', song_id: 13, request_ids: [40], entry: LUTKA };
    const event = changeEvent(5, requested);
    socket.receive(event);
    expect(onQueue).toHaveBeenCalledTimes(2);
    expect(onQueue.mock.calls[1]).toEqual([
      { version: 5, active: true, queue: [ZAZMURI, DJURDJEVDAN, LUTKA] },
      requested,
      event.at,
    ]);

    socket.receive(changeEvent(6, { kind: 'played', song_id: 11, request_ids: [1, 2] }));
    socket.receive(changeEvent(7, { kind: 'moved', song_id: 13, order: [13, 12] }));
    socket.receive(changeEvent(8, { kind: 'paused' }, false));
    expect(onQueue).toHaveBeenCalledTimes(5);
    expect(lastState(onQueue)).toEqual({ version: 8, active: false, queue: [LUTKA, DJURDJEVDAN] });
    stop();
  });

  it('ignores a change whose version is not newer than the queue it has', () => {
    const { onQueue, onResync, stop } = follow();
    const socket = lastSocket();
    socket.open();
    socket.receive(snapshot(4, [ZAZMURI, DJURDJEVDAN]));
    socket.receive(changeEvent(5, { kind: 'played', song_id: 11, request_ids: [1] }));
    expect(onQueue).toHaveBeenCalledTimes(2);

    socket.receive(changeEvent(5, { kind: 'played', song_id: 11, request_ids: [1] }));
    socket.receive(changeEvent(4, { kind: 'declined', song_id: 12, request_ids: [2] }));
    socket.receive(changeEvent(3, { kind: 'requested', song_id: 13, request_ids: [3], entry: LUTKA }));
    expect(onQueue).toHaveBeenCalledTimes(2);
    expect(lastState(onQueue)).toEqual({ version: 5, active: true, queue: [DJURDJEVDAN] });
    expect(socket.sent).toEqual([SUBSCRIBE]);
    expect(onResync).toHaveBeenCalledTimes(1); // only the one on open
    stop();
  });

  it('ignores changes that come before any snapshot', () => {
    const { onQueue, stop } = follow();
    const socket = lastSocket();
    socket.open();
    socket.receive(changeEvent(5, { kind: 'played', song_id: 11, request_ids: [1] }));
    expect(onQueue).not.toHaveBeenCalled();
    expect(socket.sent).toEqual([SUBSCRIBE]);
    stop();
  });

  it('ignores pong and error messages', () => {
    const { onQueue, onResync, stop } = follow();
    const socket = lastSocket();
    socket.open();
    socket.receive(snapshot(4, [ZAZMURI]));
    socket.receive({ type: 'pong' });
    socket.receive({ type: 'error', message: 'Unknown gig' });
    expect(onQueue).toHaveBeenCalledTimes(1);
    expect(onResync).toHaveBeenCalledTimes(1);
    stop();
  });

  it('on a gap in the versions subscribes again and asks for a resync; the next snapshot restores the queue', () => {
    const { onQueue, onResync, stop } = follow();
    const socket = lastSocket();
    socket.open();
    socket.receive(snapshot(4, [ZAZMURI, DJURDJEVDAN]));
    expect(onResync).toHaveBeenCalledTimes(1);

    // Version 5 never came.
    socket.receive(changeEvent(6, { kind: 'played', song_id: 11, request_ids: [1] }));
    expect(socket.sent).toEqual([SUBSCRIBE, SUBSCRIBE]);
    expect(onResync).toHaveBeenCalledTimes(2);
    expect(onQueue).toHaveBeenCalledTimes(1); // the gapped change is not applied

    // Until the new snapshot, changes have nothing to apply to.
    socket.receive(changeEvent(7, { kind: 'declined', song_id: 12, request_ids: [2] }));
    expect(onQueue).toHaveBeenCalledTimes(1);

    socket.receive(snapshot(7, [LUTKA], false));
    expect(onQueue).toHaveBeenCalledTimes(2);
    expect(onQueue.mock.calls[1]).toEqual([{ version: 7, active: false, queue: [LUTKA] }]);

    socket.receive(changeEvent(8, { kind: 'requested', song_id: 12, request_ids: [9], entry: DJURDJEVDAN }));
    expect(lastState(onQueue)).toEqual({ version: 8, active: true, queue: [LUTKA, DJURDJEVDAN] });
    expect(socket.sent).toEqual([SUBSCRIBE, SUBSCRIBE]);
    stop();
  });

  it('on close reports offline and reconnects after 0.5 s, subscribing again', () => {
    vi.useFakeTimers();
    const { onQueue, onResync, onConnection, stop } = follow();
    const first = lastSocket();
    first.open();
    first.receive(snapshot(4, [ZAZMURI]));

    first.drop();
    expect(onConnection).toHaveBeenLastCalledWith(false);
    expect(FakeWebSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(499);
    expect(FakeWebSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeWebSocket.instances).toHaveLength(2);

    const second = lastSocket();
    expect(second).not.toBe(first);
    expect(second.url).toBe(first.url);
    second.open();
    expect(second.sent).toEqual([SUBSCRIBE]);
    expect(onConnection).toHaveBeenLastCalledWith(true);
    expect(onResync).toHaveBeenCalledTimes(2);

    // The old queue is forgotten: a change before the new snapshot is not applied to it.
    second.receive(changeEvent(5, { kind: 'played', song_id: 11, request_ids: [1] }));
    expect(onQueue).toHaveBeenCalledTimes(1);
    second.receive(snapshot(6, [DJURDJEVDAN]));
    expect(lastState(onQueue)).toEqual({ version: 6, active: true, queue: [DJURDJEVDAN] });
    stop();
  });

  it('backs off 0.5 s, 1 s, 2 s, 4 s, then 5 s while it cannot connect, and starts over once connected', async () => {
    vi.useFakeTimers();
    // The websocket fails to open twice (blocked): then the event stream, which the server refuses.
    const streams = stubEventStreams(503);
    const { onConnection, stop } = follow();
    lastSocket().drop();
    await vi.advanceTimersByTimeAsync(500);
    lastSocket().drop();
    for (const [n, wait] of [500, 1000, 2000, 4000, 5000, 5000].entries()) {
      await vi.advanceTimersByTimeAsync(wait - 1);
      expect(streams).toHaveLength(n);
      await vi.advanceTimersByTimeAsync(1);
      expect(streams).toHaveLength(n + 1);
    }
    expect(FakeWebSocket.instances).toHaveLength(2);
    expect(onConnection).not.toHaveBeenCalledWith(true);
    stop();
  });

  it('the stop function closes the socket and does not reconnect', () => {
    vi.useFakeTimers();
    const { onConnection, stop } = follow();
    const socket = lastSocket();
    socket.open();
    stop();
    expect(socket.closeCalls).toBe(1);
    expect(socket.readyState).toBe(FakeWebSocket.CLOSED);
    vi.advanceTimersByTime(60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(onConnection).not.toHaveBeenCalledWith(false);
  });

  it('stops following every gig when the page goes', () => {
    vi.useFakeTimers();
    follow();
    follow();
    const [first, second] = FakeWebSocket.instances;
    first.open();
    stopFollowingAll();
    expect(first.closeCalls).toBe(1);
    expect(second.closeCalls).toBe(1);
    vi.advanceTimersByTime(60_000);
    expect(FakeWebSocket.instances).toHaveLength(2);
  });

  it('stopping while waiting to reconnect cancels the reconnect', () => {
    vi.useFakeTimers();
    const { stop } = follow();
    lastSocket().open();
    lastSocket().drop();
    vi.advanceTimersByTime(200);
    stop();
    vi.advanceTimersByTime(60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
  });
});

describe("a signed-in page's standing (issue 23, finding 2)", () => {
  it.each([
    [4401, 401, 'Your session has ended. Sign in again.'],
    [4403, 403, 'This gig belongs to another band.'],
  ])('a websocket closed with %i ends following with %i: no reconnect', (code, status, reason) => {
    vi.useFakeTimers();
    const onEnded = vi.fn<(status: 401 | 403) => void>();
    const onConnection = vi.fn<(online: boolean) => void>();
    followGig(GIG_TOKEN, { onQueue: vi.fn(), onResync: vi.fn(), onConnection, onEnded }, 'session-token');
    const socket = lastSocket();
    socket.open();
    socket.receive(snapshot(4, [ZAZMURI]));
    socket.closeWith(code, reason);
    expect(onEnded).toHaveBeenCalledExactlyOnceWith(status);
    vi.advanceTimersByTime(60_000);
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(onConnection).not.toHaveBeenCalledWith(false);
  });

  it('an event stream refused with 401 ends following; one refused with 503 is tried again', async () => {
    vi.useFakeTimers();
    for (const [status, ended] of [
      [401, true],
      [503, false],
    ] as const) {
      FakeWebSocket.instances = [];
      const streams = stubEventStreams(status);
      const onEnded = vi.fn<(status: 401 | 403) => void>();
      const stop = followGig(GIG_TOKEN, {
        onQueue: vi.fn(),
        onResync: vi.fn(),
        onConnection: vi.fn(),
        onEnded,
      });
      lastSocket().drop();
      await vi.advanceTimersByTimeAsync(500);
      lastSocket().drop();
      await vi.advanceTimersByTimeAsync(500);
      expect(streams).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(60_000);
      expect(onEnded.mock.calls).toEqual(ended ? [[401]] : []);
      expect(streams.length > 1).toBe(!ended);
      stop();
    }
  });
});

describe('the fallback to Server-Sent Events (a network that blocks websockets)', () => {
  it('is chosen after the websocket failed to open twice in a row, or dropped 3 times within a minute', () => {
    const now = 1_000_000;
    expect(websocketBlocked(0, [], now)).toBe(false);
    expect(websocketBlocked(1, [], now)).toBe(false);
    expect(websocketBlocked(2, [], now)).toBe(true);
    expect(websocketBlocked(0, [now - 50_000, now - 20_000], now)).toBe(false);
    expect(websocketBlocked(0, [now - 50_000, now - 20_000, now - 1], now)).toBe(true);
    // drops spread over more than a minute: a weak signal, not a blocking network
    expect(websocketBlocked(0, [now - 130_000, now - 70_000, now - 1], now)).toBe(false);
  });

  /** Follows the gig with a websocket that never opens: it ends up on the event stream. */
  async function onStream(session?: string) {
    vi.useFakeTimers();
    const streams = stubEventStreams();
    const onQueue = vi.fn<(state: LiveState, change?: QueueChange, at?: number) => void>();
    const onResync = vi.fn<() => void>();
    const onConnection = vi.fn<(online: boolean) => void>();
    const stop = followGig(GIG_TOKEN, { onQueue, onResync, onConnection }, session);
    lastSocket().drop();
    await vi.advanceTimersByTimeAsync(500);
    lastSocket().drop();
    expect(streams).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(500);
    expect(streams).toHaveLength(1);
    return { streams, onQueue, onResync, onConnection, stop };
  }

  it('reads the same snapshot and changes from the main port, with the same callbacks', async () => {
    const { streams, onQueue, onResync, onConnection, stop } = await onStream();
    const stream = streams[0];
    expect(stream.url).toBe(`/api/live/${GIG_TOKEN}/events`);
    expect(stream.headers).toEqual({ accept: 'text/event-stream' });
    await vi.advanceTimersByTimeAsync(0);
    expect(onConnection).toHaveBeenLastCalledWith(true);
    expect(onResync).toHaveBeenCalledTimes(1);

    stream.send(snapshot(4, [ZAZMURI, DJURDJEVDAN]));
    const requested: QueueChange = { kind: 'requested', song_id: 13, request_ids: [40], entry: LUTKA };
    const event = changeEvent(5, requested);
    stream.send(event);
    stream.comment();
    stream.send(changeEvent(6, { kind: 'played', song_id: 11, request_ids: [1, 2] }));
    await vi.advanceTimersByTimeAsync(0);
    expect(onQueue.mock.calls).toEqual([
      [{ version: 4, active: true, queue: [ZAZMURI, DJURDJEVDAN] }],
      [{ version: 5, active: true, queue: [ZAZMURI, DJURDJEVDAN, LUTKA] }, requested, event.at],
      [
        { version: 6, active: true, queue: [DJURDJEVDAN, LUTKA] },
        { kind: 'played', song_id: 11, request_ids: [1, 2] },
        expect.any(Number),
      ],
    ]);
    // It stays on the stream: no third websocket.
    expect(FakeWebSocket.instances).toHaveLength(2);
    const reports = onConnection.mock.calls.length;
    stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(stream.aborted()).toBe(true);
    // Stopped: neither offline nor a new stream.
    expect(onConnection).toHaveBeenCalledTimes(reports);
    expect(streams).toHaveLength(1);
  });

  it("sends a signed-in page's session as the Authorization header", async () => {
    const { streams, stop } = await onStream('session-token');
    expect(streams[0].headers).toEqual({
      accept: 'text/event-stream',
      authorization: 'Bearer session-token',
    });
    stop();
  });

  it('on a gap opens a new stream (which starts with the whole queue) and asks for a resync', async () => {
    const { streams, onQueue, onResync, onConnection, stop } = await onStream();
    streams[0].send(snapshot(4, [ZAZMURI]));
    await vi.advanceTimersByTimeAsync(0);
    streams[0].send(changeEvent(6, { kind: 'played', song_id: 11, request_ids: [1] }));
    await vi.advanceTimersByTimeAsync(0);
    expect(streams[0].aborted()).toBe(true);
    expect(streams).toHaveLength(2);
    expect(onQueue).toHaveBeenCalledTimes(1); // the gapped change is not applied
    await vi.advanceTimersByTimeAsync(0);
    // One resync on opening, one for the gap; the new stream is not a reconnect.
    expect(onResync).toHaveBeenCalledTimes(2);
    expect(onConnection).not.toHaveBeenLastCalledWith(false);

    streams[1].send(snapshot(6, [DJURDJEVDAN]));
    await vi.advanceTimersByTimeAsync(0);
    expect(lastState(onQueue)).toEqual({ version: 6, active: true, queue: [DJURDJEVDAN] });
    stop();
  });

  it('when the stream ends, reports offline and opens a new stream after 0.5 s', async () => {
    const { streams, onConnection, stop } = await onStream();
    streams[0].send(snapshot(4, [ZAZMURI]));
    streams[0].end();
    await vi.advanceTimersByTimeAsync(0);
    expect(onConnection).toHaveBeenLastCalledWith(false);
    await vi.advanceTimersByTimeAsync(499);
    expect(streams).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(streams).toHaveLength(2);
    expect(FakeWebSocket.instances).toHaveLength(2);
    stop();
  });

  it('goes back to the websocket once it opens again (after a restart of the whole server)', async () => {
    const { streams, onQueue, onResync, stop } = await onStream('session-token');
    // The server's keep-alive comments, as it sends them, so that the stream stays the same.
    const keepAlive = setInterval(() => streams.at(-1)!.comment(), 15_000);
    await vi.advanceTimersByTimeAsync(WEBSOCKET_AGAIN_MS - 1);
    expect(FakeWebSocket.instances).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    // A websocket is tried, with the page's session; while it cannot open the stream stays.
    expect(FakeWebSocket.instances).toHaveLength(3);
    expect(lastSocket().protocols).toEqual(['encore', 'encore-session.session-token']);
    lastSocket().drop();
    await vi.advanceTimersByTimeAsync(WEBSOCKET_AGAIN_MS);
    expect(streams).toHaveLength(1);
    expect(streams[0].aborted()).toBe(false);
    expect(FakeWebSocket.instances).toHaveLength(4);

    // This one opens: it is closed unused, and the page follows the gig over a new websocket.
    const probe = lastSocket();
    probe.open();
    expect(probe.closeCalls).toBe(1);
    expect(probe.sent).toEqual([]);
    expect(streams[0].aborted()).toBe(true);
    const socket = lastSocket();
    expect(socket).not.toBe(probe);
    socket.open();
    expect(socket.sent).toEqual([SUBSCRIBE]);
    socket.receive(snapshot(7, [DJURDJEVDAN]));
    expect(lastState(onQueue)).toEqual({ version: 7, active: true, queue: [DJURDJEVDAN] });
    // Connected anew: the page reloads what else it shows, as after any reconnect.
    expect(onResync).toHaveBeenCalledTimes(2);
    clearInterval(keepAlive);
    const pongs = setInterval(() => socket.receive({ type: 'pong' }), 15_000);
    // Back on the websocket: no more tries, no new stream.
    await vi.advanceTimersByTimeAsync(3 * WEBSOCKET_AGAIN_MS);
    clearInterval(pongs);
    expect(FakeWebSocket.instances).toHaveLength(5);
    expect(streams).toHaveLength(1);
    stop();
  });

  it('stopping on the stream cancels the next try of the websocket', async () => {
    const { stop } = await onStream();
    stop();
    await vi.advanceTimersByTimeAsync(3 * WEBSOCKET_AGAIN_MS);
    expect(FakeWebSocket.instances).toHaveLength(2);
  });

  it('is also chosen when creating a websocket throws (a webview or proxy that forbids them)', async () => {
    vi.useFakeTimers();
    let attempts = 0;
    vi.stubGlobal(
      'WebSocket',
      class {
        constructor() {
          attempts += 1;
          throw new DOMException('WebSockets are not allowed here', 'SecurityError');
        }
      },
    );
    const streams = stubEventStreams();
    const { onQueue, onConnection, stop } = follow();
    // Two failed opens, as for a network that cuts websockets, then the event stream (0.5 s later).
    await vi.advanceTimersByTimeAsync(1_500);
    expect(attempts).toBe(2);
    expect(streams).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(0);
    expect(onConnection).toHaveBeenLastCalledWith(true);
    streams[0].send(snapshot(4, [ZAZMURI]));
    await vi.advanceTimersByTimeAsync(0);
    expect(lastState(onQueue)).toEqual({ version: 4, active: true, queue: [ZAZMURI] });

    // The websocket is tried again now and then; a throw leaves the stream alone and waits again.
    const keepAlive = setInterval(() => streams[0].comment(), 15_000);
    await vi.advanceTimersByTimeAsync(2 * WEBSOCKET_AGAIN_MS);
    clearInterval(keepAlive);
    expect(attempts).toBe(4);
    expect(streams).toHaveLength(1);
    expect(streams[0].aborted()).toBe(false);
    stop();
  });

  it('is also chosen when an open websocket keeps dropping', async () => {
    vi.useFakeTimers();
    const streams = stubEventStreams();
    const { stop } = follow();
    for (let i = 0; i < 3; i++) {
      lastSocket().open();
      lastSocket().drop();
      await vi.advanceTimersByTimeAsync(500);
    }
    expect(FakeWebSocket.instances).toHaveLength(3);
    expect(streams).toHaveLength(1);
    stop();
  });
});
