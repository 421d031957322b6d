import { Box } from '@mui/material';
import { useTranslate } from 'react-admin';
import defaultGig from '../assets/default-gig.svg';
import { ExportButton } from '../components/ExportButton';
import { ListHeader } from '../components/ListHeader';
import { ListRow } from '../components/ListRow';
import { ScrollList } from '../components/ScrollList';
import { SearchBox } from '../components/SearchBox';
import { useDeleteRow } from '../components/useDeleteRow';
import { useUrlFilters } from '../components/useUrlFilters';
import { BandLink } from './BandLink';
import { useDates } from '../i18n/useDates';
import type { GigRow } from './types';

/** Spec §2 Gigs list: the band's gigs, searched by name or location. */
export function GigList() {
  const translate = useTranslate();
  const dates = useDates();
  const { q, setQ } = useUrlFilters();
  const { remove, dialog } = useDeleteRow('gigs');

  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, minWidth: 0 }}>
      <ListHeader title="gigs.list.title">
        <SearchBox placeholder="gigs.list.search" value={q} onSearch={setQ} />
        <ExportButton list="gigs" params={{ q }} />
        <BandLink />
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
            subtitle={translate('gigs.list.subtitle', {
              location: gig.lokacija,
              start: dates.wallClock(gig.pocetak),
            })}
            owned
            editTo={`/admin/gig/${gig.id}`}
            onDelete={() =>
              remove(gig, refresh, {
                success: () => translate('gigs.delete.success_named', { name: gig.naziv }),
              })
            }
          />
        )}
      />
      {dialog}
    </Box>
  );
}
