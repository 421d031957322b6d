import { Box } from '@mui/material';
import { useCallback, useState } from 'react';
import { useDataProvider } from 'react-admin';
import { OWNERSHIP } from '../../shared/constants';
import { ExportButton } from '../components/ExportButton';
import { BulkActions, useSelection } from '../components/BulkActions';
import { ListHeader } from '../components/ListHeader';
import { ListRow } from '../components/ListRow';
import { OwnershipFilter } from '../components/OwnershipFilter';
import { ScrollList } from '../components/ScrollList';
import { SearchBox } from '../components/SearchBox';
import { withToasts } from '../components/toasts';
import { useDeleteConfirm } from '../components/useDeleteConfirm';
import type { PlaylistRow } from './types';

interface Deleted {
  deleted_playlist: { naziv: string };
  deleted_songs: number;
}

/** Spec §2 Playlists list. */
export function PlaylistList() {
  const dataProvider = useDataProvider();
  const [ownership, setOwnership] = useState<number>(OWNERSHIP.mine);
  const [q, setQ] = useState('');
  const onSearch = useCallback((text: string) => setQ(text), []);
  const { ask, dialog } = useDeleteConfirm();
  const selection = useSelection();

  const remove = (playlist: PlaylistRow, refresh: () => void) =>
    ask(playlist.naziv, async () => {
      await withToasts(() => dataProvider.delete('playlists', { id: playlist.id, previousData: playlist }), {
        pending: 'Removing playlist, please wait...',
        success: ({ data }: { data: Deleted }) =>
          `Playlist ${data.deleted_playlist.naziv} with ${data.deleted_songs} songs has been deleted`,
        error: 'Playlist not deleted',
        autoClose: 1000,
      });
      refresh();
    });

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
            onDelete={() => remove(playlist, refresh)}
          />
        )}
      />
      {dialog}
    </Box>
  );
}
