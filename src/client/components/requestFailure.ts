interface HttpFailure {
  status: number;
  message?: string;
  body?: { message?: string; errors?: Record<string, string[]> } | null;
}

export const isHttpFailure = (error: unknown): error is HttpFailure =>
  typeof (error as { status?: unknown } | null)?.status === 'number';

/** The server's 422 errors map, one line per message (empty when the failure carried none). */
export function fieldMessages(error: unknown): Record<string, string> {
  if (!isHttpFailure(error)) return {};
  const errors = error.body?.errors ?? {};
  return Object.fromEntries(Object.entries(errors).map(([field, messages]) => [field, messages.join(' ')]));
}

interface Texts {
  /** Spec §8's failure text, e.g. 'Failed to add user'. */
  failed: string;
  /** Spec §8's text when no answer came back at all, e.g. 'Network error adding user'. */
  network: string;
  /** Add the HTTP status (spec §8: update user and the band calls report it). */
  withStatus?: boolean;
}

/**
 * Spec §8's failure message for a request: the fixed text, then the server's message and its field
 * errors (those not already said), then the status; or the network text when the server never answered.
 */
export function describeFailure(error: unknown, { failed, network, withStatus }: Texts): string {
  if (!isHttpFailure(error)) return network;
  const message = error.body?.message ?? error.message;
  const parts = [message ? `${failed}: ${message}` : failed];
  const fieldTexts = Object.values(error.body?.errors ?? {}).flat();
  parts.push(...fieldTexts.filter((text) => text !== message));
  if (withStatus) parts.push(`(HTTP ${error.status})`);
  return parts.join(' ');
}
