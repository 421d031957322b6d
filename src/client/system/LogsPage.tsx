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
import { Title, useDataProvider } from 'react-admin';
import { AdminOnly } from '../components/AdminOnly';
import type { EncoreDataProvider } from '../providers/dataProvider';
import type { LogType } from '../providers/systemApi';
import { ClearLogsDialog } from './ClearLogsDialog';
import { LogEntryItem } from './LogEntryItem';
import { LOG_REFRESH_MS } from './look';

const TYPES: { value: LogType; label: string }[] = [
  { value: 'all', label: 'All Logs' },
  { value: 'error', label: 'Errors Only' },
  { value: 'warning', label: 'Warnings Only' },
  { value: 'info', label: 'Info Only' },
];

/** Spec §2 System Logs: the server log, newest first, filtered by type, reloaded every 5 s on request. */
export function LogsPage() {
  return (
    <AdminOnly>
      <Logs />
    </AdminOnly>
  );
}

function Logs() {
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
    <Box sx={{ p: 2, display: 'grid', gap: 2 }}>
      <Title title="System Logs" />
      <Typography variant="h4" component="h1">
        System Logs
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <TextField
          select
          label="Type"
          size="small"
          value={type}
          onChange={(event) => setType(event.target.value as LogType)}
          sx={{ minWidth: 180 }}
        >
          {TYPES.map(({ value, label }) => (
            <MenuItem key={value} value={value}>
              {label}
            </MenuItem>
          ))}
        </TextField>
        <FormControlLabel
          control={
            <Checkbox checked={autoRefresh} onChange={(event) => setAutoRefresh(event.target.checked)} />
          }
          label="Auto-refresh (5 s)"
        />
        <Button startIcon={<RefreshIcon />} onClick={() => void logs.refetch()} disabled={logs.isFetching}>
          Refresh
        </Button>
        <Button color="error" startIcon={<DeleteSweepIcon />} onClick={() => setConfirming(true)}>
          Clear Logs
        </Button>
      </Box>
      {logs.error && <Alert severity="error">Failed to fetch logs</Alert>}
      {logs.isPending ? (
        <Typography role="status">Loading logs...</Typography>
      ) : logs.error && !logs.data ? null : entries.length === 0 ? (
        <Typography>No logs found.</Typography>
      ) : (
        <Paper>
          <List aria-label="Log entries">
            {entries.map((entry, index) => (
              <LogEntryItem key={`${entry.timestamp}-${index}`} entry={entry} />
            ))}
          </List>
        </Paper>
      )}
      {confirming && (
        <ClearLogsDialog onClose={() => setConfirming(false)} onCleared={() => void logs.refetch()} />
      )}
    </Box>
  );
}
