import {
  Alert,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  Stack,
  TextField,
} from '@mui/material';
import { type FormEvent, useState } from 'react';
import { toast } from 'react-toastify';
import type { ListedBand } from '../../shared/api-types';
import { describeFailure, fieldMessages } from '../components/requestFailure';
import { useAdminChanges } from '../components/useAdminChanges';
import { PictureField } from './PictureField';

interface Props {
  /** The band to edit; none to add a new one. */
  band?: ListedBand;
  onClose: () => void;
}

/** Spec §2 Add New Band and Edit Band modals: a name (required), an email and a picture. */
export function BandFormDialog({ band, onClose }: Props) {
  const { dataProvider, changed } = useAdminChanges();
  const [naziv, setNaziv] = useState(band?.naziv ?? '');
  const [email, setEmail] = useState(band?.email ?? '');
  const [picture, setPicture] = useState<File>();
  const [removePicture, setRemovePicture] = useState(false);
  const [pictureError, setPictureError] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const adding = !band;
  // Spec §5: the buttons stay disabled while the trimmed name is empty.
  const nameMissing = !naziv.trim();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (nameMissing) return;
    setSaving(true);
    setFailure(undefined);
    const input = { naziv: naziv.trim(), email: email.trim(), picture, remove_picture: removePicture };
    try {
      if (band) await dataProvider.updateBand(band.id, input);
      else await dataProvider.addBand(input);
      toast.success(adding ? 'Band added successfully!' : 'Band updated successfully!', { autoClose: 3000 });
      onClose();
      await changed();
    } catch (error) {
      const errors = fieldMessages(error);
      setFieldErrors(errors);
      if (errors.picture) setPictureError(errors.picture);
      setFailure(
        adding
          ? describeFailure(error, {
              failed: 'Failed to add band',
              network: 'Error adding band',
              withStatus: true,
            })
          : describeFailure(error, {
              failed: 'Failed to update band',
              network: 'Error updating band',
              withStatus: true,
            }),
      );
      setSaving(false);
    }
  }

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <form onSubmit={submit} noValidate>
        <DialogTitle>{adding ? 'Add New Band' : 'Edit Band'}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {failure && <Alert severity="error">{failure}</Alert>}
            <TextField
              label="Band Name"
              required
              autoFocus
              value={naziv}
              onChange={(event) => setNaziv(event.target.value)}
              error={Boolean(fieldErrors.naziv)}
              helperText={fieldErrors.naziv}
            />
            <TextField
              label="Email"
              type="email"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              error={Boolean(fieldErrors.email)}
              helperText={fieldErrors.email ?? 'Optional.'}
            />
            <PictureField
              label="Band Picture"
              file={picture}
              currentUrl={removePicture ? null : band?.picture}
              error={pictureError}
              onChange={(file) => {
                setPicture(file);
                setPictureError(undefined);
              }}
              onReject={(message) => {
                setPicture(undefined);
                setPictureError(message);
              }}
            />
            {band?.picture && !picture && (
              <FormControlLabel
                control={
                  <Checkbox
                    checked={removePicture}
                    onChange={(event) => setRemovePicture(event.target.checked)}
                  />
                }
                label="Remove the current picture"
              />
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={nameMissing || saving}>
            {adding ? 'Add Band' : 'Save Changes'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
