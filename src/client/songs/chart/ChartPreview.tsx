import { Alert, Box, Paper, Typography } from '@mui/material';
import { useDeferredValue, useMemo } from 'react';
import { useTranslate } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { ChordChart } from './ChordChart';
import { readChart } from './readChart';

/**
 * The song form's chart as the stage will show it (issue 27), beside the field, as it is written.
 * Loaded with chordsheetjs only by the song forms (SongSheetFields).
 */
export default function ChartPreview() {
  const translate = useTranslate();
  const text = useWatch({ name: 'akordi' }) as string | null | undefined;
  // Typing stays quick on a long chart: the preview follows when the browser has time.
  const deferred = useDeferredValue(text ?? '');
  const chart = useMemo(() => (deferred.trim() ? readChart(deferred) : undefined), [deferred]);
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={translate('songs.chart.preview')}
      sx={{ p: 2, my: 1 }}
    >
      <Typography component="h2" variant="subtitle2" gutterBottom>
        {translate('songs.chart.preview')}
      </Typography>
      {!chart ? (
        <Typography color="text.secondary">{translate('songs.chart.preview_empty')}</Typography>
      ) : 'error' in chart ? (
        <>
          <Alert severity="warning" sx={{ mb: 1 }}>
            {translate('songs.chart.unreadable', chart.error)}
          </Alert>
          <Box component="pre" sx={{ whiteSpace: 'pre-wrap', m: 0 }}>
            {deferred}
          </Box>
        </>
      ) : (
        <>
          {chart.key && (
            <Typography sx={{ mb: 1 }}>{translate('songs.chart.key', { key: chart.key })}</Typography>
          )}
          <ChordChart chart={chart} translate={translate} />
        </>
      )}
    </Paper>
  );
}
