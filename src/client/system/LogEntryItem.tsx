import { Box, ListItem, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { LogEntry } from '../providers/systemApi';
import { ColourChip, levelColour, Time } from './look';

const extraText = (extra: LogEntry['extra']) => {
  if (extra === null || extra === undefined || extra === '') return undefined;
  if (typeof extra === 'string') return extra;
  return Object.keys(extra).length ? JSON.stringify(extra) : undefined;
};

/** One log entry (spec §2 System Logs): time, level in its colour, message, then context and extra. */
export function LogEntryItem({ entry }: { entry: LogEntry }) {
  const translate = useTranslate();
  const extra = extraText(entry.extra);
  return (
    <ListItem divider data-level={entry.level} sx={{ display: 'grid', gap: 0.5, alignItems: 'start' }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <ColourChip
          label={translate(`system.levels.${entry.level}`, { _: entry.level })}
          colour={levelColour(entry.level)}
        />
        <Typography variant="body2" color="text.secondary">
          <Time iso={entry.timestamp} />
        </Typography>
      </Box>
      {/* The server writes its log in English, as it records it: read out as English. */}
      <Typography lang="en" sx={{ overflowWrap: 'anywhere' }}>
        {entry.message}
      </Typography>
      {entry.context && (
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {translate('system.logs.context', { context: entry.context })}
        </Typography>
      )}
      {extra && (
        <Typography
          component="code"
          lang="en"
          variant="body2"
          sx={{ fontFamily: 'monospace', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
        >
          {extra}
        </Typography>
      )}
    </ListItem>
  );
}
