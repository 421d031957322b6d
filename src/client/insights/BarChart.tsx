import { Box, Typography } from '@mui/material';

/** One bar: its key, what it is called, how long it is, and what a screen reader says of it. */
export interface Bar {
  key: string | number;
  /** Under a column (short: an hour), or before a row (a song). */
  label?: string;
  value: number;
  /** The whole bar said in words ("Đurđevdan: 4"). */
  spoken: string;
}

/**
 * Columns side by side, as the after-show summary draws requests over time (gigs/GigRequestSummary):
 * plain boxes sized by value, a list to screen readers with each bar said in words, its words on hover.
 */
export function ColumnChart({ bars, label, height = 140 }: { bars: Bar[]; label: string; height?: number }) {
  const most = Math.max(1, ...bars.map((bar) => bar.value));
  const labelled = bars.some((bar) => bar.label);
  return (
    <Box
      role="list"
      aria-label={label}
      sx={{ display: 'flex', alignItems: 'stretch', gap: '2px', overflowX: 'auto', mt: 1 }}
    >
      {bars.map((bar) => (
        <Box
          key={bar.key}
          role="listitem"
          aria-label={bar.spoken}
          title={bar.spoken}
          sx={{
            flex: '1 0 10px',
            maxWidth: 40,
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'stretch',
          }}
        >
          <Box sx={{ height, display: 'flex', alignItems: 'flex-end' }}>
            <Box
              data-testid="chart-bar"
              sx={{ width: '100%', bgcolor: 'primary.main', height: `${(bar.value / most) * 100}%` }}
            />
          </Box>
          {labelled && (
            <Typography variant="caption" aria-hidden sx={{ textAlign: 'center', lineHeight: 1.6 }}>
              {bar.label}
            </Typography>
          )}
        </Box>
      ))}
    </Box>
  );
}

/** Rows of a ranking: each name, a bar as long as its count, and the count. */
export function RowChart({ bars, label }: { bars: Bar[]; label: string }) {
  const most = Math.max(1, ...bars.map((bar) => bar.value));
  return (
    <Box
      component="ol"
      aria-label={label}
      sx={{ listStyle: 'none', p: 0, m: 0, mt: 1, display: 'grid', gap: 0.5 }}
    >
      {bars.map((bar) => (
        <Box
          component="li"
          key={bar.key}
          aria-label={bar.spoken}
          sx={{
            display: 'grid',
            gridTemplateColumns: 'minmax(8rem, 3fr) 2fr 3rem',
            gap: 1,
            alignItems: 'center',
          }}
        >
          <Typography variant="body2" aria-hidden noWrap title={bar.label}>
            {bar.label}
          </Typography>
          <Box aria-hidden sx={{ height: 14, bgcolor: 'action.hover' }}>
            <Box
              data-testid="chart-bar"
              sx={{ height: '100%', bgcolor: 'primary.main', width: `${(bar.value / most) * 100}%` }}
            />
          </Box>
          <Typography variant="body2" aria-hidden sx={{ textAlign: 'right' }}>
            {bar.value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** Parts of one whole as one bar of coloured segments, with a legend that says them in words. */
export function ShareBar({
  parts,
  label,
}: {
  parts: { key: string; value: number; color: string; spoken: string }[];
  label: string;
}) {
  const total = parts.reduce((sum, part) => sum + part.value, 0) || 1;
  return (
    <Box sx={{ mt: 1 }}>
      <Box aria-hidden sx={{ display: 'flex', height: 24, bgcolor: 'action.hover' }}>
        {parts.map((part) => (
          <Box
            key={part.key}
            data-testid="chart-bar"
            title={part.spoken}
            sx={{ width: `${(part.value / total) * 100}%`, bgcolor: part.color }}
          />
        ))}
      </Box>
      <Box
        component="ul"
        aria-label={label}
        sx={{ listStyle: 'none', p: 0, m: 0, mt: 1, display: 'flex', flexWrap: 'wrap', gap: 2 }}
      >
        {parts.map((part) => (
          <Box component="li" key={part.key} sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
            <Box aria-hidden sx={{ width: 12, height: 12, bgcolor: part.color }} />
            <Typography variant="body2">{part.spoken}</Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}
