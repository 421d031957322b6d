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
import type { ListedBand } from '../../shared/api-types';
import { describeFailure } from '../components/requestFailure';
import { useAdminChanges } from '../components/useAdminChanges';

const statusOf = (error: unknown) => (error as { status?: number } | null)?.status;

/**
 * Spec §2 Delete Band. A band that still owns songs, performers, playlists or gigs is refused (409)
 * with the counts; the modal then says so and asks before deleting all of it with the band.
 */
export function DeleteBandDialog({ band, onClose }: { band: ListedBand; onClose: () => void }) {
  const { dataProvider, changed } = useAdminChanges();
  const [owns, setOwns] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [deleting, setDeleting] = useState(false);

  async function remove(cascade: boolean) {
    setDeleting(true);
    setFailure(undefined);
    try {
      await dataProvider.deleteBand(band.id, cascade);
      toast.success('Band deleted successfully!', { autoClose: 3000 });
      onClose();
      await changed();
    } catch (error) {
      const message = (error as { body?: { message?: string } | null }).body?.message;
      if (statusOf(error) === 409 && !cascade && message) setOwns(message);
      else
        setFailure(
          describeFailure(error, {
            failed: 'Failed to delete band',
            network: 'Error deleting band',
            withStatus: true,
          }),
        );
      setDeleting(false);
    }
  }

  const users = band.users_count === 1 ? '1 user' : `${band.users_count} users`;
  return (
    <Dialog open onClose={onClose}>
      <DialogTitle>Delete Band</DialogTitle>
      <DialogContent>
        {failure && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {failure}
          </Alert>
        )}
        {owns ? (
          <Alert severity="warning">
            {owns} Deleting the band deletes all of it too. This cannot be undone.
          </Alert>
        ) : (
          <DialogContentText>
            Delete {band.naziv}? {band.users_count > 0 && `Its ${users} will be left with no band. `}This
            cannot be undone.
          </DialogContentText>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cancel</Button>
        {owns ? (
          <Button color="error" variant="contained" onClick={() => void remove(true)} disabled={deleting}>
            Delete band and all its data
          </Button>
        ) : (
          <Button color="error" variant="contained" onClick={() => void remove(false)} disabled={deleting}>
            Delete
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
