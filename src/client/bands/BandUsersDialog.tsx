import PersonRemoveIcon from '@mui/icons-material/PersonRemove';
import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  ListItemText,
} from '@mui/material';
import { useState } from 'react';
import { useGetManyReference, useNotify, useTranslate, useUpdate } from 'react-admin';
import type { BandMember, ListedBand } from '../../shared/api-types';
import { Listed } from '../components/Listed';
import { describeFailure } from '../components/requestFailure';
import type { UserUpdateMeta } from '../providers/adminApi';
import { signedOut, useAdminChanged } from '../users/useAdminChanged';

/** Spec §2 Manage Users for a band: its members (the users referring to it), each removable. */
export function BandUsersDialog({ band, onClose }: { band: ListedBand; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const members = useGetManyReference<BandMember>('users', { target: 'band', id: band.id }, { retry: false });
  const [update] = useUpdate();
  const changed = useAdminChanged();
  const [removing, setRemoving] = useState<number>();

  async function remove(member: BandMember) {
    setRemoving(member.id);
    try {
      const removed = await update(
        'users',
        {
          id: member.id,
          data: { band: null },
          previousData: member,
          meta: { removeFrom: band.id } satisfies UserUpdateMeta,
        },
        { mutationMode: 'pessimistic', returnPromise: true },
      );
      if (!signedOut(removed)) {
        notify('bands.members.removed', { type: 'success', autoHideDuration: 3000 });
        // The members (users of the band) and the bands' member counts.
        await changed('users', 'bands');
      }
    } catch (error) {
      const text = describeFailure(error, {
        failed: translate('bands.members.remove_failed'),
        network: translate('bands.members.remove_network'),
      });
      notify(text, { type: 'error', messageArgs: { _: text } });
    } finally {
      setRemoving(undefined);
    }
  }

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{translate('bands.members.title', { name: band.naziv })}</DialogTitle>
      <DialogContent>
        <Listed query={members} messages="bands.members">
          {(rows) => (
            <List aria-label={translate('bands.list.users_of', { name: band.naziv })}>
              {rows.map((member) => (
                <ListItem
                  key={member.id}
                  divider
                  secondaryAction={
                    <Button
                      size="small"
                      color="error"
                      startIcon={<PersonRemoveIcon />}
                      aria-label={translate('bands.members.remove_one', { name: member.name })}
                      disabled={removing === member.id}
                      onClick={() => void remove(member)}
                    >
                      {translate('bands.members.remove')}
                    </Button>
                  }
                >
                  <ListItemText
                    primary={member.name}
                    secondary={`${member.email} · ${translate(`roles.${member.role}`)}`}
                    sx={{ pr: 12 }}
                  />
                </ListItem>
              ))}
            </List>
          )}
        </Listed>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
