import { Alert, Box, Button, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import { useLanguage } from '../../i18n/PageLanguage';
import type { Follow, TabletRole } from './followContext';

/**
 * The band page's choice for this tablet (issue 27, point 4): lead the others, follow the leader, or
 * neither; and what it means now (leading, following, left, no leader, another tablet took the lead).
 * A viewer may follow but not lead.
 */
export function FollowControls({ follow, canLead }: { follow: Follow; canLead: boolean }) {
  const { translate } = useLanguage();
  const { role, left, leader, replaced } = follow;
  const status =
    role === 'lead'
      ? translate('band_page.follow.leading')
      : role === 'follow' && !left
        ? translate(leader?.tablet ? 'band_page.follow.following' : 'band_page.follow.no_leader')
        : undefined;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', width: '100%' }}>
      <ToggleButtonGroup
        exclusive
        size="large"
        value={role}
        aria-label={translate('band_page.follow.tablets')}
        onChange={(_event, next: TabletRole) => follow.setRole(next)}
      >
        {canLead && <ToggleButton value="lead">{translate('band_page.follow.lead')}</ToggleButton>}
        <ToggleButton value="follow">{translate('band_page.follow.follow')}</ToggleButton>
      </ToggleButtonGroup>
      {status && (
        <Typography role="status" sx={{ fontSize: 18 }}>
          {status}
        </Typography>
      )}
      {role === 'follow' && left && (
        <Button variant="contained" size="large" onClick={follow.rejoin}>
          {translate('band_page.follow.rejoin')}
        </Button>
      )}
      {replaced && (
        <Alert severity="info" role="status">
          {translate('band_page.follow.replaced')}
        </Alert>
      )}
    </Box>
  );
}
