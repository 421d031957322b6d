import { Box, NativeSelect, TableCell, TableRow, Typography } from '@mui/material';
import { useNotify, useTranslate, useUpdate } from 'react-admin';
import type { ListedBand, ListedUser } from '../../shared/api-types';
import { ROLES, type Role } from '../../shared/constants';
import { describeFailure } from '../components/requestFailure';
import { RowButtons } from '../components/RowButtons';
import type { UserRecord, UserUpdateMeta } from '../providers/adminApi';
import { signedOut, useAdminChanged } from './useAdminChanged';

interface Props {
  user: ListedUser;
  bands: ListedBand[];
  onEdit: () => void;
  onDelete: () => void;
}

/** One user of the users list; the role and band dropdowns save as soon as they change (spec §4). */
export function UserRow({ user, bands, onEdit, onDelete }: Props) {
  const translate = useTranslate();
  const notify = useNotify();
  const [update, { isPending: saving }] = useUpdate<UserRecord>();
  const changed = useAdminChanged();
  const roleLabel = (role: Role) => translate(`roles.${role}`);
  const noBand = translate('users.list.no_band');

  async function save(
    data: Partial<UserRecord>,
    only: UserUpdateMeta['only'],
    success: [string, object],
    failed: string,
  ) {
    try {
      const saved = await update(
        'users',
        { id: user.id, data, previousData: user, meta: { only } satisfies UserUpdateMeta },
        { mutationMode: 'pessimistic', returnPromise: true },
      );
      if (signedOut(saved)) return;
      notify(success[0], { type: 'success', autoHideDuration: 1000, messageArgs: success[1] });
      await changed('users', 'bands');
    } catch (error) {
      const text = describeFailure(error, { failed: translate(failed), network: translate(failed) });
      notify(text, { type: 'error', messageArgs: { _: text } });
    }
  }

  const changeRole = (role: Role) =>
    save(
      { role },
      'role',
      ['users.row.role_changed', { name: user.name, role: roleLabel(role) }],
      'users.row.role_failed',
    );
  const changeBand = (value: string) => {
    const band = value ? Number(value) : null;
    const naziv = bands.find((candidate) => candidate.id === band)?.naziv;
    return save(
      { band },
      'band',
      naziv
        ? ['users.row.band_changed', { name: user.name, band: naziv }]
        : ['users.row.band_cleared', { name: user.name }],
      'users.row.band_failed',
    );
  };

  return (
    <TableRow>
      <TableCell>
        <Typography sx={{ fontWeight: 600 }}>{user.name}</Typography>
        <Typography variant="body2" color="text.secondary">
          {roleLabel(user.role)} · {user.band_naziv ?? noBand}
        </Typography>
      </TableCell>
      <TableCell>{user.email}</TableCell>
      <TableCell>
        <NativeSelect
          value={user.role}
          disabled={saving}
          onChange={(event) => void changeRole(event.target.value as Role)}
          inputProps={{ 'aria-label': translate('users.list.role_of', { name: user.name }) }}
        >
          {ROLES.map((role) => (
            <option key={role} value={role}>
              {roleLabel(role)}
            </option>
          ))}
        </NativeSelect>
      </TableCell>
      <TableCell>
        <NativeSelect
          value={user.band ?? ''}
          disabled={saving}
          onChange={(event) => void changeBand(event.target.value)}
          inputProps={{ 'aria-label': translate('users.list.band_of', { name: user.name }) }}
        >
          <option value="">{noBand}</option>
          {bands.map((band) => (
            <option key={band.id} value={band.id}>
              {band.naziv}
            </option>
          ))}
        </NativeSelect>
      </TableCell>
      <TableCell align="right">
        <Box sx={{ display: 'inline-flex', gap: 1 }}>
          <RowButtons title={user.name} onEdit={onEdit} onDelete={onDelete} />
        </Box>
      </TableCell>
    </TableRow>
  );
}
