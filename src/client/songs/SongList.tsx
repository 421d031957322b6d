import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Box, Button } from '@mui/material';
import { Link } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import defaultSong from '../assets/default-song.svg';
import { BulkActions, useSelection } from '../components/BulkActions';
import { ListHeader } from '../components/ListHeader';
import { ListRow } from '../components/ListRow';
import { RepertoireFilters } from '../components/RepertoireFilters';
import { ScrollList } from '../components/ScrollList';
import { useDeleteRow } from '../components/useDeleteRow';
import { useUrlFilters } from '../components/useUrlFilters';
import { usePermissionsOf } from '../providers/identity';
import type { Song } from './types';

/** Spec §2 Songs list. */
export function SongList() {
  const translate = useTranslate();
  const filters = useUrlFilters();
  const { ownership, q } = filters;
  const { canWrite } = usePermissionsOf();
  const { remove, dialog } = useDeleteRow('songs');
  const selection = useSelection();

  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, minWidth: 0 }}>
      <ListHeader title="songs.list.title">
        <RepertoireFilters resource="songs" param="o" filters={filters}>
          {canWrite && (
            <Button
              component={Link}
              to="/admin/importsongs"
              variant="outlined"
              startIcon={<UploadFileIcon />}
            >
              {translate('list.import')}
            </Button>
          )}
        </RepertoireFilters>
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
