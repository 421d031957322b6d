import { Box, Card, CardContent, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';

type Translate = ReturnType<typeof useTranslate>;

/** 'peak_connections' → 'Peak connections': the label of a counter the messages do not name. */
const wordsOf = (key: string) => {
  const words = key.replace(/_seconds$/, '').replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** 3725 → '1 h 2 min 5 s'. */
function duration(seconds: number, translate: Translate): string {
  const parts: string[] = [];
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const unit = (name: string, count: number) => translate(`system.status.units.${name}`, { count });
  if (days) parts.push(unit('days', days));
  if (hours) parts.push(unit('hours', hours));
  if (minutes) parts.push(unit('minutes', minutes));
  parts.push(unit('seconds', Math.floor(seconds % 60)));
  return parts.join(' ');
}

/** The words among the values: the state, and where the live server listens ("… and /ws"). */
function wordsIn(key: string, value: string, translate: Translate): string {
  if (key === 'state') return translate(`system.status.states.${value}`, { _: value });
  if (key !== 'listening') return value;
  if (value === '/ws only') return translate('system.status.ws_only');
  const where = value.match(/^(.+) and \/ws$/)?.[1];
  return where ? translate('system.status.ws_and', { where }) : value;
}

/** Spec §2 System Status: the live server's counters, one labelled value per key. */
export function WebsocketStats({ stats }: { stats: Record<string, number | string> }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const entries = Object.entries(stats);
  const valueOf = (key: string, value: number | string) =>
    typeof value !== 'number'
      ? wordsIn(key, value, translate)
      : key.endsWith('_seconds')
        ? duration(value, translate)
        : value.toLocaleString(locale);
  return (
    <Card component="section" aria-labelledby="websocket-stats-heading">
      <CardContent>
        <Typography id="websocket-stats-heading" variant="h6" component="h2" gutterBottom>
          {translate('system.status.stats_title')}
        </Typography>
        {entries.length === 0 ? (
          <Typography>{translate('system.status.no_stats')}</Typography>
        ) : (
          <Box
            component="dl"
            sx={{
              display: 'grid',
              gridTemplateColumns: 'repeat(auto-fill, minmax(180px, 1fr))',
              gap: 2,
              m: 0,
            }}
          >
            {entries.map(([key, value]) => (
              <div key={key}>
                <Typography component="dt" variant="body2" color="text.secondary">
                  {translate(`system.status.stats.${key}`, { _: wordsOf(key) })}
                </Typography>
                <Typography component="dd" sx={{ m: 0, fontWeight: 600, overflowWrap: 'anywhere' }}>
                  {valueOf(key, value)}
                </Typography>
              </div>
            ))}
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
