import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
} from '@mui/material';
import { type FormEvent, useState } from 'react';
import { toast } from 'react-toastify';
import type { ListedBand, ListedUser, UserInput } from '../../shared/api-types';
import { ROLE_LABELS, ROLES, type Role } from '../../shared/constants';
import { describeFailure, fieldMessages } from '../components/requestFailure';
import { NO_BAND } from './UserRow';
import { useAdminChanges } from '../components/useAdminChanges';

interface Props {
  /** The user to edit; none to add a new one. */
  user?: ListedUser;
  bands: ListedBand[];
  onClose: () => void;
}

export const REQUIRED_MESSAGE = 'Please fill in all required fields';

/** Spec §2 Add New User and Edit User modals; the modal stays open with what was typed on failure. */
export function UserFormDialog({ user, bands, onClose }: Props) {
  const { dataProvider, changed } = useAdminChanges();
  const [values, setValues] = useState({
    name: user?.name ?? '',
    email: user?.email ?? '',
    password: '',
    role: user?.role ?? ('viewer' as Role),
    band: user?.band ? String(user.band) : '',
  });
  const [failure, setFailure] = useState<string>();
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const adding = !user;

  const set = (field: keyof typeof values) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    // Spec §5: name, email and password on add; on edit a blank password keeps the current one.
    if (!values.name.trim() || !values.email.trim() || (adding && !values.password)) {
      setFailure(REQUIRED_MESSAGE);
      return;
    }
    const input: UserInput = {
      name: values.name.trim(),
      email: values.email.trim(),
      password: values.password,
      role: values.role,
      band_id: values.band ? Number(values.band) : null,
    };
    setSaving(true);
    setFailure(undefined);
    try {
      if (user) await dataProvider.updateUser(user.id, input);
      else await dataProvider.addUser(input);
      toast.success(adding ? 'User added successfully!' : 'User updated successfully!', { autoClose: 3000 });
      onClose();
      await changed();
    } catch (error) {
      setFieldErrors(fieldMessages(error));
      setFailure(
        adding
          ? describeFailure(error, { failed: 'Failed to add user', network: 'Network error adding user' })
          : describeFailure(error, {
              failed: 'Failed to update user',
              network: 'Network error updating user',
              withStatus: true,
            }),
      );
      setSaving(false);
    }
  }

  const title = adding ? 'Add New User' : 'Edit User';
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm">
      <form onSubmit={submit} noValidate>
        <DialogTitle>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {failure && <Alert severity="error">{failure}</Alert>}
            <TextField
              label="Name"
              required
              autoFocus
              value={values.name}
              onChange={set('name')}
              error={Boolean(fieldErrors.name)}
              helperText={fieldErrors.name}
            />
            <TextField
              label="Email"
              type="email"
              required
              value={values.email}
              onChange={set('email')}
              error={Boolean(fieldErrors.email)}
              helperText={fieldErrors.email}
            />
            <TextField
              label="Password"
              type="password"
              required={adding}
              autoComplete="new-password"
              value={values.password}
              onChange={set('password')}
              error={Boolean(fieldErrors.password)}
              helperText={
                fieldErrors.password ??
                (adding ? 'At least 8 characters.' : 'Leave blank to keep the current password.')
              }
            />
            <TextField select label="Role" value={values.role} onChange={set('role')}>
              {ROLES.map((role) => (
                <MenuItem key={role} value={role}>
                  {ROLE_LABELS[role]}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              label="Band"
              value={values.band}
              // Show 'No band assigned' rather than an empty box when no band is chosen.
              slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
              onChange={set('band')}
              error={Boolean(fieldErrors.band_id)}
              helperText={fieldErrors.band_id}
            >
              <MenuItem value="">{NO_BAND}</MenuItem>
              {bands.map((band) => (
                <MenuItem key={band.id} value={String(band.id)}>
                  {band.naziv}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={saving}>
            {adding ? 'Add User' : 'Save Changes'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
