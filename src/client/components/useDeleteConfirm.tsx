import { useState } from 'react';
import { Confirm, useTranslate } from 'react-admin';

/**
 * Asks before deleting. Returns `ask(title, run, content?)` and the dialog to render; the deletion
 * only runs after the user confirms. `content` is a text already translated.
 */
export function useDeleteConfirm() {
  const translate = useTranslate();
  const [pending, setPending] = useState<{ title: string; run: () => void; content?: string }>();
  const dialog = (
    <Confirm
      isOpen={Boolean(pending)}
      title={translate('confirm.delete_title', { title: pending?.title ?? '' })}
      content={pending?.content ?? translate('confirm.cannot_undo')}
      confirm="confirm.delete"
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
