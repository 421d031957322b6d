/**
 * What a page did without a network, kept on the device until it can be sent (issue 27, point 5):
 * the band's "Played"/"Declined" and a guest's request. Kept in localStorage, so a tablet or phone
 * that reloads (or restarts) offline still has it. Sending happens in order when the page is online
 * again; the server's rules decide each one, and what it refuses is handed back to be shown.
 */

/** A send that failed for want of a network (no answer at all), as against a refusal. */
export class NoNetwork extends Error {}

export interface Flushed<T> {
  sent: T[];
  refused: { item: T; error: unknown }[];
}

export interface Outbox<T> {
  items(): T[];
  add(item: T): void;
  /**
   * Sends what is kept, oldest first. An item the server answered (taken or refused) leaves the
   * outbox; a NoNetwork failure stops the round and keeps it and the rest for the next one. One round
   * at a time: a second call while one runs gets the same round.
   */
  flush(send: (item: T) => Promise<unknown>): Promise<Flushed<T>>;
}

function read<T>(key: string): T[] {
  try {
    const raw = localStorage.getItem(key);
    const items: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(items) ? (items as T[]) : [];
  } catch {
    return []; // storage blocked or unreadable: nothing kept
  }
}

function write<T>(key: string, items: T[]) {
  try {
    if (items.length) localStorage.setItem(key, JSON.stringify(items));
    else localStorage.removeItem(key);
  } catch {
    // Storage blocked or full: kept in this page's memory only (the caller holds the items).
  }
}

export function createOutbox<T>(key: string): Outbox<T> {
  // The page's own copy, so that blocked storage still keeps things for this visit.
  let kept = read<T>(key);
  let round: Promise<Flushed<T>> | undefined;
  const save = (items: T[]) => {
    kept = items;
    write(key, items);
  };
  return {
    items: () => [...kept],
    add(item) {
      save([...kept, item]);
    },
    flush(send) {
      round ??= (async () => {
        const result: Flushed<T> = { sent: [], refused: [] };
        try {
          while (kept.length) {
            const [item] = kept;
            try {
              await send(item);
              result.sent.push(item);
            } catch (error) {
              if (error instanceof NoNetwork) break;
              result.refused.push({ item, error });
            }
            save(kept.slice(1));
          }
        } finally {
          round = undefined;
        }
        return result;
      })();
      return round;
    },
  };
}

/**
 * Calls onChange with the browser's network state as it changes (the "offline" and "online" events).
 * A network that is up but does not reach the server shows as a failed send (NoNetwork) instead.
 */
export function watchNetwork(onChange: (online: boolean) => void): () => void {
  const online = () => onChange(true);
  const offline = () => onChange(false);
  window.addEventListener('online', online);
  window.addEventListener('offline', offline);
  return () => {
    window.removeEventListener('online', online);
    window.removeEventListener('offline', offline);
  };
}

/**
 * Runs `run` again later: a round that found no network while the browser says it is online (the
 * Wi-Fi is back but the server not yet reachable, or the network came up a moment after its event)
 * tries again in 2 s, then twice as long each time, at most every 30 s.
 */
export function createRetry(run: () => void) {
  let wait = 2000;
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    schedule() {
      clearTimeout(timer);
      timer = setTimeout(run, wait);
      wait = Math.min(wait * 2, 30_000);
    },
    stop() {
      clearTimeout(timer);
      wait = 2000;
    },
  };
}
