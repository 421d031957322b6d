import {
  Button,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
} from '@mui/material';
import { useState } from 'react';
import { useGetList, useTranslate } from 'react-admin';
import type { ListedBand, ListedUser } from '../../shared/api-types';
import { Listed } from '../components/Listed';
import { Page } from '../components/Page';
import { DeleteUserDialog } from './DeleteUserDialog';
import { UserFormDialog } from './UserFormDialog';
import { UserRow } from './UserRow';
import { addEnglish } from '../i18n';
import { en } from './messages';

// The users screen's English (its dialogs' too) comes with its code, not in the panel's tree (issue 25,
// point 3).
addEnglish(en);

type Open = { kind: 'add' } | { kind: 'edit' | 'delete'; user: ListedUser } | undefined;

/** Spec §2 User Management: every user with their role and band, changed in place or in modals. */
export function UserList() {
  const translate = useTranslate();
  const users = useGetList<ListedUser>('users', {}, { retry: false });
  // Spec §8: a failed band fetch is only logged; the band dropdowns then offer no bands.
  const bands = useGetList<ListedBand>(
    'bands',
    {},
    { retry: false, onError: (error) => console.error('Failed to fetch bands', error) },
  );
  const [open, setOpen] = useState<Open>();
  const close = () => setOpen(undefined);
  const bandChoices = bands.data ?? [];

  return (
    <Page
      title="users.list.title"
      actions={
        <Button variant="contained" onClick={() => setOpen({ kind: 'add' })}>
          {translate('users.list.add')}
        </Button>
      }
    >
      <Listed query={users} messages="users.list">
        {(rows) => (
          <TableContainer component={Paper}>
            <Table aria-label={translate('users.list.table')}>
              <TableHead>
                <TableRow>
                  <TableCell>{translate('users.list.user')}</TableCell>
                  <TableCell>{translate('users.list.email')}</TableCell>
                  <TableCell>{translate('users.list.role')}</TableCell>
                  <TableCell>{translate('users.list.band')}</TableCell>
                  <TableCell align="right">{translate('users.list.actions')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((user) => (
                  <UserRow
                    key={user.id}
                    user={user}
                    bands={bandChoices}
                    onEdit={() => setOpen({ kind: 'edit', user })}
                    onDelete={() => setOpen({ kind: 'delete', user })}
                  />
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </Listed>
      {(open?.kind === 'add' || open?.kind === 'edit') && (
        <UserFormDialog
          user={open.kind === 'edit' ? open.user : undefined}
          bands={bandChoices}
          onClose={close}
        />
      )}
      {open?.kind === 'delete' && <DeleteUserDialog user={open.user} onClose={close} />}
    </Page>
  );
}
