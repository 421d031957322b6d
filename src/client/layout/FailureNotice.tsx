import ErrorIcon from '@mui/icons-material/Report';
import HistoryIcon from '@mui/icons-material/History';
import RefreshIcon from '@mui/icons-material/Refresh';
import { Box, Button, Typography } from '@mui/material';

interface Props {
  translate: (key: string) => string;
  onRetry: () => void;
}

/**
 * What stands instead of a page or screen that failed (its code did not load while offline, say):
 * react-admin's words and Go Back, with Retry. Plain MUI, so that the pages outside the panel can
 * show it without react-admin's code.
 */
export function FailureNotice({ translate, onRetry }: Props) {
  return (
    <Box sx={{ p: 2, display: 'grid', justifyItems: 'center', gap: 2, textAlign: 'center' }}>
      <Typography
        variant="h5"
        component="h1"
        role="alert"
        sx={{ display: 'flex', alignItems: 'center', gap: 1 }}
      >
        <ErrorIcon fontSize="large" color="error" />
        {translate('ra.page.error')}
      </Typography>
      <Typography>{translate('ra.message.error')}</Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', justifyContent: 'center' }}>
        <Button variant="contained" startIcon={<RefreshIcon />} onClick={onRetry}>
          {translate('failure.retry')}
        </Button>
        <Button startIcon={<HistoryIcon />} onClick={() => window.history.go(-1)}>
          {translate('ra.action.back')}
        </Button>
      </Box>
    </Box>
  );
}
