import EventIcon from '@mui/icons-material/Event';
import GroupIcon from '@mui/icons-material/Group';
import GroupsIcon from '@mui/icons-material/Groups';
import MicIcon from '@mui/icons-material/Mic';
import MusicNoteIcon from '@mui/icons-material/MusicNote';
import QueueMusicIcon from '@mui/icons-material/QueueMusic';
import { Box, Card, CardContent, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import { ROLES } from '../../shared/constants';
import { Page } from '../components/Page';
import type { EncoreDataProvider } from '../providers/dataProvider';
import { useIdentity, usePermissionsOf } from '../providers/identity';
import { CountTile } from './CountTile';

type Counted = 'songs' | 'performers' | 'playlists' | 'gigs' | 'bands' | 'users';

/** The count tiles; bands and users lead to screens only system admins have. */
const TILES: { name: Counted; icon: ReactNode; adminOnly?: boolean }[] = [
  { name: 'songs', icon: <MusicNoteIcon /> },
  { name: 'performers', icon: <MicIcon /> },
  { name: 'playlists', icon: <QueueMusicIcon /> },
  { name: 'gigs', icon: <EventIcon /> },
  { name: 'bands', icon: <GroupsIcon />, adminOnly: true },
  { name: 'users', icon: <GroupIcon />, adminOnly: true },
];

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
    <Page title="dashboard.title">
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
            {TILES.map(({ name, icon, adminOnly }) => (
              <CountTile
                key={name}
                label={translate(`dashboard.${name}`)}
                count={data[`total_${name}`]}
                icon={icon}
                to={adminOnly && !isAdmin ? undefined : `/admin/${name}`}
              />
            ))}
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
    </Page>
  );
}
