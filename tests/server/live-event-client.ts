/**
 * A client of the live event stream (GET /api/live/:token/events) for the server tests: it reads the
 * stream over real HTTP with the parser the browser uses, and records every event and comment.
 */
import { createParser } from 'eventsource-parser';
import type { LiveEvent } from '../../src/shared/live-events.js';

const open = new Set<AbortController>();

export class LiveEventClient {
  readonly messages: Record<string, unknown>[] = [];
  comments = 0;
  /** Settles when the server ends the stream (or the test closes it). */
  readonly ended: Promise<void>;
  private wake: (() => void)[] = [];

  private constructor(
    readonly response: Response,
    private readonly controller: AbortController,
  ) {
    const parser = createParser({
      onEvent: (event) => {
        this.messages.push(JSON.parse(event.data) as Record<string, unknown>);
        this.notify();
      },
      onComment: () => {
        this.comments += 1;
        this.notify();
      },
    });
    this.ended = (async () => {
      if (!response.ok) return;
      try {
        const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
        for (let read = await reader.read(); !read.done; read = await reader.read()) parser.feed(read.value);
      } catch {
        // closed by the test
      } finally {
        open.delete(controller);
        this.notify();
      }
    })();
  }

  /**
   * Opens the gig's stream from `base` (http://host:port). Answers the client once the server has
   * answered; a refusal is an ordinary JSON answer (see `response.status`).
   */
  static async open(
    base: string,
    gig: string,
    { session, headers = {} }: { session?: string; headers?: Record<string, string> } = {},
  ) {
    const controller = new AbortController();
    open.add(controller);
    const response = await fetch(`${base}/api/live/${gig}/events`, {
      headers: {
        accept: 'text/event-stream',
        ...(session ? { authorization: `Bearer ${session}` } : {}),
        ...headers,
      },
      signal: controller.signal,
    });
    return new LiveEventClient(response, controller);
  }

  /** The refusal's status and JSON body (for a stream the server would not open). */
  async refusal() {
    return { status: this.response.status, body: (await this.response.json()) as Record<string, unknown> };
  }

  private notify() {
    for (const wake of this.wake.splice(0)) wake();
  }

  /** Waits (5 s at most) until `check` is true. */
  async until(check: () => boolean, what: string) {
    const deadline = Date.now() + 5_000;
    while (!check()) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`${what} did not happen: ${JSON.stringify(this.messages)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.wake.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** Waits until `count` events have arrived and answers them all. */
  async received(count: number) {
    await this.until(() => this.messages.length >= count, `${count} events`);
    return this.messages;
  }

  get events() {
    return this.messages as unknown as LiveEvent[];
  }

  /** Ends the stream from this side, as a page that goes away. */
  async close() {
    this.controller.abort();
    await this.ended;
  }
}

/** Ends every stream the tests opened and did not close (for afterEach). */
export function closeEventStreams() {
  for (const controller of open) controller.abort();
  open.clear();
}
