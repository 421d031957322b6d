import { createParser } from 'eventsource-parser';

export interface StreamHandlers {
  /** The server answered with the stream (its first event, the queue, follows). */
  open(): void;
  /** One event's JSON text. */
  message(data: string): void;
  /** A keep-alive comment: the connection is alive. */
  heard(): void;
  /** The server answered with an error instead of the stream (401: the session has ended). */
  refused(status: number): void;
  /** The stream ended or could not be opened (called once, also after close()). */
  close(): void;
}

/**
 * Reads a topic of the live channel (a gig's, or the panel's) as Server-Sent Events from the main port: the fallback of a network
 * that blocks websockets. Read with fetch rather than EventSource because a signed-in page must send
 * its session as the Authorization header (EventSource sends no headers, and a token in the URL
 * would land in logs), and because the page decides itself when to reconnect.
 */
export function openEventStream(
  /** The stream's address: a gig's `/api/live/<token>/events`, or the panel's. */
  url: string,
  session: string | null | undefined,
  on: StreamHandlers,
) {
  const controller = new AbortController();
  void (async () => {
    try {
      const response = await fetch(url, {
        headers: { accept: 'text/event-stream', ...(session ? { authorization: `Bearer ${session}` } : {}) },
        cache: 'no-store',
        signal: controller.signal,
      });
      if (!response.ok) return on.refused(response.status);
      if (!response.body) return;
      on.open();
      const parser = createParser({ onEvent: (event) => on.message(event.data), onComment: on.heard });
      const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
      for (let read = await reader.read(); !read.done; read = await reader.read()) parser.feed(read.value);
    } catch {
      // The network failed, or the page closed the stream: either way it has ended.
    } finally {
      on.close();
    }
  })();
  return { close: () => controller.abort() };
}

/** How a channel opens its event stream: this function, or one that loads it first (the panel's). */
export type StreamOpener = typeof openEventStream;
