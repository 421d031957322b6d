/**
 * At most `capacity` entries, each living a fixed time from when it was added. When the table is full
 * of live entries it refuses a new key instead of dropping a live one, so no key is ever forgotten
 * early because of other keys.
 *
 * Entries of one table all live the same time, so the Map's insertion order is their expiry order and
 * the expired ones are always at its front: making room never scans live entries.
 */
export class ExpiringTable<T extends { expiresAt: number }> {
  private readonly entries = new Map<string, T>();

  constructor(readonly capacity: number) {}

  get size() {
    return this.entries.size;
  }

  get(key: string, now: number): T | undefined {
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt <= now) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  /** Whether a new key would fit now. */
  hasRoom(now: number): boolean {
    this.sweep(now);
    return this.entries.size < this.capacity;
  }

  /** Milliseconds until the oldest entry expires and a new key fits again. */
  msUntilRoom(now: number): number {
    this.sweep(now);
    if (this.entries.size < this.capacity) return 0;
    const oldest = this.entries.values().next().value as T;
    return oldest.expiresAt - now;
  }

  /** Adds (or replaces, moving it to the back) an entry; false when the table is full. */
  set(key: string, entry: T, now: number): boolean {
    this.entries.delete(key);
    if (!this.hasRoom(now)) return false;
    this.entries.set(key, entry);
    return true;
  }

  delete(key: string) {
    this.entries.delete(key);
  }

  private sweep(now: number) {
    for (const [key, entry] of this.entries) {
      if (entry.expiresAt > now) return;
      this.entries.delete(key);
    }
  }
}
