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
  const performer = result?.deleted_performer;
  return (
    <Dialog
      open={Boolean(result)}
      onClose={onClose}
      role="alertdialog"
      aria-labelledby="deleted-performer-title"
    >
      <DialogTitle id="deleted-performer-title">Performer deleted</DialogTitle>
      <DialogContent>
        {performer && (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
            <Avatar variant="rounded" src={performer.slika ?? placeholder} alt="" />
            <div>
              <Typography sx={{ fontWeight: 600 }}>{performer.naziv}</Typography>
              <Typography variant="body2" color="text.secondary">
                ID {performer.id}
              </Typography>
            </div>
          </Box>
        )}
        <Typography sx={{ mt: 2 }}>Izmenjeno pesama: {result?.affected_songs ?? 0}</Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          OK
        </Button>
      </DialogActions>
    </Dialog>
  );
}
