import { useCallback } from 'react';
import { useAuthProvider, useNotify } from 'react-admin';

interface ToastMessages<T> {
  /** Message keys (or texts); `success` may be worked out from the result. */
  pending: string;
  success: string | ((result: T) => string);
  /** A fixed failure text (spec §8), or none to show the server's message. */
  error?: string;
  /** How long the result stays (spec §9: 1 s on list screens, up to 3 s for updates). */
  autoClose?: number;
  /** Issue 28: how to take the result back; the success toast then has an Undo button for a few seconds. */
  undo?: (result: T) => (() => void) | undefined;
}

/** How long a toast with Undo stays: a few seconds to change one's mind. */
const UNDO_MS = 6000;

let lastId = 0;

/** The server's message of a failure, or the generic one. */
export const failureText = (error: unknown) =>
  error instanceof Error && error.message ? error.message : 'failure.generic';

/**
 * Spec §8's toast sequence through react-admin's notify (ToastNotification shows it): a loading toast
 * that turns into the success or error toast in place. `begin` starts one and returns how to end it.
 */
export function useProgressToast() {
  const notify = useNotify();
  return useCallback(
    (pending: string) => {
      const toastId = `progress-${++lastId}`;
      notify(pending, { type: 'info', toastId, pending: true });
      return {
        succeeded: (message: string, autoClose = 3000, messageArgs?: object, undo?: () => void) =>
          notify(message, {
            type: 'success',
            toastId,
            autoHideDuration: undo ? Math.max(autoClose, UNDO_MS) : autoClose,
            messageArgs,
            ...(undo ? { undo } : {}),
          }),
        failed: (message: string, autoClose = 3000) =>
          notify(message, { type: 'error', toastId, autoHideDuration: Math.max(autoClose, 3000) }),
        /** The user was signed out on the way: no result to report (the login page says why). */
        dismissed: () => notify('', { type: 'info', toastId, dismiss: true }),
      };
    },
    [notify],
  );
}

/**
 * Runs a request with spec §8's toasts; resolves to its result, or undefined after a failure (which
 * the toast reported). A 401/403 signs the user out and resolves react-admin's data provider with an
 * empty answer: that is no success, so no success toast.
 */
export function useWithToasts() {
  const begin = useProgressToast();
  const authProvider = useAuthProvider();
  return useCallback(
    async <T>(run: () => Promise<T>, messages: ToastMessages<T>): Promise<T | undefined> => {
      const toast = begin(messages.pending);
      const autoClose = messages.autoClose ?? 3000;
      try {
        const result = await run();
        const signedIn = await (authProvider?.checkAuth({}) ?? Promise.resolve()).then(
          () => true,
          () => false,
        );
        if (!signedIn) {
          toast.dismissed();
          return undefined;
        }
        const text = typeof messages.success === 'function' ? messages.success(result) : messages.success;
        toast.succeeded(text, autoClose, undefined, messages.undo?.(result));
        return result;
      } catch (error) {
        toast.failed(messages.error ?? failureText(error), autoClose);
        return undefined;
      }
    },
    [begin, authProvider],
  );
}
