import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';

interface Props {
  /** The title's message key. */
  title: string;
  /** What went wrong the last time, shown above the question. */
  failure?: string;
  /** The question. */
  children: ReactNode;
  /** The confirming button's message key: it is red, as it deletes or clears for good. */
  confirm: string;
  onConfirm: () => void;
  /** While the request runs the button cannot be pressed again. */
  busy: boolean;
  cancel?: string;
  onClose: () => void;
}

/** A modal asking before something that cannot be undone (delete a user or a band, clear the logs). */
export function ConfirmDialog({
  title,
  failure,
  children,
  confirm,
  onConfirm,
  busy,
  cancel,
  onClose,
}: Props) {
  const translate = useTranslate();
  return (
    <Dialog open onClose={onClose}>
      <DialogTitle>{translate(title)}</DialogTitle>
      <DialogContent>
        {failure && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {failure}
          </Alert>
        )}
        {children}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate(cancel ?? 'ra.action.cancel')}</Button>
        <Button color="error" variant="contained" onClick={onConfirm} disabled={busy}>
          {translate(confirm)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
