import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Box, Button, FormHelperText, Stack } from '@mui/material';
import { lazy, Suspense, useRef, useState } from 'react';
import { TextInput, useTranslate } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import {
  CHART_EXAMPLE,
  formatDuration,
  isChartSize,
  isSongKey,
  KEY_EXAMPLES,
  MAX_CHART_BYTES,
  MAX_DURATION,
  MAX_TEMPO,
  MIN_TEMPO,
  parseDuration,
  parseTempo,
} from '../../shared/song-sheet';
import { useReadOnly } from '../components/readOnly';

/** The preview brings chordsheetjs: loaded by the song forms only, never by the lists. */
const ChartPreview = lazy(() => import('./chart/ChartPreview'));

/** ChordPro files by their usual names, and plain text. */
const CHART_FILES = '.cho,.chordpro,.chopro,.pro,.crd,.txt,text/plain';

const KB = MAX_CHART_BYTES / 1024;

// The server's rules (shared/song-sheet.ts), said before the form is sent.
const text = (value: unknown) => (value === null || value === undefined ? '' : String(value).trim());
const keyRule = (value: unknown) =>
  text(value) && !isSongKey(text(value))
    ? { message: 'songs.validation.key', args: { examples: KEY_EXAMPLES } }
    : undefined;
const tempoRule = (value: unknown) =>
  text(value) && parseTempo(text(value)) === undefined
    ? { message: 'songs.validation.tempo', args: { min: MIN_TEMPO, max: MAX_TEMPO } }
    : undefined;
const durationRule = (value: unknown) =>
  text(value) && parseDuration(text(value)) === undefined
    ? { message: 'songs.validation.duration', args: { hours: MAX_DURATION / 3600 } }
    : undefined;
const chartRule = (value: unknown) =>
  isChartSize(text(value)) ? undefined : { message: 'songs.validation.chart_size', args: { max: KB } };

/** The API answers seconds; the field shows and takes m:ss (the server reads either). */
const showDuration = (value: unknown) => (typeof value === 'number' ? formatDuration(value) : text(value));

/** A ChordPro file read into the chart field: the chart is text, kept with the song, not a file. */
function ChartFile() {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const [refused, setRefused] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  return (
    <div>
      {/* A real button that opens the hidden input, as FileInput's (a <label> with the button role
          fails axe's aria-allowed-role). */}
      <Button
        variant="outlined"
        size="small"
        startIcon={<UploadFileIcon />}
        onClick={() => input.current?.click()}
      >
        {translate('songs.fields.chart_file')}
      </Button>
      <input
        ref={input}
        type="file"
        accept={CHART_FILES}
        hidden
        aria-label={translate('songs.fields.chart_file')}
        onChange={async (event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (!file) return;
          const tooLarge = file.size > 2 * MAX_CHART_BYTES;
          setRefused(tooLarge);
          if (!tooLarge) setValue('akordi', await file.text(), { shouldDirty: true, shouldValidate: true });
        }}
      />
      {refused && (
        <FormHelperText error>{translate('songs.validation.chart_file', { max: KB })}</FormHelperText>
      )}
    </div>
  );
}

/** Issue 27: key, tempo, duration and the chord chart with its preview, after the spec's fields. */
export function SongSheetFields() {
  const translate = useTranslate();
  const readOnly = useReadOnly();
  return (
    <>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }}>
        <TextInput
          source="tonalitet"
          label="songs.fields.key"
          helperText={readOnly ? false : translate('songs.fields.key_help', { examples: KEY_EXAMPLES })}
          validate={keyRule}
          readOnly={readOnly}
        />
        <TextInput
          source="tempo"
          label="songs.fields.tempo"
          validate={tempoRule}
          readOnly={readOnly}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
        <TextInput
          source="trajanje"
          label="songs.fields.duration"
          helperText={readOnly ? false : 'songs.fields.duration_help'}
          format={showDuration}
          validate={durationRule}
          readOnly={readOnly}
        />
      </Stack>
      {/* Side by side where the form is wide enough for both, the preview below the chart otherwise. */}
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fit, minmax(260px, 1fr))',
          gap: 2,
          width: '100%',
        }}
      >
        <div>
          <TextInput
            source="akordi"
            label="songs.fields.chart"
            multiline
            minRows={10}
            maxRows={30}
            helperText={readOnly ? false : translate('songs.fields.chart_help', { example: CHART_EXAMPLE })}
            validate={chartRule}
            readOnly={readOnly}
            slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
          />
          {!readOnly && <ChartFile />}
        </div>
        <Suspense fallback={null}>
          <ChartPreview />
        </Suspense>
      </Box>
    </>
  );
}
