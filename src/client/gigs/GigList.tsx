import { Box } from '@mui/material';
import { useCallback, useState } from 'react';
import { useDataProvider } from 'react-admin';
import defaultGig from '../assets/default-gig.svg';
import { ExportButton } from '../components/ExportButton';
import { ListHeader } from '../components/ListHeader';
import { ListRow } from '../components/ListRow';
import { ScrollList } from '../components/ScrollList';
import { SearchBox } from '../components/SearchBox';
import { useWithToasts } from '../components/toasts';
import { useDeleteConfirm } from '../components/useDeleteConfirm';
import { type GigRow, showStart } from './types';

/** Spec §2 Gigs list: the band's gigs, searched by name or location. */
export function GigList() {
  const withToasts = useWithToasts();
  const dataProvider = useDataProvider();
  const [q, setQ] = useState('');
  const onSearch = useCallback((text: string) => setQ(text), []);
  const { ask, dialog } = useDeleteConfirm();

  const remove = (gig: GigRow, refresh: () => void) =>
    ask(gig.naziv, async () => {
      await withToasts(() => dataProvider.delete('gigs', { id: gig.id, previousData: gig }), {
        pending: 'Removing gig, please wait...',
        success: `Gig ${gig.naziv} has been deleted`,
        error: 'Gig not deleted',
        autoClose: 1000,
      });
      refresh();
    });

  return (
    <Box sx={{ p: 2 }}>
      <ListHeader title="Gigs">
        <SearchBox placeholder="Search by name or location" onSearch={onSearch} />
        <ExportButton list="gigs" params={{ q }} />
      </ListHeader>
      <ScrollList<GigRow>
        resource="gigs"
        filter={{ q }}
        renderRow={(gig, refresh) => (
          <ListRow
            key={gig.id}
            picture={gig.slika}
            fallbackPicture={defaultGig}
            title={gig.naziv}
            subtitle={`${gig.lokacija} (${showStart(gig.pocetak)})`}
            owned
            editTo={`/admin/gig/${gig.id}`}
            onDelete={() => remove(gig, refresh)}
          />
        )}
      />
      {dialog}
    </Box>
  );
}
