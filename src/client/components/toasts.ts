import { toast } from 'react-toastify';

interface Messages {
  pending: string;
  success: string | ((result: never) => string);
  /** A fixed failure text (spec §8), or none to show the server's message. */
  error?: string;
  /** How long the result stays (spec §9: 1 s on list screens, up to 3 s for updates). */
  autoClose?: number;
}

/**
 * Spec §8's toast sequence: a loading toast that turns into the success or error toast in place.
 * Resolves to the result, or undefined after a failure (which the toast has reported).
 */
export async function withToasts<T>(run: () => Promise<T>, messages: Messages): Promise<T | undefined> {
  const id = toast.loading(messages.pending);
  const autoClose = messages.autoClose ?? 3000;
  try {
    const result = await run();
    const text =
      typeof messages.success === 'function' ? messages.success(result as never) : messages.success;
    toast.update(id, { render: text, type: 'success', isLoading: false, autoClose });
    return result;
  } catch (error) {
    const text =
      messages.error ?? (error instanceof Error && error.message ? error.message : 'Something went wrong.');
    toast.update(id, { render: text, type: 'error', isLoading: false, autoClose: Math.max(autoClose, 3000) });
    return undefined;
  }
}
