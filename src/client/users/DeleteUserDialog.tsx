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
import { toast } from 'react-toastify';
import type { ListedUser } from '../../shared/api-types';
import { useAdminChanges } from '../components/useAdminChanges';

/** Spec §2 Delete User confirmation. The user's band keeps its songs and gigs. */
export function DeleteUserDialog({ user, onClose }: { user: ListedUser; onClose: () => void }) {
  const { dataProvider, changed } = useAdminChanges();
  const [failure, setFailure] = useState<string>();
  const [deleting, setDeleting] = useState(false);

  async function remove() {
    setDeleting(true);
    try {
      await dataProvider.deleteUser(user.id);
      toast.success('User deleted successfully!', { autoClose: 3000 });
      onClose();
      await changed();
    } catch (error) {
      // The server's own message; the HTTP client's stand-in ("Request failed (HTTP 500)") is not one.
      const message = (error as { body?: { message?: string } | null } | null)?.body?.message;
      setFailure(`Failed to delete user: ${message || 'Unknown error'}`);
      setDeleting(false);
    }
  }

  return (
    <Dialog open onClose={onClose}>
      <DialogTitle>Delete User</DialogTitle>
      <DialogContent>
        {failure && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {failure}
          </Alert>
        )}
        <DialogContentText>
          Delete {user.name} ({user.email})? They will be signed out. Their band keeps its songs and gigs.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        <Button color="error" variant="contained" onClick={() => void remove()} disabled={deleting}>
          Delete
        </Button>
      </DialogActions>
    </Dialog>
  );
}
