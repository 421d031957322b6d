import { useRef } from 'react';
import type { RaRecord } from 'react-admin';
import { failureText, useProgressToast } from './toasts';

export interface SaveMessages {
  /** Message keys: spec §8's 'Adding song, please wait...' and 'Song has been added'. */
  pending: string;
  success: string;
}

/**
 * Spec §8's toasts around a react-admin save: `start` before the save shows the pending toast;
 * `mutationOptions` (for CreateBase/EditBase) turn it into the success or error toast. An answer
 * without an id is the empty one react-admin gives after a 401/403 signed the user out: nothing was
 * saved, so the toast goes without a word (the login page says why).
 */
export function useSaveToasts<T extends RaRecord>(messages: SaveMessages, onSaved: (record: T) => void) {
  const begin = useProgressToast();
  const toast = useRef<ReturnType<typeof begin>>(undefined);
  return {
    start: () => {
      toast.current = begin(messages.pending);
    },
    /** Ends the pending toast without a word: something else says what happened (a conflict's dialog). */
    dismiss: () => toast.current?.dismissed(),
    mutationOptions: {
      onSuccess: (record: T) => {
        if (record?.id == null) toast.current?.dismissed();
        else {
          toast.current?.succeeded(messages.success);
          onSaved(record);
        }
      },
      onError: (error: unknown) => {
        toast.current?.failed(failureText(error));
      },
    },
  };
}
