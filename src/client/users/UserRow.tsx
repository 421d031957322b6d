import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import { Box, Button, NativeSelect, TableCell, TableRow, Typography } from '@mui/material';
import { useState } from 'react';
import { toast } from 'react-toastify';
import type { ListedBand, ListedUser } from '../../shared/api-types';
import { ROLE_LABELS, ROLES, type Role } from '../../shared/constants';
import { describeFailure } from '../components/requestFailure';
import { useAdminChanges } from '../components/useAdminChanges';

export const NO_BAND = 'No band assigned';

interface Props {
  user: ListedUser;
  bands: ListedBand[];
  onEdit: () => void;
  onDelete: () => void;
}

/** One user of the users list; the role and band dropdowns save as soon as they change (spec §4). */
export function UserRow({ user, bands, onEdit, onDelete }: Props) {
  const { dataProvider, changed } = useAdminChanges();
  const [saving, setSaving] = useState(false);

  async function save(run: () => Promise<unknown>, success: string, failed: string) {
    setSaving(true);
    try {
      await run();
      toast.success(success, { autoClose: 1000 });
      await changed();
    } catch (error) {
      toast.error(describeFailure(error, { failed, network: failed }));
    } finally {
      setSaving(false);
    }
  }

  const changeRole = (role: Role) =>
    save(
      () => dataProvider.setUserRole(user.id, role),
      `${user.name} is now ${ROLE_LABELS[role]}.`,
      'Error updating user role',
    );
  const changeBand = (value: string) => {
    const bandId = value ? Number(value) : null;
    const naziv = bands.find((band) => band.id === bandId)?.naziv;
    return save(
      () => dataProvider.setUserBand(user.id, bandId),
      naziv ? `${user.name} is now in ${naziv}.` : `${user.name} has no band now.`,
      'Error updating user band',
    );
  };

  return (
    <TableRow>
      <TableCell>
        <Typography sx={{ fontWeight: 600 }}>{user.name}</Typography>
        <Typography variant="body2" color="text.secondary">
          {ROLE_LABELS[user.role]} · {user.band_naziv ?? NO_BAND}
        </Typography>
      </TableCell>
      <TableCell>{user.email}</TableCell>
      <TableCell>
        <NativeSelect
          value={user.role}
          disabled={saving}
          onChange={(event) => void changeRole(event.target.value as Role)}
          inputProps={{ 'aria-label': `Role of ${user.name}` }}
        >
          {ROLES.map((role) => (
            <option key={role} value={role}>
              {ROLE_LABELS[role]}
            </option>
          ))}
        </NativeSelect>
      </TableCell>
      <TableCell>
        <NativeSelect
          value={user.band ?? ''}
          disabled={saving}
          onChange={(event) => void changeBand(event.target.value)}
          inputProps={{ 'aria-label': `Band of ${user.name}` }}
        >
          <option value="">{NO_BAND}</option>
          {bands.map((band) => (
            <option key={band.id} value={band.id}>
              {band.naziv}
            </option>
          ))}
        </NativeSelect>
      </TableCell>
      <TableCell align="right">
        <Box sx={{ display: 'inline-flex', gap: 1 }}>
          <Button size="small" startIcon={<EditIcon />} onClick={onEdit} aria-label={`Edit ${user.name}`}>
            Edit
          </Button>
          <Button
            size="small"
            color="error"
            startIcon={<DeleteIcon />}
            onClick={onDelete}
            aria-label={`Delete ${user.name}`}
          >
            Delete
          </Button>
        </Box>
      </TableCell>
    </TableRow>
  );
}
