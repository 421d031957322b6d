import { useEffect } from 'react';
import { useNotificationContext, useTakeUndoableMutation, useTranslate } from 'react-admin';
import { toast } from 'react-toastify';

/**
 * react-admin's own notifications (validation, auth, "element updated") shown as react-toastify
 * toasts, so the panel has one toast system (DESIGN §3). Encore's screens save pessimistically;
 * an undoable mutation is committed at once rather than offered for undo.
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
    const { message, type = 'info', notificationOptions } = next;
    const { messageArgs, autoHideDuration, undoable } = notificationOptions ?? {};
    if (undoable) takeMutation()?.({ isUndo: false });
    const text = typeof message === 'string' ? translate(message, { _: message, ...messageArgs }) : message;
    toast(text, {
      type: type === 'warning' ? 'warning' : type,
      ...(typeof autoHideDuration === 'number' ? { autoClose: autoHideDuration } : {}),
    });
  }, [notifications, takeNotification, takeMutation, translate]);

  return null;
}
