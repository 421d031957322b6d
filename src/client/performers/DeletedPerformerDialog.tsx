import {
  Avatar,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Typography,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import placeholder from '../assets/placeholder.svg';
import type { DeletedPerformer } from './types';

/** Spec §8: after a performer delete, an alert with 'Izmenjeno pesama: {count}' and the deleted
 *  performer's data. */
export function DeletedPerformerDialog({
  result,
  onClose,
}: {
  result?: DeletedPerformer;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const performer = result?.deleted_performer;
  return (
    <Dialog
      open={Boolean(result)}
      onClose={onClose}
      role="alertdialog"
      aria-labelledby="deleted-performer-title"
    >
      <DialogTitle id="deleted-performer-title">{translate('performers.delete.dialog_title')}</DialogTitle>
      <DialogContent>
        {performer && (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
            <Avatar variant="rounded" src={performer.slika ?? placeholder} alt="" />
            <div>
              <Typography sx={{ fontWeight: 600 }}>{performer.naziv}</Typography>
              <Typography variant="body2" color="text.secondary">
                {translate('performers.delete.id', { id: performer.id })}
              </Typography>
            </div>
          </Box>
        )}
        <Typography sx={{ mt: 2 }}>
          {translate('performers.delete.affected_songs', { count: result?.affected_songs ?? 0 })}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          {translate('performers.delete.ok')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
