import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Box, Button } from '@mui/material';
import { Link } from 'react-router-dom';
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
import type { Song } from './types';

/** Spec §2 Songs list. */
export function SongList() {
  const dataProvider = useDataProvider();
  const [ownership, setOwnership] = useState<number>(OWNERSHIP.mine);
  const [q, setQ] = useState('');
  const onSearch = useCallback((text: string) => setQ(text), []);
  const { ask, dialog } = useDeleteConfirm();
  const selection = useSelection();

  const remove = (song: Song, refresh: () => void) =>
    ask(song.naziv, async () => {
      await withToasts(() => dataProvider.delete('songs', { id: song.id, previousData: song }), {
        pending: 'Removing song, please wait...',
        success: 'Song has been deleted',
        error: 'Song not deleted',
        autoClose: 1000,
      });
      refresh();
    });

  return (
    <Box sx={{ p: 2 }}>
      <ListHeader title="Songs">
        <OwnershipFilter
          labels={['All Songs', 'My Songs', 'Other Songs']}
          value={ownership}
          onChange={setOwnership}
        />
        <SearchBox placeholder="Search by song name or performer" onSearch={onSearch} />
        <Button component={Link} to="/admin/importsongs" variant="outlined" startIcon={<UploadFileIcon />}>
          Import
        </Button>
        <ExportButton list="songs" params={{ o: ownership, q }} />
      </ListHeader>
      <BulkActions kind="songs" selection={selection} />
      <ScrollList<Song>
        resource="songs"
        filter={{ ownership, q }}
        renderRow={(song, refresh) => (
          <ListRow
            key={song.id}
            selected={selection.has(song.id)}
            onSelect={(on) => selection.set(song.id, on)}
            picture={song.slika}
            title={song.naziv}
            subtitle={song.nazivizvodjaca ?? undefined}
            owned={song.owned}
            editTo={`/admin/song/${song.id}`}
            onDelete={() => remove(song, refresh)}
          />
        )}
      />
      {dialog}
    </Box>
  );
}
