import { useEffect, useMemo, useSyncExternalStore } from 'react';
import type { PanelEvent, PanelPage } from '../../shared/panel-live';

/** A page not heard of for this long has gone (its server process died without a word). */
export const PRESENCE_GONE_MS = 60_000;

interface Seen {
  page: PanelPage;
  at: string;
  heardAt: number;
}

/**
 * Who of the band has which item open, as the panel's live topic tells (together/panelLive.ts),
 * and which item this page shows (the edit screen says so; the topic tells the server). Small and
 * in the panel's first download: the connection itself is loaded later.
 */
export class Presence {
  private pages = new Map<string, Seen>();
  private seen: readonly Seen[] = [];
  private listeners = new Set<() => void>();
  private placeListeners = new Set<() => void>();
  /** The edit screen on show (`songs/12`), or null. */
  place: string | null = null;

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  };

  snapshot = () => this.seen;

  /** Calls `listener` whenever the page's place changes. */
  onPlace(listener: () => void) {
    this.placeListeners.add(listener);
    return () => void this.placeListeners.delete(listener);
  }

  /** The page now shows `place`; the function answered says it left it. */
  enter(place: string) {
    this.setPlace(place);
    return () => {
      if (this.place === place) this.setPlace(null);
    };
  }

  /** A `here` event of the topic: a page is at an item now, or at none. */
  heard(event: Extract<PanelEvent, { type: 'here' }>, now = Date.now()) {
    if (event.at) this.pages.set(event.page.key, { page: event.page, at: event.at, heardAt: now });
    else if (!this.pages.delete(event.page.key)) return;
    this.changed();
  }

  /** Forgets the pages not heard of for PRESENCE_GONE_MS. */
  expire(now = Date.now()) {
    let gone = false;
    for (const [key, seen] of this.pages)
      if (now - seen.heardAt > PRESENCE_GONE_MS) gone = this.pages.delete(key) || gone;
    if (gone) this.changed();
  }

  /** Forgets everyone (connected again: those still there say so). */
  clear() {
    if (!this.pages.size) return;
    this.pages.clear();
    this.changed();
  }

  private setPlace(place: string | null) {
    if (this.place === place) return;
    this.place = place;
    for (const listener of this.placeListeners) listener();
  }

  private changed() {
    this.seen = [...this.pages.values()];
    for (const listener of this.listeners) listener();
  }
}

/** The panel's one store. */
export const presence = new Presence();

/**
 * The others who have `place` open: one entry per user (several tabs of one bandmate are one),
 * never the user `me`, in name order. Mounting it tells the server the page is at `place`.
 */
export function useAlsoHere(place: string, me: number | string | undefined, store = presence): PanelPage[] {
  const seen = useSyncExternalStore(store.subscribe, store.snapshot);
  useEffect(() => store.enter(place), [place, store]);
  return useMemo(() => {
    // Until the user is known, their own tabs cannot be told from the others'.
    if (me === undefined) return [];
    const byUser = new Map<number, PanelPage>();
    for (const { page, at } of seen) if (at === place && page.id !== Number(me)) byUser.set(page.id, page);
    return [...byUser.values()].sort((a, b) => a.name.localeCompare(b.name));
  }, [seen, place, me]);
}
