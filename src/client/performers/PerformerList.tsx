import { Box } from '@mui/material';
import { useCallback, useState } from 'react';
import { useDataProvider } from 'react-admin';
import { OWNERSHIP } from '../../shared/constants';
import placeholder from '../assets/placeholder.svg';
import { ExportButton } from '../components/ExportButton';
import { BulkActions, useSelection } from '../components/BulkActions';
import { ListHeader } from '../components/ListHeader';
import { ListRow } from '../components/ListRow';
import { OwnershipFilter } from '../components/OwnershipFilter';
import { ScrollList } from '../components/ScrollList';
import { SearchBox } from '../components/SearchBox';
import { useWithToasts } from '../components/toasts';
import { useDeleteConfirm } from '../components/useDeleteConfirm';
import { DeletedPerformerDialog } from './DeletedPerformerDialog';
import type { DeletedPerformer, Performer } from './types';

/** Spec §2 Performers list. */
export function PerformerList() {
  const withToasts = useWithToasts();
  const dataProvider = useDataProvider();
  const [ownership, setOwnership] = useState<number>(OWNERSHIP.mine);
  const [q, setQ] = useState('');
  const onSearch = useCallback((text: string) => setQ(text), []);
  const [deleted, setDeleted] = useState<DeletedPerformer>();
  const { ask, dialog } = useDeleteConfirm();
  const selection = useSelection();

  const remove = (performer: Performer, refresh: () => void) =>
    ask(performer.naziv, async () => {
      const result = await withToasts(
        () => dataProvider.delete('performers', { id: performer.id, previousData: performer }),
        {
          pending: 'Removing performer, please wait...',
          success: 'Performer has been deleted',
          error: 'Performer not deleted',
          autoClose: 1000,
        },
      );
      if (result) setDeleted(result.data as unknown as DeletedPerformer);
      refresh();
    });

  return (
    <Box sx={{ p: 2 }}>
      <ListHeader title="Performers">
        <OwnershipFilter
          labels={['All Performers', 'My Performers', 'Other Performers']}
          value={ownership}
          onChange={setOwnership}
        />
        <SearchBox placeholder="Search by name" onSearch={onSearch} />
        <ExportButton list="performers" params={{ os: ownership, q }} />
      </ListHeader>
      <BulkActions kind="performers" selection={selection} />
      <ScrollList<Performer>
        resource="performers"
        filter={{ ownership, q }}
        renderRow={(performer, refresh) => (
          <ListRow
            key={performer.id}
            selected={selection.has(performer.id)}
            onSelect={(on) => selection.set(performer.id, on)}
            picture={performer.slika}
            fallbackPicture={placeholder}
            title={performer.naziv}
            subtitle={performer.visibility ? 'Public' : 'Private'}
            owned={performer.owned}
            editTo={`/admin/performer/${performer.id}`}
            titleTo={`/admin/performer/${performer.id}`}
            onDelete={() => remove(performer, refresh)}
          />
        )}
      />
      {dialog}
      <DeletedPerformerDialog result={deleted} onClose={() => setDeleted(undefined)} />
    </Box>
  );
}
