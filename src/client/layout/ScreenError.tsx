import ErrorIcon from '@mui/icons-material/Report';
import HistoryIcon from '@mui/icons-material/History';
import RefreshIcon from '@mui/icons-material/Refresh';
import { Box, Button, Typography } from '@mui/material';
import { createContext, useContext, useEffect } from 'react';
import { type ErrorProps, Title, useTranslate } from 'react-admin';
import { retryFailedScreens } from '../components/lazyScreen';

/** Renders the failed screen again (the layout, remounted: react-admin gives its error page no reset). */
export const RetryScreen = createContext<() => void>(() => {});

/**
 * react-admin's error page (its strings, its Go Back) with Retry: a screen whose code did not load
 * while the network was down loads once it is back, without a reload of the whole panel.
 */
export function ScreenError({ title }: ErrorProps) {
  const translate = useTranslate();
  const retry = useContext(RetryScreen);
  // Another screen chosen instead (react-admin then clears the error): the failed one loads anew
  // when next asked for. (Retry itself must re-arm before the layout renders again, so at the click.)
  useEffect(() => retryFailedScreens, []);
  return (
    <Box sx={{ p: 2, display: 'grid', justifyItems: 'center', gap: 2, textAlign: 'center' }}>
      {title && <Title title={title} />}
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
        <Button
          variant="contained"
          startIcon={<RefreshIcon />}
          onClick={() => {
            retryFailedScreens();
            retry();
          }}
        >
          {translate('failure.retry')}
        </Button>
        <Button startIcon={<HistoryIcon />} onClick={() => window.history.go(-1)}>
          {translate('ra.action.back')}
        </Button>
      </Box>
    </Box>
  );
}
