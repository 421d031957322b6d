import { useSyncExternalStore } from 'react';

/**
 * The server's maintenance message while it refuses the signed-in user with 503 (maintenance mode
 * shuts out everyone but system admins), so the panel shows it as a banner rather than empty lists.
 * The httpClient reports every answer here; any successful one clears it.
 */
let message: string | null = null;
const listeners = new Set<() => void>();

export function reportMaintenance(next: string | null) {
  if (next === message) return;
  message = next;
  listeners.forEach((listener) => listener());
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useMaintenanceMessage = () => useSyncExternalStore(subscribe, () => message);
