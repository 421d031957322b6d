import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import RefreshIcon from '@mui/icons-material/Refresh';
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import { Alert, Box, Button, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { Page } from '../components/Page';
import { isHttpFailure } from '../components/requestFailure';
import type { EncoreDataProvider } from '../providers/dataProvider';
import { COMPONENTS } from '../providers/systemApi';
import { HealthCard } from './HealthCard';
import { RESTART_RECHECK_MS, STATUS_POLL_MS } from './look';
import { WebsocketStats } from './WebsocketStats';
import { addEnglish } from '../i18n';
import { en } from './messages';

// The status page's English comes with its code, not in the panel's tree (issue 25, point 3).
addEnglish(en);

/** The message key of a failed check: the server answered with a failure, or did not answer. */
const checkFailure = (error: unknown) =>
  isHttpFailure(error) ? 'system.status.check_failed' : 'system.status.check_error';

/** Spec §2 System Status: a card per part of Encore and the live server's counters, checked every 30 s. */
export function StatusPage() {
  const translate = useTranslate();
  const notify = useNotify();
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
    if (result.error) notify(checkFailure(result.error), { type: 'error' });
    else if (result.data?.status) notify('system.status.checked', { type: 'success' });
  }

  async function restart() {
    setRestarting(true);
    try {
      const outcome = await dataProvider.restartWebsocket();
      // A 401 or 403 signs out, and react-admin then answers the call with an empty {data}.
      if (!outcome?.success) return;
      notify('system.status.restarted', { type: 'success' });
      clearTimeout(recheck.current);
      recheck.current = setTimeout(() => void status.refetch(), RESTART_RECHECK_MS);
    } catch (error) {
      if (isHttpFailure(error))
        notify('system.status.restart_failed', {
          type: 'error',
          messageArgs: { message: error.body?.message || translate('system.status.unknown_error') },
        });
      else notify('system.status.restart_error', { type: 'error' });
    } finally {
      setRestarting(false);
    }
  }

  return (
    <Page
      title="system.status.title"
      actions={
        <>
          <Button startIcon={<RefreshIcon />} onClick={() => void refresh()} disabled={status.isFetching}>
            {translate('system.status.refresh')}
          </Button>
          <Button startIcon={<RestartAltIcon />} onClick={() => void restart()} disabled={restarting}>
            {translate('system.status.restart')}
          </Button>
          <Button startIcon={<ReceiptLongIcon />} component={Link} to="/admin/logs">
            {translate('system.status.view_logs')}
          </Button>
        </>
      }
    >
      {status.error && <Alert severity="error">{translate(checkFailure(status.error))}</Alert>}
      {status.isPending ? (
        <Typography role="status">{translate('system.status.checking')}</Typography>
      ) : (
        status.data && (
          <>
            <Box
              sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))' }}
            >
              {COMPONENTS.map((name) => (
                <HealthCard key={name} name={name} health={status.data.status?.[name]} />
              ))}
            </Box>
            <WebsocketStats stats={status.data.websocket_stats ?? {}} />
          </>
        )
      )}
    </Page>
  );
}
