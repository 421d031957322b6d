import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Box, Button } from '@mui/material';
import { Link } from 'react-router-dom';
import { useDataProvider, useTranslate } from 'react-admin';
import defaultSong from '../assets/default-song.svg';
import { ExportButton } from '../components/ExportButton';
import { BulkActions, useSelection } from '../components/BulkActions';
import { ListHeader } from '../components/ListHeader';
import { ListRow } from '../components/ListRow';
import { OwnershipFilter } from '../components/OwnershipFilter';
import { ScrollList } from '../components/ScrollList';
import { SearchBox } from '../components/SearchBox';
import { useWithToasts } from '../components/toasts';
import { useDeleteConfirm } from '../components/useDeleteConfirm';
import { useUrlFilters } from '../components/useUrlFilters';
import { usePermissionsOf } from '../providers/identity';
import type { Song } from './types';

/** Spec §2 Songs list. */
export function SongList() {
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const withToasts = useWithToasts();
  const { ownership, q, setOwnership, setQ } = useUrlFilters();
  const { canWrite } = usePermissionsOf();
  const { ask, dialog } = useDeleteConfirm();
  const selection = useSelection();

  const remove = (song: Song, refresh: () => void) =>
    ask(song.naziv, async () => {
      await withToasts(() => dataProvider.delete('songs', { id: song.id, previousData: song }), {
        pending: 'songs.delete.pending',
        success: 'songs.delete.success',
        error: 'songs.delete.error',
        autoClose: 1000,
      });
      refresh();
    });

  return (
    <Box sx={{ p: 2, minWidth: 0 }}>
      <ListHeader title="songs.list.title">
        <OwnershipFilter
          labels={['songs.list.all', 'songs.list.mine', 'songs.list.others']}
          value={ownership}
          onChange={setOwnership}
        />
        <SearchBox placeholder="songs.list.search" value={q} onSearch={setQ} />
        {canWrite && (
          <Button component={Link} to="/admin/importsongs" variant="outlined" startIcon={<UploadFileIcon />}>
            {translate('list.import')}
          </Button>
        )}
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
            fallbackPicture={defaultSong}
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
