import { Box, Card, CardContent, Typography } from '@mui/material';
import type { ComponentHealth } from '../providers/systemApi';
import { ColourChip, healthColour, Time } from './look';

/** One part of Encore (spec §2 System Status): its state as a coloured word, message and last check. */
export function HealthCard({ title, health }: { title: string; health?: ComponentHealth }) {
  const status = health?.status ?? 'unknown';
  const colour = healthColour(status);
  const id = `health-${title.replace(/\s+/g, '-').toLowerCase()}`;
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
            {title}
          </Typography>
          <ColourChip label={status} colour={colour} />
        </Box>
        <Typography sx={{ overflowWrap: 'anywhere' }}>{health?.message || 'No information.'}</Typography>
        <Typography variant="body2" color="text.secondary">
          Last check: {health?.lastCheck ? <Time iso={health.lastCheck} /> : 'never'}
        </Typography>
      </CardContent>
    </Card>
  );
}
