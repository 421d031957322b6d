import {
  Alert,
  Box,
  Button,
  Chip,
  List,
  ListItem,
  ListItemButton,
  ListItemText,
  Paper,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import type { AuthProvider } from 'react-admin';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import type { GigRow } from '../gigs/types';
import { PageLanguage, PageLanguageMenu, useDateLocale, useLanguage } from '../i18n/PageLanguage';
import { httpClient } from '../providers/httpClient';
import { useStoredUser } from '../providers/userStore';
import { orderForViewer } from './viewerGigs';
import { addEnglish } from '../i18n';
import { en } from './messages';

// The viewer area's English comes with its code, not in the panel's tree (issue 25, point 3).
addEnglish(en);

/** A gig's start with its day and year, as the page's language writes them ("Sat, Nov 21, 2026, 9:00 PM"). */
function gigStart(pocetak: string, locale: string) {
  // The band's wall-clock time, without a zone ("2026-11-21T21:00").
  const date = new Date(pocetak);
  if (Number.isNaN(date.getTime())) return pocetak;
  return new Intl.DateTimeFormat(locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(date);
}

/**
 * /viewer: the area for viewer users (spec §1): their band's gigs, each opening its live queue; in
 * the language chosen in the panel or here (issue 26).
 */
export function ViewerPage({ authProvider }: { authProvider: AuthProvider }) {
  return (
    <PageLanguage>
      <ViewerArea authProvider={authProvider} />
    </PageLanguage>
  );
}

function ViewerArea({ authProvider }: { authProvider: AuthProvider }) {
  const { translate } = useLanguage();
  const dates = useDateLocale();
  const user = useStoredUser();
  const navigate = useNavigate();
  const gigs = useViewerGigs(Boolean(user?.token));
  if (!user) return <Navigate to="/admin/login" replace />;
  return (
    <Box component="main" sx={{ p: 3, display: 'grid', gap: 2, maxWidth: 720 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <Typography variant="h4" component="h1" sx={{ flexGrow: 1 }}>
          {translate('viewer_area.title')}
        </Typography>
        <PageLanguageMenu />
      </Box>
      <Typography>
        {translate('viewer_area.signed_in', {
          name: user.name,
          band: user.banddata?.naziv ?? translate('dashboard.no_band'),
        })}
      </Typography>
      <Typography variant="h5" component="h2">
        {translate('viewer_area.gigs')}
      </Typography>
      {!gigs.data && !gigs.error ? (
        <Typography role="status">{translate('viewer_area.loading')}</Typography>
      ) : gigs.error ? (
        <Alert severity="error">{translate('viewer_area.failed', { message: gigs.error.message })}</Alert>
      ) : !gigs.data?.length ? (
        <Typography>{translate('viewer_area.empty')}</Typography>
      ) : (
        <Paper>
          <List aria-label={translate('viewer_area.gigs')}>
            {orderForViewer(gigs.data).map((gig) => (
              <ListItem key={gig.id} disablePadding divider>
                <ListItemButton component={Link} to={`/band/${gig.token}`}>
                  <ListItemText
                    primary={gig.naziv}
                    secondary={`${gig.lokacija} · ${gigStart(gig.pocetak, dates)}`}
                  />
                  {gig.today && <Chip label={translate('viewer_area.today')} color="primary" />}
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        </Paper>
      )}
      <Button
        variant="outlined"
        sx={{ justifySelf: 'start' }}
        onClick={async () => {
          await authProvider.logout({});
          navigate('/admin/login');
        }}
      >
        {translate('ra.auth.logout')}
      </Button>
    </Box>
  );
}

/** The band's gigs (the first page of GET /api/admin/gigs, newest first; reordered for viewers). */
function useViewerGigs(signedIn: boolean) {
  const [state, setState] = useState<{ data?: GigRow[]; error?: Error }>({});
  useEffect(() => {
    if (!signedIn) return;
    let current = true;
    httpClient<{ data: GigRow[] }>('/api/admin/gigs?pg=0').then(
      ({ json }) => current && setState({ data: json.data }),
      (error: Error) => current && setState({ error }),
    );
    return () => {
      current = false;
    };
  }, [signedIn]);
  return state;
}
