// One phone on the websocket fallback for bench/live-subscribers.ts (`npm run bench:live -- --sse`):
// GET /api/live/:token/events, read with the parser the audience page uses.
import { createParser } from 'eventsource-parser';

export interface EventStream {
  close(): void;
  readonly open: boolean;
}

/**
 * Opens the event stream at `url`; hands each event's data to `onData` with its arrival time (ms,
 * high-resolution wall clock) and calls `onEnd` when the stream ends. Rejects on a refusal.
 */
export async function openEventStream(
  url: string,
  onData: (data: string, arrived: number) => void,
  onEnd: () => void,
): Promise<EventStream> {
  const controller = new AbortController();
  const response = await fetch(url, { headers: { accept: 'text/event-stream' }, signal: controller.signal });
  if (!response.ok || !response.body)
    throw new Error(`event stream: HTTP ${response.status} ${await response.text()}`);
  let open = true;
  const parser = createParser({
    onEvent: (message) => onData(message.data, performance.timeOrigin + performance.now()),
  });
  void (async () => {
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    try {
      for (let read = await reader.read(); !read.done; read = await reader.read()) parser.feed(read.value);
    } catch {
      // aborted: closed by the bench
    } finally {
      open = false;
      onEnd();
    }
  })();
  return {
    close: () => controller.abort(),
    get open() {
      return open;
    },
  };
}
