import { Box } from '@mui/material';
import { useTranslate } from 'react-admin';
import { BulkActions, useSelection } from '../components/BulkActions';
import { ListHeader } from '../components/ListHeader';
import { httpClient } from '../providers/httpClient';
import { ListRow } from '../components/ListRow';
import { RepertoireFilters } from '../components/RepertoireFilters';
import { ScrollList } from '../components/ScrollList';
import { useDeleteRow } from '../components/useDeleteRow';
import { useUrlFilters } from '../components/useUrlFilters';
import type { PlaylistRow } from './types';

interface Deleted {
  deleted_playlist: { naziv: string };
  deleted_songs: number;
}

/** Spec §2 Playlists list. */
export function PlaylistList() {
  const translate = useTranslate();
  const filters = useUrlFilters();
  const { ownership, q } = filters;
  const { remove: removeRow, dialog } = useDeleteRow('playlists');
  const selection = useSelection();

  // The confirmation names the band's gigs that play the playlist (issue 12); confirming deletes it
  // even when one of them is active (the server keeps it otherwise).
  const remove = async (playlist: PlaylistRow, refresh: () => void) => {
    const gigs = await httpClient<{ gigs: { naziv: string; active: boolean }[] }>(
      `/api/admin/playlist/${playlist.id}`,
    ).then(
      ({ json }) => json.gigs,
      () => [],
    );
    const named = gigs
      .map((gig) => (gig.active ? translate('playlists.delete.active_gig', { name: gig.naziv }) : gig.naziv))
      .join(', ');
    const content = gigs.length ? translate('playlists.delete.gigs', { names: named }) : undefined;
    removeRow<Deleted & { id: number }>(playlist, refresh, {
      meta: { force: gigs.some((gig) => gig.active) },
      content,
      success: ({ data }) =>
        translate('playlists.delete.success_named', {
          name: data.deleted_playlist.naziv,
          count: data.deleted_songs,
        }),
    });
  };

  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, minWidth: 0 }}>
      <ListHeader title="playlists.list.title">
        <RepertoireFilters resource="playlists" param="os" filters={filters} />
      </ListHeader>
      <BulkActions kind="playlists" selection={selection} />
      <ScrollList<PlaylistRow>
        resource="playlists"
        filter={{ ownership, q }}
        renderRow={(playlist, refresh) => (
          <ListRow
            key={playlist.id}
            selected={selection.has(playlist.id)}
            onSelect={(on) => selection.set(playlist.id, on)}
            picture={playlist.slika}
            title={playlist.naziv}
            subtitle={translate('playlists.list.songs', { smart_count: playlist.songscount })}
            owned={playlist.owned}
            editTo={`/admin/playlist/${playlist.id}`}
            titleTo={`/admin/playlist/${playlist.id}`}
            onDelete={() => void remove(playlist, refresh)}
          />
        )}
      />
      {dialog}
    </Box>
  );
}
