import GroupIcon from '@mui/icons-material/Group';
import GroupsIcon from '@mui/icons-material/Groups';
import MonitorHeartIcon from '@mui/icons-material/MonitorHeart';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import SettingsIcon from '@mui/icons-material/Settings';
import { Box, Card, CardActionArea, CardContent, Typography } from '@mui/material';
import { Title } from 'react-admin';
import { Link } from 'react-router-dom';
import { APP_NAME, APP_VERSION } from '../../shared/constants';
import { AdminOnly } from '../components/AdminOnly';

const CARDS = [
  {
    to: '/admin/users',
    title: 'Manage Users',
    text: 'Add users, set their role and band.',
    icon: <GroupIcon />,
  },
  {
    to: '/admin/bands',
    title: 'Manage Bands',
    text: 'Add bands and manage their members.',
    icon: <GroupsIcon />,
  },
  {
    to: '/admin/settings',
    title: 'System Settings',
    text: 'Live server, sessions, backups, logging.',
    icon: <SettingsIcon />,
  },
  {
    to: '/admin/logs',
    title: 'System Logs',
    text: 'Read and clear the server log.',
    icon: <ReceiptLongIcon />,
  },
  {
    to: '/admin/status',
    title: 'System Status',
    text: 'Health of each part of Encore.',
    icon: <MonitorHeartIcon />,
  },
];

/** Spec §2 System Administration: five cards and the Quick System Info box. */
export function AdministrationHub() {
  return (
    <AdminOnly>
      <Box sx={{ p: 2, display: 'grid', gap: 2 }}>
        <Title title="System Administration" />
        <Typography variant="h4" component="h1">
          System Administration
        </Typography>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))' }}>
          {CARDS.map((card) => (
            <Card key={card.to}>
              <CardActionArea component={Link} to={card.to}>
                <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
                  {card.icon}
                  <div>
                    <Typography variant="h6" component="h2">
                      {card.title}
                    </Typography>
                    <Typography color="text.secondary">{card.text}</Typography>
                  </div>
                </CardContent>
              </CardActionArea>
            </Card>
          ))}
        </Box>
        <Card component="section" aria-labelledby="quick-info-heading" sx={{ maxWidth: 480 }}>
          <CardContent>
            <Typography id="quick-info-heading" variant="h6" component="h2" gutterBottom>
              Quick System Info
            </Typography>
            <Typography>Application: {APP_NAME}</Typography>
            <Typography>Version: {APP_VERSION}</Typography>
            <Typography>Environment: Production</Typography>
          </CardContent>
        </Card>
      </Box>
    </AdminOnly>
  );
}
