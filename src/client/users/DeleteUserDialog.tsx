import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material';
import { useState } from 'react';
import { useDelete, useNotify, useTranslate } from 'react-admin';
import type { ListedUser } from '../../shared/api-types';
import { signedOut, useAdminChanged } from './useAdminChanged';

/** Spec §2 Delete User confirmation. The user's band keeps its songs and gigs. */
export function DeleteUserDialog({ user, onClose }: { user: ListedUser; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [deleteUser, { isPending: deleting }] = useDelete<ListedUser>();
  const changed = useAdminChanged();
  const [failure, setFailure] = useState<string>();

  async function remove() {
    try {
      const deleted = await deleteUser(
        'users',
        { id: user.id, previousData: user },
        { mutationMode: 'pessimistic', returnPromise: true },
      );
      if (!signedOut(deleted)) notify('users.delete.success', { type: 'success', autoHideDuration: 3000 });
      onClose();
      // react-admin reloads the users itself after a delete.
      await changed('bands');
    } catch (error) {
      // The server's own message; the HTTP client's stand-in ("Request failed (HTTP 500)") is not one.
      const message = (error as { body?: { message?: string } | null } | null)?.body?.message;
      setFailure(translate('users.delete.failed', { message: message || translate('users.delete.unknown') }));
    }
  }

  return (
    <Dialog open onClose={onClose}>
      <DialogTitle>{translate('users.delete.title')}</DialogTitle>
      <DialogContent>
        {failure && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {failure}
          </Alert>
        )}
        <DialogContentText>
          {translate('users.delete.confirm', { name: user.name, email: user.email })}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button color="error" variant="contained" onClick={() => void remove()} disabled={deleting}>
          {translate('ra.action.delete')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
