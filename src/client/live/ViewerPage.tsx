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
import { showStart, type GigRow } from '../gigs/types';
import { httpClient } from '../providers/httpClient';
import { useStoredUser } from '../providers/userStore';
import { orderForViewer } from './viewerGigs';

/** /viewer: the area for viewer users (spec §1): their band's gigs, each opening its live queue. */
export function ViewerPage({ authProvider }: { authProvider: AuthProvider }) {
  const user = useStoredUser();
  const navigate = useNavigate();
  const gigs = useViewerGigs(Boolean(user?.token));
  if (!user) return <Navigate to="/admin/login" replace />;
  return (
    <Box component="main" sx={{ p: 3, display: 'grid', gap: 2, maxWidth: 720 }}>
      <Typography variant="h4" component="h1">
        Viewer area
      </Typography>
      <Typography>
        Signed in as {user.name} · Band: {user.banddata?.naziv ?? 'Nema benda'}
      </Typography>
      <Typography variant="h5" component="h2">
        Gigs
      </Typography>
      {!gigs.data && !gigs.error ? (
        <Typography role="status">Loading gigs…</Typography>
      ) : gigs.error ? (
        <Alert severity="error">Could not load the gigs: {gigs.error.message}</Alert>
      ) : !gigs.data?.length ? (
        <Typography>Your band has no gigs yet.</Typography>
      ) : (
        <Paper>
          <List aria-label="Gigs">
            {orderForViewer(gigs.data).map((gig) => (
              <ListItem key={gig.id} disablePadding divider>
                <ListItemButton component={Link} to={`/band/${gig.token}`}>
                  <ListItemText
                    primary={gig.naziv}
                    secondary={`${gig.lokacija} · ${showStart(gig.pocetak)}`}
                  />
                  {gig.today && <Chip label="Today" color="primary" />}
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
        Logout
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
