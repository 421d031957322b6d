import DownloadIcon from '@mui/icons-material/Download';
import RestoreIcon from '@mui/icons-material/Restore';
import { Box, Button } from '@mui/material';
import {
  DataTable,
  DateInput,
  List,
  SelectInput,
  TopToolbar,
  useGetList,
  useListContext,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { useDownloadCsv } from '../components/ExportButton';
import { useDates } from '../i18n/useDates';
import { activityQuery, type HistoryEntry } from '../providers/historyApi';
import { ChangeLine, useRestoreVersion } from './HistoryPanel';
import { addEnglish } from '../i18n';
import { en } from './messages';

// The Activity Log's English comes with its code, not in the panel's tree (issue 25, point 3).
addEnglish(en);

const KINDS = ['song', 'performer', 'playlist', 'gig', 'user', 'band'] as const;

/** The log as CSV from the server, with the filters the list shows now (as the other exports). */
function ExportActivity() {
  const translate = useTranslate();
  const { filterValues } = useListContext();
  const download = useDownloadCsv();
  return (
    <Button
      startIcon={<DownloadIcon />}
      onClick={() =>
        void download(`/api/admin/activity/export?${activityQuery(filterValues)}`, 'encore-activity.csv')
      }
    >
      {translate('activity.export')}
    </Button>
  );
}

function When() {
  const record = useRecordContext<HistoryEntry>();
  const dates = useDates();
  return record ? <>{dates.dateTime(record.at)}</> : null;
}

function What() {
  const record = useRecordContext<HistoryEntry>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <>
      {translate(`history.kinds.${record.kind}`, { _: record.kind })}: {record.item_name} (#{record.item_id})
      — {translate(`history.actions.${record.action}`, { _: record.action })}
    </>
  );
}

function Changes() {
  const record = useRecordContext<HistoryEntry>();
  if (!record) return null;
  return (
    <Box>
      {record.changes.map((change) => (
        <ChangeLine key={change.field} change={change} />
      ))}
    </Box>
  );
}

/**
 * Brings back the version this change made; for a delete, the item as it was before it. An item's
 * newest change is the item as it is, nothing to bring back, unless it deleted the item.
 */
function RestoreButton() {
  const record = useRecordContext<HistoryEntry>();
  const translate = useTranslate();
  const restore = useRestoreVersion();
  if (!record || (record.latest && record.action !== 'delete')) return null;
  return (
    <Button
      size="small"
      startIcon={<RestoreIcon />}
      disabled={restore.isPending}
      onClick={() => restore.mutate(record.id)}
      aria-label={`${translate('activity.restore')}: ${record.item_name}`}
    >
      {translate('activity.restore')}
    </Button>
  );
}

/** The filters: band and user from their lists, kind, and a range of days. */
function useFilters() {
  const bands = useGetList<{ id: number; naziv: string }>('bands', {}, { retry: false });
  const users = useGetList<{ id: number; name: string }>('users', {}, { retry: false });
  const translate = useTranslate();
  return [
    <SelectInput
      key="band"
      source="band"
      label="activity.filters.band"
      choices={bands.data ?? []}
      optionText="naziv"
      alwaysOn
    />,
    <SelectInput
      key="user"
      source="user"
      label="activity.columns.user"
      choices={users.data ?? []}
      optionText="name"
      alwaysOn
    />,
    <SelectInput
      key="kind"
      source="kind"
      label="activity.filters.kind"
      choices={KINDS.map((kind) => ({ id: kind, name: translate(`history.kinds.${kind}`) }))}
      alwaysOn
    />,
    <DateInput key="from" source="from" label="activity.filters.from" alwaysOn />,
    <DateInput key="to" source="to" label="activity.filters.to" alwaysOn />,
  ];
}

/**
 * The Administration area's activity log (issue 28): every change across the system, newest first,
 * for system admins; filtered by band, user, kind and date, exported as CSV, and a deleted song,
 * performer or playlist restored from here. The server keeps it HISTORY_DAYS.
 */
export function ActivityLog() {
  const filters = useFilters();
  return (
    <List
      resource="activity"
      title="activity.title"
      filters={filters}
      perPage={25}
      sort={{ field: 'at', order: 'DESC' }}
      actions={
        <TopToolbar>
          <ExportActivity />
        </TopToolbar>
      }
      disableSyncWithLocation
    >
      <DataTable bulkActionButtons={false} rowClick={false}>
        <DataTable.Col source="at" label="activity.columns.at" render={() => <When />} />
        <DataTable.Col source="user_name" label="activity.columns.user" />
        <DataTable.Col source="item_name" label="activity.columns.item" render={() => <What />} />
        <DataTable.Col source="changes" label="activity.columns.changes" render={() => <Changes />} />
        <DataTable.Col label="activity.restore" render={() => <RestoreButton />} />
      </DataTable>
    </List>
  );
}
