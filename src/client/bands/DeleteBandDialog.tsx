import { Alert, DialogContentText } from '@mui/material';
import { useState } from 'react';
import { useDelete, useNotify, useTranslate } from 'react-admin';
import type { ListedBand } from '../../shared/api-types';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { describeFailure } from '../components/requestFailure';
import { signedOut, useAdminChanged } from '../users/useAdminChanged';
import { useFormerLinksChanged } from './FormerLinks';

const statusOf = (error: unknown) => (error as { status?: number } | null)?.status;

/**
 * Spec §2 Delete Band. A band that still owns songs, performers, playlists or gigs is refused (409)
 * with the counts; the modal then says so and asks before deleting all of it with the band.
 */
export function DeleteBandDialog({ band, onClose }: { band: ListedBand; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [deleteBand, { isPending: deleting }] = useDelete<ListedBand>();
  const changed = useAdminChanged();
  const formerLinksChanged = useFormerLinksChanged();
  const [owns, setOwns] = useState<string>();
  const [failure, setFailure] = useState<string>();

  async function remove(cascade: boolean) {
    setFailure(undefined);
    try {
      const deleted = await deleteBand(
        'bands',
        { id: band.id, previousData: band, meta: { cascade } },
        { mutationMode: 'pessimistic', returnPromise: true },
      );
      if (!signedOut(deleted)) notify('bands.delete.success', { type: 'success', autoHideDuration: 3000 });
      onClose();
      // react-admin reloads the bands itself after a delete; the members now have no band, and its
      // links are kept without it.
      await Promise.all([changed('users'), formerLinksChanged()]);
    } catch (error) {
      const message = (error as { body?: { message?: string } | null }).body?.message;
      if (statusOf(error) === 409 && !cascade && message) setOwns(message);
      else
        setFailure(
          describeFailure(error, {
            failed: translate('bands.delete.failed'),
            network: translate('bands.delete.network'),
            withStatus: true,
          }),
        );
    }
  }

  const confirm = [
    translate('bands.delete.confirm', { name: band.naziv }),
    band.users_count > 0 && translate('bands.delete.members_left', { smart_count: band.users_count }),
    translate('confirm.cannot_undo'),
  ];
  return (
    <ConfirmDialog
      title="bands.delete.title"
      failure={failure}
      confirm={owns ? 'bands.delete.cascade' : 'ra.action.delete'}
      onConfirm={() => void remove(Boolean(owns))}
      busy={deleting}
      onClose={onClose}
    >
      {owns ? (
        <Alert severity="warning">{translate('bands.delete.owns', { message: owns })}</Alert>
      ) : (
        <DialogContentText>{confirm.filter(Boolean).join(' ')}</DialogContentText>
      )}
    </ConfirmDialog>
  );
}
