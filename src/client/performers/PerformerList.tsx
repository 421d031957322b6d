import { Box } from '@mui/material';
import { useState } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
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
import { useUrlFilters } from '../components/useUrlFilters';
import { DeletedPerformerDialog } from './DeletedPerformerDialog';
import type { DeletedPerformer, Performer } from './types';

/** Spec §2 Performers list. */
export function PerformerList() {
  const translate = useTranslate();
  const withToasts = useWithToasts();
  const dataProvider = useDataProvider();
  const { ownership, q, setOwnership, setQ } = useUrlFilters();
  const [deleted, setDeleted] = useState<DeletedPerformer>();
  const { ask, dialog } = useDeleteConfirm();
  const selection = useSelection();

  const remove = (performer: Performer, refresh: () => void) =>
    ask(performer.naziv, async () => {
      const result = await withToasts(
        () => dataProvider.delete<DeletedPerformer & { id: number }>('performers', { id: performer.id }),
        {
          pending: 'performers.delete.pending',
          success: 'performers.delete.success',
          error: 'performers.delete.error',
          autoClose: 1000,
        },
      );
      if (result) setDeleted(result.data);
      refresh();
    });

  return (
    <Box sx={{ p: 2, minWidth: 0 }}>
      <ListHeader title="performers.list.title">
        <OwnershipFilter
          labels={['performers.list.all', 'performers.list.mine', 'performers.list.others']}
          value={ownership}
          onChange={setOwnership}
        />
        <SearchBox placeholder="performers.list.search" value={q} onSearch={setQ} />
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
            subtitle={translate(performer.visibility ? 'performers.list.public' : 'performers.list.private')}
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
