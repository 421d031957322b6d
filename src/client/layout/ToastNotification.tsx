import { Box, Button } from '@mui/material';
import { type ReactNode, useEffect } from 'react';
import { useNotificationContext, useTakeUndoableMutation, useTranslate } from 'react-admin';
import { toast, type TypeOptions } from 'react-toastify';

/**
 * A toast's text with its Undo button (issue 28). A component of its own: react-toastify gives the
 * element it renders its own props (closeToast, isPaused...), which are not for the DOM.
 */
function UndoToast({ said, label, onUndo }: { said: ReactNode; label: string; onUndo: () => void }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, justifyContent: 'space-between' }}>
      <span>{said}</span>
      <Button size="small" variant="outlined" color="inherit" onClick={onUndo}>
        {label}
      </Button>
    </Box>
  );
}

/**
 * react-admin's notifications shown as react-toastify toasts: the panel's one notification path
 * (DESIGN §3). Options beyond react-admin's own: `toastId` names a toast so that a later
 * notification replaces it in place, `pending` shows a loading toast, `dismiss` removes one.
 * Encore's screens save pessimistically; an undoable mutation is committed at once.
 */
export function ToastNotification() {
  const { notifications, takeNotification } = useNotificationContext();
  const takeMutation = useTakeUndoableMutation();
  const translate = useTranslate();

  useEffect(() => {
    // One per run: takeNotification reads the list this render saw, so calling it again in a loop
    // would return the same notification forever; taking one re-renders with the rest.
    const next = notifications.length ? takeNotification() : undefined;
    if (!next) return;
    const { message, type = 'info', notificationOptions = {} } = next;
    const { messageArgs, autoHideDuration, undoable, toastId, pending, dismiss } = notificationOptions;
    if (undoable) takeMutation()?.({ isUndo: false });
    if (dismiss) {
      toast.dismiss(toastId);
      return;
    }
    const said = typeof message === 'string' ? translate(message, { _: message, ...messageArgs }) : message;
    // Issue 28: a result that can be taken back (a delete) carries its Undo for as long as it shows.
    const undo = (notificationOptions as { undo?: () => void }).undo;
    const text = undo ? (
      <UndoToast
        said={said}
        label={translate('ra.action.undo')}
        onUndo={() => {
          toast.dismiss(toastId ?? (typeof said === 'string' ? said : undefined));
          undo();
        }}
      />
    ) : (
      said
    );
    if (pending) {
      toast.loading(text, { toastId });
      return;
    }
    const options = {
      type: type as TypeOptions,
      ...(typeof autoHideDuration === 'number' ? { autoClose: autoHideDuration } : {}),
    };
    // A message without an id of its own is named by its text: the same message again while it is
    // shown (three lists refused at once when a session ends) is one toast, not a stack (issue 26).
    const id = toastId ?? (typeof said === 'string' ? said : undefined);
    if (id && toast.isActive(id)) toast.update(id, { render: text, isLoading: false, ...options });
    else toast(text, { toastId: id, ...options });
  }, [notifications, takeNotification, takeMutation, translate]);

  return null;
}
