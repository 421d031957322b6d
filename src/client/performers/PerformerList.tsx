import { Box } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import placeholder from '../assets/placeholder.svg';
import { BulkActions, useSelection } from '../components/BulkActions';
import { ListHeader } from '../components/ListHeader';
import { ListRow } from '../components/ListRow';
import { RepertoireFilters } from '../components/RepertoireFilters';
import { ScrollList } from '../components/ScrollList';
import { useDeleteRow } from '../components/useDeleteRow';
import { useUrlFilters } from '../components/useUrlFilters';
import { DeletedPerformerDialog } from './DeletedPerformerDialog';
import type { DeletedPerformer, Performer } from './types';

/** Spec §2 Performers list. */
export function PerformerList() {
  const translate = useTranslate();
  const filters = useUrlFilters();
  const { ownership, q } = filters;
  const [deleted, setDeleted] = useState<DeletedPerformer>();
  const { remove, dialog } = useDeleteRow('performers');
  const selection = useSelection();

  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, minWidth: 0 }}>
      <ListHeader title="performers.list.title">
        <RepertoireFilters resource="performers" param="os" filters={filters} />
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
            onDelete={() =>
              remove<DeletedPerformer & { id: number }>(performer, refresh, {
                deleted: (result) => setDeleted(result.data),
              })
            }
          />
        )}
      />
      {dialog}
      <DeletedPerformerDialog result={deleted} onClose={() => setDeleted(undefined)} />
    </Box>
  );
}
