import PersonRemoveIcon from '@mui/icons-material/PersonRemove';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from 'react-toastify';
import type { BandMember, ListedBand } from '../../shared/api-types';
import { ROLE_LABELS } from '../../shared/constants';
import { describeFailure } from '../components/requestFailure';
import { useAdminChanges } from '../components/useAdminChanges';

/** Spec §2 Manage Users for a band: its members, each removable from the band. */
export function BandUsersDialog({ band, onClose }: { band: ListedBand; onClose: () => void }) {
  const { dataProvider, changed } = useAdminChanges();
  const queryClient = useQueryClient();
  const queryKey = ['admin', 'band-users', band.id];
  const members = useQuery({ queryKey, queryFn: () => dataProvider.getBandUsers(band.id), retry: false });
  const [removing, setRemoving] = useState<number>();

  async function remove(member: BandMember) {
    setRemoving(member.id);
    try {
      await dataProvider.removeBandUser(band.id, member.id);
      toast.success('User removed from band successfully!', { autoClose: 3000 });
      await Promise.all([queryClient.invalidateQueries({ queryKey }), changed()]);
    } catch (error) {
      toast.error(
        describeFailure(error, { failed: 'Failed to remove user', network: 'Error removing user from band' }),
      );
    } finally {
      setRemoving(undefined);
    }
  }

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>Manage Users: {band.naziv}</DialogTitle>
      <DialogContent>
        {members.isPending ? (
          <Typography role="status">Loading users...</Typography>
        ) : members.error ? (
          <Alert severity="error">Error: Failed to fetch users</Alert>
        ) : members.data.length === 0 ? (
          <Typography>No users assigned to this band.</Typography>
        ) : (
          <List aria-label={`Users of ${band.naziv}`}>
            {members.data.map((member) => (
              <ListItem
                key={member.id}
                divider
                secondaryAction={
                  <Button
                    size="small"
                    color="error"
                    startIcon={<PersonRemoveIcon />}
                    aria-label={`Remove ${member.name}`}
                    disabled={removing === member.id}
                    onClick={() => void remove(member)}
                  >
                    Remove
                  </Button>
                }
              >
                <ListItemText
                  primary={member.name}
                  secondary={`${member.email} · ${ROLE_LABELS[member.role]}`}
                  sx={{ pr: 12 }}
                />
              </ListItem>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
