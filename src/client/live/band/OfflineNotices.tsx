import { Alert, Box, Button, Typography } from '@mui/material';
import { useLanguage } from '../../i18n/PageLanguage';
import type { Network, PendingAnswer, RefusedAnswer } from './useOfflineAnswers';

interface Props {
  network: Network;
  /** Answers pressed without a network, waiting on the tablet. */
  pending: PendingAnswer[];
  /** Answers the server did not take when they were sent. */
  refused: RefusedAnswer[];
  /** How many of tonight's songs are kept on the tablet, once they are. */
  kept?: number;
  onDismiss: () => void;
}

/**
 * What the band should know about the network (issue 27, point 5): offline or back, the answers
 * waiting to be sent, the ones the server refused, and that tonight's songs are on the tablet.
 */
export function OfflineNotices({ network, pending, refused, kept, onDismiss }: Props) {
  const { translate } = useLanguage();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1, mb: 2 }}>
      {/* MUI's Alert is role="alert": the loss and the return of the network are announced. */}
      {network === 'offline' && (
        <Alert severity="warning" sx={{ fontSize: 18 }}>
          {translate('band_page.offline.offline')}
        </Alert>
      )}
      {network === 'back' && (
        <Alert severity="success" sx={{ fontSize: 18 }}>
          {translate('band_page.offline.back')}
        </Alert>
      )}
      {pending.length > 0 && (
        // What waits is not urgent: read out politely, not as an alert.
        <Alert severity="info" role="status">
          <Typography sx={{ fontWeight: 700 }}>{translate('band_page.offline.waiting')}</Typography>
          <Box component="ul" sx={{ m: 0, pl: 3 }}>
            {pending.map((item) => (
              <li key={`${item.song_id}-${item.action}`}>
                {translate(`band_page.offline.${item.action}`, { song: item.naziv })}
              </li>
            ))}
          </Box>
        </Alert>
      )}
      {refused.length > 0 && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={onDismiss}>
              {translate('band_page.offline.dismiss')}
            </Button>
          }
        >
          <Typography sx={{ fontWeight: 700 }}>{translate('band_page.offline.refused')}</Typography>
          <Box component="ul" sx={{ m: 0, pl: 3 }}>
            {refused.map((item, index) => (
              <li key={index}>
                {translate(`band_page.offline.${item.action}_refused`, {
                  song: item.naziv,
                  reason: item.reason,
                })}
              </li>
            ))}
          </Box>
        </Alert>
      )}
      {kept !== undefined && (
        <Typography color="text.secondary" data-testid="kept-offline">
          {translate('band_page.offline.kept', { smart_count: kept })}
        </Typography>
      )}
    </Box>
  );
}
