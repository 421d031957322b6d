import {
  Alert,
  Box,
  Button,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Title } from 'react-admin';
import type { ListedUser } from '../../shared/api-types';
import { AdminOnly } from '../components/AdminOnly';
import { useBands } from '../bands/useBands';
import { DeleteUserDialog } from './DeleteUserDialog';
import { UserFormDialog } from './UserFormDialog';
import { UserRow } from './UserRow';
import { USERS_KEY, useAdminChanges } from '../components/useAdminChanges';

type Open = { kind: 'add' } | { kind: 'edit' | 'delete'; user: ListedUser } | undefined;

/** Spec §2 User Management: every user with their role and band, changed in place or in modals. */
export function UserList() {
  return (
    <AdminOnly>
      <Users />
    </AdminOnly>
  );
}

function Users() {
  const { dataProvider } = useAdminChanges();
  const users = useQuery({ queryKey: USERS_KEY, queryFn: () => dataProvider.getUsers(), retry: false });
  const bands = useBands();
  // Spec §8: a failed band fetch is only logged; the band dropdowns then offer no bands.
  if (bands.error) console.error('Failed to fetch bands', bands.error);
  const [open, setOpen] = useState<Open>();
  const close = () => setOpen(undefined);

  return (
    <Box sx={{ p: 2 }}>
      <Title title="User Management" />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 2 }}>
        <Typography variant="h4" component="h1" sx={{ flexGrow: 1 }}>
          User Management
        </Typography>
        <Button variant="contained" onClick={() => setOpen({ kind: 'add' })}>
          + Add New User
        </Button>
      </Box>
      {users.isPending ? (
        <Typography role="status">Loading users...</Typography>
      ) : users.error ? (
        <Alert severity="error">Error: Failed to fetch users</Alert>
      ) : users.data.length === 0 ? (
        <Typography>No users found.</Typography>
      ) : (
        <TableContainer component={Paper}>
          <Table aria-label="Users">
            <TableHead>
              <TableRow>
                <TableCell>User</TableCell>
                <TableCell>Email</TableCell>
                <TableCell>Role</TableCell>
                <TableCell>Band</TableCell>
                <TableCell align="right">Actions</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {users.data.map((user) => (
                <UserRow
                  key={user.id}
                  user={user}
                  bands={bands.data ?? []}
                  onEdit={() => setOpen({ kind: 'edit', user })}
                  onDelete={() => setOpen({ kind: 'delete', user })}
                />
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      {(open?.kind === 'add' || open?.kind === 'edit') && (
        <UserFormDialog
          user={open.kind === 'edit' ? open.user : undefined}
          bands={bands.data ?? []}
          onClose={close}
        />
      )}
      {open?.kind === 'delete' && <DeleteUserDialog user={open.user} onClose={close} />}
    </Box>
  );
}
