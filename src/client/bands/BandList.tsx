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
import { useGetList, useTranslate } from 'react-admin';
import type { ListedBand } from '../../shared/api-types';
import { Page } from '../components/Page';
import { BandFormDialog } from './BandFormDialog';
import { BandUsersDialog } from './BandUsersDialog';
import { DeleteBandDialog } from './DeleteBandDialog';
import { FormerLinks } from './FormerLinks';

type Open = { kind: 'add' } | { kind: 'edit' | 'users' | 'delete'; band: ListedBand } | undefined;

/** Spec §2 Band Management: every band with its members, changed in modals. */
export function BandList() {
  const translate = useTranslate();
  const bands = useGetList<ListedBand>('bands', {}, { retry: false });
  const [open, setOpen] = useState<Open>();
  const close = () => setOpen(undefined);

  return (
    <Page
      title="bands.list.title"
      actions={
        <>
          <Button
            startIcon={<RefreshIcon />}
            onClick={() => void bands.refetch()}
            disabled={bands.isFetching}
          >
            {translate('ra.action.refresh')}
          </Button>
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setOpen({ kind: 'add' })}>
            {translate('bands.list.add')}
          </Button>
        </>
      }
    >
      {bands.isPending ? (
        <Typography role="status">{translate('bands.list.loading')}</Typography>
      ) : bands.error ? (
        <Alert severity="error">{translate('bands.list.failed')}</Alert>
      ) : bands.data.length === 0 ? (
        <Typography>{translate('bands.list.empty')}</Typography>
      ) : (
        <Paper>
          <List aria-label={translate('bands.list.label')}>
            {bands.data.map((band) => (
              <ListItem key={band.id} divider sx={{ flexWrap: 'wrap', gap: 1 }}>
                <ListItemAvatar>
                  <Avatar variant="rounded" src={band.picture ?? undefined} alt="">
                    {band.naziv.charAt(0)}
                  </Avatar>
                </ListItemAvatar>
                <ListItemText
                  primary={band.naziv}
                  secondary={[band.email, translate('bands.list.members', { smart_count: band.users_count })]
                    .filter(Boolean)
                    .join(' · ')}
                  slotProps={{ primary: { sx: { fontWeight: 600 } } }}
                />
                <Box sx={{ display: 'flex', gap: 1 }}>
                  <Button
                    size="small"
                    startIcon={<EditIcon />}
                    aria-label={translate('list.edit', { title: band.naziv })}
                    onClick={() => setOpen({ kind: 'edit', band })}
                  >
                    {translate('ra.action.edit')}
                  </Button>
                  <Button
                    size="small"
                    startIcon={<GroupIcon />}
                    aria-label={translate('bands.list.users_of', { name: band.naziv })}
                    onClick={() => setOpen({ kind: 'users', band })}
                  >
                    {translate('bands.list.users')}
                  </Button>
                  <Button
                    size="small"
                    color="error"
                    startIcon={<DeleteIcon />}
                    aria-label={translate('list.delete', { title: band.naziv })}
                    onClick={() => setOpen({ kind: 'delete', band })}
                  >
                    {translate('ra.action.delete')}
                  </Button>
                </Box>
              </ListItem>
            ))}
          </List>
        </Paper>
      )}
      <Box sx={{ mt: 3 }}>
        <FormerLinks bandId={null} />
      </Box>
      {(open?.kind === 'add' || open?.kind === 'edit') && (
        <BandFormDialog band={open.kind === 'edit' ? open.band : undefined} onClose={close} />
      )}
      {open?.kind === 'users' && <BandUsersDialog band={open.band} onClose={close} />}
      {open?.kind === 'delete' && <DeleteBandDialog band={open.band} onClose={close} />}
    </Page>
  );
}
