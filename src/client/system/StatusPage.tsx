import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import RefreshIcon from '@mui/icons-material/Refresh';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import { Alert, Box, Button, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Title, useDataProvider } from 'react-admin';
import { Link } from 'react-router-dom';
import { toast } from 'react-toastify';
import { AdminOnly } from '../components/AdminOnly';
import { isHttpFailure } from '../components/requestFailure';
import type { EncoreDataProvider } from '../providers/dataProvider';
import { COMPONENTS, type ComponentName } from '../providers/systemApi';
import { HealthCard } from './HealthCard';
import { RESTART_RECHECK_MS, STATUS_POLL_MS } from './look';
import { WebsocketStats } from './WebsocketStats';

const TITLES: Record<ComponentName, string> = {
  websocket: 'WebSocket',
  database: 'Database',
  redis: 'Redis',
  messageQueue: 'Message Queue',
};

const checkFailure = (error: unknown) =>
  isHttpFailure(error) ? 'Failed to complete system check' : 'Error during system check';

/** Spec §2 System Status: a card per part of Encore and the live server's counters, checked every 30 s. */
export function StatusPage() {
  return (
    <AdminOnly>
      <Status />
    </AdminOnly>
  );
}

function Status() {
  const dataProvider = useDataProvider<EncoreDataProvider>();
  const status = useQuery({
    queryKey: ['admin', 'system-status'],
    queryFn: () => dataProvider.getSystemStatus(),
    refetchInterval: STATUS_POLL_MS,
    retry: false,
  });
  const [restarting, setRestarting] = useState(false);
  const recheck = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(recheck.current), []);

  async function refresh() {
    const result = await status.refetch();
    if (result.error) toast.error(checkFailure(result.error));
    else if (result.data?.status) toast.success('System check completed successfully!');
  }

  async function restart() {
    setRestarting(true);
    try {
      const outcome = await dataProvider.restartWebsocket();
      // A 401 or 403 signs out, and react-admin then answers the call with an empty {data}.
      if (!outcome?.success) return;
      toast.success('WebSocket server restart initiated successfully');
      clearTimeout(recheck.current);
      recheck.current = setTimeout(() => void status.refetch(), RESTART_RECHECK_MS);
    } catch (error) {
      toast.error(
        isHttpFailure(error)
          ? `Failed to restart WebSocket server: ${error.body?.message || 'Unknown error'}`
          : 'Error restarting WebSocket server',
      );
    } finally {
      setRestarting(false);
    }
  }

  return (
    <Box sx={{ p: 2, display: 'grid', gap: 2 }}>
      <Title title="System Status" />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Typography variant="h4" component="h1" sx={{ flexGrow: 1 }}>
          System Status
        </Typography>
        <Button startIcon={<RefreshIcon />} onClick={() => void refresh()} disabled={status.isFetching}>
          Refresh Status
        </Button>
        <Button startIcon={<RestartAltIcon />} onClick={() => void restart()} disabled={restarting}>
          Restart WebSocket
        </Button>
        <Button startIcon={<ReceiptLongIcon />} component={Link} to="/admin/logs">
          View Logs
        </Button>
      </Box>
      {status.error && <Alert severity="error">{checkFailure(status.error)}</Alert>}
      {status.isPending ? (
        <Typography role="status">Checking system status...</Typography>
      ) : (
        status.data && (
          <>
            <Box
              sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))' }}
            >
              {COMPONENTS.map((name) => (
                <HealthCard key={name} title={TITLES[name]} health={status.data.status?.[name]} />
              ))}
            </Box>
            <WebsocketStats stats={status.data.websocket_stats ?? {}} />
          </>
        )
      )}
    </Box>
  );
}
