import { DialogContentText } from '@mui/material';
import { useState } from 'react';
import { useDelete, useNotify, useTranslate } from 'react-admin';
import type { ListedUser } from '../../shared/api-types';
import { ConfirmDialog } from '../components/ConfirmDialog';
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
      // The server's own message; the HTTP client's stand-in (react-admin's http_error) is not one.
      const message = (error as { body?: { message?: string } | null } | null)?.body?.message;
      setFailure(translate('users.delete.failed', { message: message || translate('users.delete.unknown') }));
    }
  }

  return (
    <ConfirmDialog
      title="users.delete.title"
      failure={failure}
      confirm="ra.action.delete"
      onConfirm={() => void remove()}
      busy={deleting}
      onClose={onClose}
    >
      <DialogContentText>
        {translate('users.delete.confirm', { name: user.name, email: user.email })}
      </DialogContentText>
    </ConfirmDialog>
  );
}
