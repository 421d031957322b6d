import { Box, Card, CardContent, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useDates } from '../i18n/useDates';
import { sayInReadersLanguage } from '../providers/readersLanguage';
import type { ComponentHealth, ComponentName } from '../providers/systemApi';
import { ColourChip, healthColour, Time } from './look';

/** One part of Encore (spec §2 System Status): its state as a coloured word, message and last check. */
export function HealthCard({ name, health }: { name: ComponentName; health?: ComponentHealth }) {
  const translate = useTranslate();
  const dates = useDates();
  // A time in a sentence (a job's failure) is read like every other time on the screen.
  const params =
    typeof health?.params?.at === 'string'
      ? { ...health.params, at: dates.dateTime(health.params.at) }
      : health?.params;
  const status = health?.status ?? 'unknown';
  const colour = healthColour(status);
  const id = `health-${name}`;
  return (
    <Card
      component="section"
      aria-labelledby={id}
      data-status={status}
      sx={{ borderLeft: 6, borderLeftColor: colour.background }}
    >
      <CardContent sx={{ display: 'grid', gap: 1 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
          <Typography id={id} variant="h6" component="h2" sx={{ flexGrow: 1 }}>
            {translate(`system.status.components.${name}`)}
          </Typography>
          <ColourChip label={translate(`system.status.health.${status}`, { _: status })} colour={colour} />
        </Box>
        <Typography sx={{ overflowWrap: 'anywhere' }}>
          {health?.code
            ? sayInReadersLanguage({ code: health.code, params }, health.message, translate)
            : health?.message || translate('system.status.no_information')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {translate('system.status.last_check')}{' '}
          {health?.lastCheck ? <Time iso={health.lastCheck} /> : translate('system.status.never')}
        </Typography>
      </CardContent>
    </Card>
  );
}
