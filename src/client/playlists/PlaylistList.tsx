import { Box } from '@mui/material';
import { useCallback, useState } from 'react';
import { useDataProvider } from 'react-admin';
import { OWNERSHIP } from '../../shared/constants';
import { ExportButton } from '../components/ExportButton';
import { BulkActions, useSelection } from '../components/BulkActions';
import { ListHeader } from '../components/ListHeader';
import { httpClient } from '../providers/httpClient';
import { ListRow } from '../components/ListRow';
import { OwnershipFilter } from '../components/OwnershipFilter';
import { ScrollList } from '../components/ScrollList';
import { SearchBox } from '../components/SearchBox';
import { useWithToasts } from '../components/toasts';
import { useDeleteConfirm } from '../components/useDeleteConfirm';
import type { PlaylistRow } from './types';

interface Deleted {
  deleted_playlist: { naziv: string };
  deleted_songs: number;
}

/** Spec §2 Playlists list. */
export function PlaylistList() {
  const withToasts = useWithToasts();
  const dataProvider = useDataProvider();
  const [ownership, setOwnership] = useState<number>(OWNERSHIP.mine);
  const [q, setQ] = useState('');
  const onSearch = useCallback((text: string) => setQ(text), []);
  const { ask, dialog } = useDeleteConfirm();
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
    const named = gigs.map((gig) => (gig.active ? `${gig.naziv} (active now)` : gig.naziv)).join(', ');
    const content = gigs.length
      ? `Gigs that play it: ${named}. They will be left without a playlist. This cannot be undone.`
      : undefined;
    ask(
      playlist.naziv,
      async () => {
        await withToasts(
          () =>
            dataProvider.delete('playlists', {
              id: playlist.id,
              previousData: playlist,
              meta: { force: gigs.some((gig) => gig.active) },
            }),
          {
            pending: 'Removing playlist, please wait...',
            success: ({ data }: { data: Deleted }) =>
              `Playlist ${data.deleted_playlist.naziv} with ${data.deleted_songs} songs has been deleted`,
            error: 'Playlist not deleted',
            autoClose: 1000,
          },
        );
        refresh();
      },
      content,
    );
  };

  return (
    <Box sx={{ p: 2 }}>
      <ListHeader title="Playlists">
        <OwnershipFilter
          labels={['All Playlists', 'My Playlists', 'Others Playlists']}
          value={ownership}
          onChange={setOwnership}
        />
        <SearchBox placeholder="Enter playlist name" onSearch={onSearch} />
        <ExportButton list="playlists" params={{ os: ownership, q }} />
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
            subtitle={`${playlist.songscount} ${playlist.songscount === 1 ? 'song' : 'songs'}`}
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
