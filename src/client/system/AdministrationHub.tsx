import GroupIcon from '@mui/icons-material/Group';
import GroupsIcon from '@mui/icons-material/Groups';
import HistoryIcon from '@mui/icons-material/History';
import MonitorHeartIcon from '@mui/icons-material/MonitorHeart';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import SettingsIcon from '@mui/icons-material/Settings';
import { Box, Card, CardActionArea, CardContent, Link as MuiLink, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { APP_NAME, APP_VERSION } from '../../shared/constants';
import { Page } from '../components/Page';
import { addEnglish } from '../i18n';
import { en as history } from '../history/messages';
import { en } from './messages';

// The hub's English (and the Activity Log card's) comes with its code, not in the panel's tree
// (issue 25, point 3).
addEnglish(en);
addEnglish(history);

const CARDS: { to: string; key: string; icon: ReactNode; messages?: string }[] = [
  {
    to: '/admin/users',
    key: 'users',
    icon: <GroupIcon />,
  },
  {
    to: '/admin/bands',
    key: 'bands',
    icon: <GroupsIcon />,
  },
  {
    to: '/admin/settings',
    key: 'settings',
    icon: <SettingsIcon />,
  },
  {
    to: '/admin/logs',
    key: 'logs',
    icon: <ReceiptLongIcon />,
  },
  {
    to: '/admin/status',
    key: 'status',
    icon: <MonitorHeartIcon />,
  },
  // Issue 28 (not in the spec's five): every change across the system.
  {
    to: '/admin/activity',
    key: 'hub',
    messages: 'activity',
    icon: <HistoryIcon />,
  },
];

/**
 * Spec §2 System Administration: five cards and the Quick System Info box, which also links to the
 * server's API documentation (a page of the server, outside the panel).
 */
export function AdministrationHub() {
  const translate = useTranslate();
  return (
    <Page title="system.hub.title">
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))' }}>
        {CARDS.map((card) => (
          <Card key={card.to}>
            <CardActionArea component={Link} to={card.to}>
              <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
                {card.icon}
                <div>
                  <Typography variant="h6" component="h2">
                    {translate(`${card.messages ?? 'system.hub'}.${card.key}_title`)}
                  </Typography>
                  <Typography color="text.secondary">
                    {translate(`${card.messages ?? 'system.hub'}.${card.key}_text`)}
                  </Typography>
                </div>
              </CardContent>
            </CardActionArea>
          </Card>
        ))}
      </Box>
      <Card component="section" aria-labelledby="quick-info-heading" sx={{ maxWidth: 480 }}>
        <CardContent>
          <Typography id="quick-info-heading" variant="h6" component="h2" gutterBottom>
            {translate('system.hub.quick_info')}
          </Typography>
          <Typography>{translate('system.hub.application', { name: APP_NAME })}</Typography>
          <Typography>{translate('system.hub.version', { version: APP_VERSION })}</Typography>
          <Typography>{translate('system.hub.environment')}</Typography>
          <Typography>
            <MuiLink href="/api/docs">{translate('system.hub.api_docs')}</MuiLink>
          </Typography>
        </CardContent>
      </Card>
    </Page>
  );
}
