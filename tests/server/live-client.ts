/** A websocket client for the live-server tests: opens, records what arrives, and closes cleanly. */
import { WebSocket, type ClientOptions } from 'ws';

export interface LiveClient {
  ws: WebSocket;
  /** Parsed JSON messages received so far, oldest first. */
  messages: unknown[];
  /** Settles when the connection closes, with the close code and reason the client saw. */
  closed: Promise<{ code: number; reason: string }>;
  /** Sends a text frame (JSON-encoded unless already a string). */
  send(message: unknown): void;
  /** Resolves with the next message that arrives (or one already received after `after`). */
  next(after?: number): Promise<unknown>;
}

const open = new Set<WebSocket>();

/**
 * Connects to `url`, offering `protocols` if any (a signed-in page offers liveProtocols(session));
 * resolves once the connection is open (fails on an HTTP answer instead).
 */
export function connect(
  url: string,
  options: ClientOptions = {},
  protocols: string[] = [],
): Promise<LiveClient> {
  const ws = new WebSocket(url, protocols, options);
  open.add(ws);
  const messages: unknown[] = [];
  const waiting: (() => void)[] = [];
  ws.on('message', (data) => {
    const text = data.toString();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // keep the text
    }
    messages.push(parsed);
    for (const wake of waiting.splice(0)) wake();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    ws.on('close', (code, reason) => {
      open.delete(ws);
      resolve({ code, reason: reason.toString() });
    });
  });
  const client: LiveClient = {
    ws,
    messages,
    closed,
    send: (message) => ws.send(typeof message === 'string' ? message : JSON.stringify(message)),
    next(after = messages.length) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no message arrived')), 5_000);
        const check = () => {
          if (messages.length > after) {
            clearTimeout(timer);
            resolve(messages[after]);
          } else waiting.push(check);
        };
        check();
      });
    },
  };
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(client));
    // Kept on for the socket's life: an error after the open (a reset) is not a test failure by itself.
    ws.on('error', (error) => reject(error));
    ws.once('unexpected-response', (_request, response) => {
      open.delete(ws);
      ws.terminate();
      reject(new Error(`HTTP ${response.statusCode} instead of a websocket`));
    });
  });
}

/** Whether connecting to `url` fails (nothing listens there, or it answers without upgrading). */
export async function refuses(url: string): Promise<boolean> {
  try {
    const client = await connect(url);
    client.ws.terminate();
    return false;
  } catch {
    return true;
  }
}

/** Ends every client the tests opened and not yet closed (for afterEach). */
export function terminateAll() {
  for (const ws of open) ws.terminate();
  open.clear();
}
