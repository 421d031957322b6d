import AddIcon from '@mui/icons-material/Add';
import GroupIcon from '@mui/icons-material/Group';
import RefreshIcon from '@mui/icons-material/Refresh';
import { Avatar, Box, Button, List, ListItem, ListItemAvatar, ListItemText, Paper } from '@mui/material';
import { useState } from 'react';
import { useGetList, useTranslate } from 'react-admin';
import type { ListedBand } from '../../shared/api-types';
import { Listed } from '../components/Listed';
import { Page } from '../components/Page';
import { RowButtons } from '../components/RowButtons';
import { BandFormDialog } from './BandFormDialog';
import { BandUsersDialog } from './BandUsersDialog';
import { DeleteBandDialog } from './DeleteBandDialog';
import { FormerLinks } from './FormerLinks';
import { addEnglish } from '../i18n';
import { en } from './messages';

// The bands screen's English (its dialogs' too) comes with its code, not in the panel's tree (issue 25,
// point 3).
addEnglish(en);

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
      <Listed query={bands} messages="bands.list">
        {(rows) => (
          <Paper>
            <List aria-label={translate('bands.list.label')}>
              {rows.map((band) => (
                <ListItem key={band.id} divider sx={{ flexWrap: 'wrap', gap: 1 }}>
                  <ListItemAvatar>
                    <Avatar variant="rounded" src={band.picture ?? undefined} alt="">
                      {band.naziv.charAt(0)}
                    </Avatar>
                  </ListItemAvatar>
                  <ListItemText
                    primary={band.naziv}
                    secondary={[
                      band.email,
                      translate('bands.list.members', { smart_count: band.users_count }),
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                    slotProps={{ primary: { sx: { fontWeight: 600 } } }}
                  />
                  <Box sx={{ display: 'flex', gap: 1 }}>
                    <RowButtons
                      title={band.naziv}
                      onEdit={() => setOpen({ kind: 'edit', band })}
                      onDelete={() => setOpen({ kind: 'delete', band })}
                    >
                      <Button
                        size="small"
                        startIcon={<GroupIcon />}
                        aria-label={translate('bands.list.users_of', { name: band.naziv })}
                        onClick={() => setOpen({ kind: 'users', band })}
                      >
                        {translate('bands.list.users')}
                      </Button>
                    </RowButtons>
                  </Box>
                </ListItem>
              ))}
            </List>
          </Paper>
        )}
      </Listed>
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
