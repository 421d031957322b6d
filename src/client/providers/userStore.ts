import { useSyncExternalStore } from 'react';
import type { ApiUser } from '../../shared/api-types';

/** The signed-in user, kept in localStorage under `user` (spec §3) and observable by components. */
const KEY = 'user';
const listeners = new Set<() => void>();
let cache: { raw: string | null; user: ApiUser | null } = { raw: null, user: null };

export function getStoredUser(): ApiUser | null {
  const raw = localStorage.getItem(KEY);
  if (raw !== cache.raw) {
    let user: ApiUser | null = null;
    try {
      user = raw ? (JSON.parse(raw) as ApiUser) : null;
    } catch {
      user = null;
    }
    cache = { raw, user };
  }
  return cache.user;
}

function emit() {
  listeners.forEach((listener) => listener());
}

export function setStoredUser(user: ApiUser) {
  localStorage.setItem(KEY, JSON.stringify(user));
  emit();
}

/** Merges fresh fields (GET /api/user) into the stored user, keeping its token. */
export function mergeStoredUser(fresh: Partial<ApiUser>) {
  const current = getStoredUser();
  if (current) setStoredUser({ ...current, ...fresh, token: current.token });
}

export function clearStoredUser() {
  localStorage.removeItem(KEY);
  // The band's gig answers kept on this device for offline use go with the session (the service
  // worker's cache 'encore-band', src/client/live/offline/caching.ts; no Cache API on plain http).
  globalThis.caches?.delete('encore-band').catch(() => undefined);
  emit();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab signing in or out changes the stored user too.
  const onStorage = (event: StorageEvent) => event.key === KEY && listener();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export const useStoredUser = () => useSyncExternalStore(subscribe, getStoredUser);
