import { useState } from 'react';
import { Confirm } from 'react-admin';

/**
 * Asks before deleting. Returns `ask(title, run, content?)` and the dialog to render; the deletion
 * only runs after the user confirms.
 */
export function useDeleteConfirm() {
  const [pending, setPending] = useState<{ title: string; run: () => void; content?: string }>();
  const dialog = (
    <Confirm
      isOpen={Boolean(pending)}
      title={`Delete ${pending?.title ?? ''}?`}
      content={pending?.content ?? 'This cannot be undone.'}
      confirm="Delete"
      onConfirm={() => {
        pending?.run();
        setPending(undefined);
      }}
      onClose={() => setPending(undefined)}
    />
  );
  return {
    ask: (title: string, run: () => void, content?: string) => setPending({ title, run, content }),
    dialog,
  };
}
