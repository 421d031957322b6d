import EventIcon from '@mui/icons-material/Event';
import GroupIcon from '@mui/icons-material/Group';
import GroupsIcon from '@mui/icons-material/Groups';
import MicIcon from '@mui/icons-material/Mic';
import MusicNoteIcon from '@mui/icons-material/MusicNote';
import QueueMusicIcon from '@mui/icons-material/QueueMusic';
import { Box, Card, CardContent, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Title, useDataProvider, useTranslate } from 'react-admin';
import { ROLES } from '../../shared/constants';
import type { EncoreDataProvider } from '../providers/dataProvider';
import { useIdentity, usePermissionsOf } from '../providers/identity';
import { CountTile } from './CountTile';

/** Spec §2 Dashboard. A failed load is only logged (spec §8); a 401/403 signs out through the
 *  data provider's auth check. */
export function Dashboard() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<EncoreDataProvider>();
  const identity = useIdentity();
  const { isAdmin } = usePermissionsOf();
  const { data, isPending, error } = useQuery({
    queryKey: ['dashboard'],
    queryFn: () => dataProvider.getDashboard(),
    // Once a 401 has signed the user out, do not fetch again while the login page is on its way.
    enabled: Boolean(identity),
  });
  if (error) console.error('Could not load the dashboard', error);

  return (
    <Box sx={{ p: 2, display: 'grid', gap: 2 }}>
      <Title title={translate('dashboard.title')} />
      <Typography variant="h4" component="h1">
        {translate('dashboard.title')}
      </Typography>
      <Typography>
        {translate('dashboard.welcome', {
          name: identity?.fullName ?? '',
          band: identity?.band?.naziv ?? translate('dashboard.no_band'),
        })}
      </Typography>
      {isPending ? (
        <Typography role="status">{translate('dashboard.loading')}</Typography>
      ) : data && 'recent_songs' in data ? (
        <>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(200px, 1fr))' }}>
            <CountTile
              label={translate('dashboard.songs')}
              count={data.total_songs}
              icon={<MusicNoteIcon />}
              to="/admin/songs"
            />
            <CountTile
              label={translate('dashboard.performers')}
              count={data.total_performers}
              icon={<MicIcon />}
              to="/admin/performers"
            />
            <CountTile
              label={translate('dashboard.playlists')}
              count={data.total_playlists}
              icon={<QueueMusicIcon />}
              to="/admin/playlists"
            />
            <CountTile
              label={translate('dashboard.gigs')}
              count={data.total_gigs}
              icon={<EventIcon />}
              to="/admin/gigs"
            />
            <CountTile
              label={translate('dashboard.bands')}
              count={data.total_bands}
              icon={<GroupsIcon />}
              to={isAdmin ? '/admin/bands' : undefined}
            />
            <CountTile
              label={translate('dashboard.users')}
              count={data.total_users}
              icon={<GroupIcon />}
              to={isAdmin ? '/admin/users' : undefined}
            />
          </Box>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { md: '2fr 1fr' } }}>
            <Card>
              <CardContent>
                <Typography variant="h6" component="h2">
                  {translate('dashboard.recent_songs')}
                </Typography>
                {data.recent_songs.length === 0 ? (
                  <Typography color="text.secondary">{translate('list.empty')}</Typography>
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
                  {translate('dashboard.users_by_role')}
                </Typography>
                <List dense>
                  {ROLES.map((role) => (
                    <ListItem key={role} disableGutters>
                      <ListItemText
                        primary={translate('dashboard.count', {
                          label: translate(`roles.${role}`),
                          count: data.users_by_role[role],
                        })}
                      />
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
