import DeleteSweepIcon from '@mui/icons-material/DeleteSweep';
import RefreshIcon from '@mui/icons-material/Refresh';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  List,
  MenuItem,
  Paper,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import { Page } from '../components/Page';
import type { EncoreDataProvider } from '../providers/dataProvider';
import type { LogType } from '../providers/systemApi';
import { ClearLogsDialog } from './ClearLogsDialog';
import { LogEntryItem } from './LogEntryItem';
import { LOG_REFRESH_MS } from './look';
import { addEnglish } from '../i18n';
import { en } from './messages';

// The logs page's English comes with its code, not in the panel's tree (issue 25, point 3).
addEnglish(en);

const TYPES: { value: LogType; label: string }[] = [
  { value: 'all', label: 'system.logs.all' },
  { value: 'error', label: 'system.logs.errors' },
  { value: 'warning', label: 'system.logs.warnings' },
  { value: 'info', label: 'system.logs.infos' },
];

/** Spec §2 System Logs: the server log, newest first, filtered by type, reloaded every 5 s on request. */
export function LogsPage() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<EncoreDataProvider>();
  const [type, setType] = useState<LogType>('all');
  const [autoRefresh, setAutoRefresh] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const logs = useQuery({
    queryKey: ['admin', 'system-logs', type],
    queryFn: () => dataProvider.getSystemLogs(type),
    refetchInterval: autoRefresh ? LOG_REFRESH_MS : false,
    retry: false,
  });
  const entries = Array.isArray(logs.data) ? logs.data : [];

  return (
    <Page title="system.logs.title">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <TextField
          select
          label={translate('system.logs.type')}
          size="small"
          value={type}
          onChange={(event) => setType(event.target.value as LogType)}
          sx={{ minWidth: 180 }}
        >
          {TYPES.map(({ value, label }) => (
            <MenuItem key={value} value={value}>
              {translate(label)}
            </MenuItem>
          ))}
        </TextField>
        <FormControlLabel
          control={
            <Checkbox checked={autoRefresh} onChange={(event) => setAutoRefresh(event.target.checked)} />
          }
          label={translate('system.logs.auto_refresh')}
        />
        <Button startIcon={<RefreshIcon />} onClick={() => void logs.refetch()} disabled={logs.isFetching}>
          {translate('system.logs.refresh')}
        </Button>
        <Button color="error" startIcon={<DeleteSweepIcon />} onClick={() => setConfirming(true)}>
          {translate('system.logs.clear')}
        </Button>
      </Box>
      {logs.error && <Alert severity="error">{translate('system.logs.fetch_failed')}</Alert>}
      {logs.isPending ? (
        <Typography role="status">{translate('system.logs.loading')}</Typography>
      ) : logs.error && !logs.data ? null : entries.length === 0 ? (
        <Typography>{translate('system.logs.empty')}</Typography>
      ) : (
        <Paper>
          <List aria-label={translate('system.logs.entries')}>
            {entries.map((entry, index) => (
              <LogEntryItem key={`${entry.timestamp}-${index}`} entry={entry} />
            ))}
          </List>
        </Paper>
      )}
      {confirming && (
        <ClearLogsDialog onClose={() => setConfirming(false)} onCleared={() => void logs.refetch()} />
      )}
    </Page>
  );
}
