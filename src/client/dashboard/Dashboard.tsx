import EventIcon from '@mui/icons-material/Event';
import GroupIcon from '@mui/icons-material/Group';
import GroupsIcon from '@mui/icons-material/Groups';
import MicIcon from '@mui/icons-material/Mic';
import MusicNoteIcon from '@mui/icons-material/MusicNote';
import QueueMusicIcon from '@mui/icons-material/QueueMusic';
import { Box, Card, CardContent, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Title, useDataProvider } from 'react-admin';
import { ROLE_LABELS, ROLES } from '../../shared/constants';
import type { EncoreDataProvider } from '../providers/dataProvider';
import { useStoredUser } from '../providers/userStore';
import { CountTile } from './CountTile';

/** Spec §2 Dashboard. A failed load is only logged (spec §8); a 401/403 signs out through the
 *  data provider's auth check. */
export function Dashboard() {
  const dataProvider = useDataProvider<EncoreDataProvider>();
  const user = useStoredUser();
  const { data, isPending, error } = useQuery({
    queryKey: ['dashboard'],
    queryFn: () => dataProvider.getDashboard(),
    // Once a 401 has signed the user out, do not fetch again while the login page is on its way.
    enabled: Boolean(user?.token),
  });
  if (error) console.error('Could not load the dashboard', error);

  const isAdmin = user?.role === 'admin';
  return (
    <Box sx={{ p: 2, display: 'grid', gap: 2 }}>
      <Title title="Dashboard" />
      <Typography variant="h4" component="h1">
        Dashboard
      </Typography>
      <Typography>
        Welcome, {user?.name}! Band: {user?.banddata?.naziv ?? 'Nema benda'}
      </Typography>
      {isPending ? (
        <Typography role="status">Loading dashboard...</Typography>
      ) : data && 'recent_songs' in data ? (
        <>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))' }}>
            <CountTile label="Songs" count={data.total_songs} icon={<MusicNoteIcon />} to="/admin/songs" />
            <CountTile
              label="Performers"
              count={data.total_performers}
              icon={<MicIcon />}
              to="/admin/performers"
            />
            <CountTile
              label="Playlists"
              count={data.total_playlists}
              icon={<QueueMusicIcon />}
              to="/admin/playlists"
            />
            <CountTile label="Gigs" count={data.total_gigs} icon={<EventIcon />} to="/admin/gigs" />
            <CountTile
              label="Bands"
              count={data.total_bands}
              icon={<GroupsIcon />}
              to={isAdmin ? '/admin/bands' : undefined}
            />
            <CountTile
              label="Users"
              count={data.total_users}
              icon={<GroupIcon />}
              to={isAdmin ? '/admin/users' : undefined}
            />
          </Box>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { md: '2fr 1fr' } }}>
            <Card>
              <CardContent>
                <Typography variant="h6" component="h2">
                  Recently added songs
                </Typography>
                {data.recent_songs.length === 0 ? (
                  <Typography color="text.secondary">Nema podataka</Typography>
                ) : (
                  <List dense>
                    {data.recent_songs.map((song) => (
                      <ListItem key={song.id} disableGutters>
                        <ListItemText primary={song.naziv} secondary={song.performer ?? undefined} />
                      </ListItem>
                    ))}
                  </List>
                )}
              </CardContent>
            </Card>
            <Card>
              <CardContent>
                <Typography variant="h6" component="h2">
                  Users by role
                </Typography>
                <List dense>
                  {ROLES.map((role) => (
                    <ListItem key={role} disableGutters>
                      <ListItemText primary={`${ROLE_LABELS[role]}: ${data.users_by_role[role]}`} />
                    </ListItem>
                  ))}
                </List>
              </CardContent>
            </Card>
          </Box>
        </>
      ) : null}
    </Box>
  );
}
