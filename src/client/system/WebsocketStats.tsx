import { Box, Card, CardContent, Typography } from '@mui/material';

/** 'peak_connections' → 'Peak connections'. */
const labelOf = (key: string) => {
  const words = key.replace(/_seconds$/, '').replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** 3725 → '1 h 2 min 5 s'. */
function duration(seconds: number): string {
  const parts: string[] = [];
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  if (days) parts.push(`${days} d`);
  if (hours) parts.push(`${hours} h`);
  if (minutes) parts.push(`${minutes} min`);
  parts.push(`${Math.floor(seconds % 60)} s`);
  return parts.join(' ');
}

const valueOf = (key: string, value: number | string) =>
  typeof value !== 'number' ? value : key.endsWith('_seconds') ? duration(value) : value.toLocaleString('en');

/** Spec §2 System Status: the live server's counters, one labelled value per key. */
export function WebsocketStats({ stats }: { stats: Record<string, number | string> }) {
  const entries = Object.entries(stats);
  return (
    <Card component="section" aria-labelledby="websocket-stats-heading">
      <CardContent>
        <Typography id="websocket-stats-heading" variant="h6" component="h2" gutterBottom>
          WebSocket Statistics
        </Typography>
        {entries.length === 0 ? (
          <Typography>No statistics reported.</Typography>
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
                  {labelOf(key)}
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
