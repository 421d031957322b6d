import type { Db } from '../../db/connect.js';
import { findSessionUser } from '../../db/sessions.js';
import type { Freshness } from '../cache/list-cache.js';

type Found = NonNullable<Awaited<ReturnType<typeof findSessionUser>>>;
const MAX_SESSIONS = 10_000;

/**
 * Sessions with their users, read from the database at most once per FRESH_MS per token: a cached
 * list page then needs no database round trip. Any write through this process (a sign-out, a changed
 * user or band) forgets them all at once; one through another process is seen through Redis at once,
 * or after at most FRESH_MS (services/list-cache.ts; docs/decisions.md, "Lists and sessions from memory"). Only sessions that
 * exist are remembered.
 */
export class SessionCache {
  private entries = new Map<string, { at: number; found: Promise<Found | undefined> }>();
  private generation = 0;

  constructor(
    private readonly db: Db,
    private readonly freshness: Freshness,
  ) {
    freshness.onInvalidate(() => this.clear());
  }

  find(token: string): Promise<Found | undefined> {
    const now = performance.now();
    const hit = this.entries.get(token);
    if (hit && now - hit.at <= this.freshness.freshMs) return hit.found;
    const generation = this.generation;
    const found = findSessionUser(this.db, token);
    found.then(
      (row) => {
        if (!row || generation !== this.generation) return;
        if (this.entries.size >= MAX_SESSIONS) this.entries.clear();
        this.entries.set(token, { at: now, found });
      },
      () => {},
    );
    return found;
  }

  forget(token: string) {
    this.generation++;
    this.entries.delete(token);
  }

  clear() {
    this.generation++;
    this.entries.clear();
  }
}
