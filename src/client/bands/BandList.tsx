import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import GroupIcon from '@mui/icons-material/Group';
import RefreshIcon from '@mui/icons-material/Refresh';
import {
  Alert,
  Avatar,
  Box,
  Button,
  List,
  ListItem,
  ListItemAvatar,
  ListItemText,
  Paper,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { Title } from 'react-admin';
import type { ListedBand } from '../../shared/api-types';
import { AdminOnly } from '../components/AdminOnly';
import { BandFormDialog } from './BandFormDialog';
import { BandUsersDialog } from './BandUsersDialog';
import { DeleteBandDialog } from './DeleteBandDialog';
import { useBands } from './useBands';

type Open = { kind: 'add' } | { kind: 'edit' | 'users' | 'delete'; band: ListedBand } | undefined;

/** Spec §2 Band Management: every band with its members, changed in modals. */
export function BandList() {
  return (
    <AdminOnly>
      <Bands />
    </AdminOnly>
  );
}

const members = (count: number) => (count === 1 ? '1 user' : `${count} users`);

function Bands() {
  const bands = useBands();
  const [open, setOpen] = useState<Open>();
  const close = () => setOpen(undefined);

  return (
    <Box sx={{ p: 2 }}>
      <Title title="Band Management" />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 2 }}>
        <Typography variant="h4" component="h1" sx={{ flexGrow: 1 }}>
          Band Management
        </Typography>
        <Button startIcon={<RefreshIcon />} onClick={() => void bands.refetch()} disabled={bands.isFetching}>
          Refresh
        </Button>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setOpen({ kind: 'add' })}>
          Add Band
        </Button>
      </Box>
      {bands.isPending ? (
        <Typography role="status">Loading bands...</Typography>
      ) : bands.error ? (
        <Alert severity="error">Failed to fetch bands</Alert>
      ) : bands.data.length === 0 ? (
        <Typography>No bands found in the system.</Typography>
      ) : (
        <Paper>
          <List aria-label="Bands">
            {bands.data.map((band) => (
              <ListItem key={band.id} divider sx={{ flexWrap: 'wrap', gap: 1 }}>
                <ListItemAvatar>
                  <Avatar variant="rounded" src={band.picture ?? undefined} alt="">
                    {band.naziv.charAt(0)}
                  </Avatar>
                </ListItemAvatar>
                <ListItemText
                  primary={band.naziv}
                  secondary={[band.email, members(band.users_count)].filter(Boolean).join(' · ')}
                  slotProps={{ primary: { sx: { fontWeight: 600 } } }}
                />
                <Box sx={{ display: 'flex', gap: 1 }}>
                  <Button
                    size="small"
                    startIcon={<EditIcon />}
                    aria-label={`Edit ${band.naziv}`}
                    onClick={() => setOpen({ kind: 'edit', band })}
                  >
                    Edit
                  </Button>
                  <Button
                    size="small"
                    startIcon={<GroupIcon />}
                    aria-label={`Users of ${band.naziv}`}
                    onClick={() => setOpen({ kind: 'users', band })}
                  >
                    Users
                  </Button>
                  <Button
                    size="small"
                    color="error"
                    startIcon={<DeleteIcon />}
                    aria-label={`Delete ${band.naziv}`}
                    onClick={() => setOpen({ kind: 'delete', band })}
                  >
                    Delete
                  </Button>
                </Box>
              </ListItem>
            ))}
          </List>
        </Paper>
      )}
      {(open?.kind === 'add' || open?.kind === 'edit') && (
        <BandFormDialog band={open.kind === 'edit' ? open.band : undefined} onClose={close} />
      )}
      {open?.kind === 'users' && <BandUsersDialog band={open.band} onClose={close} />}
      {open?.kind === 'delete' && <DeleteBandDialog band={open.band} onClose={close} />}
    </Box>
  );
}
