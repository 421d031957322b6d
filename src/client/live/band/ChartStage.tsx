import AddIcon from '@mui/icons-material/Add';
import PauseIcon from '@mui/icons-material/Pause';
import RemoveIcon from '@mui/icons-material/Remove';
import SwapVertIcon from '@mui/icons-material/SwapVert';
import { Alert, Box, Button, FormControlLabel, IconButton, Switch, Typography } from '@mui/material';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { formatDuration } from '../../../shared/song-sheet';
import { useLanguage } from '../../i18n/PageLanguage';
import { httpClient } from '../../providers/httpClient';
import { ChordChart } from '../../songs/chart/ChordChart';
import { readChart, transposeKey } from '../../songs/chart/readChart';
import { useFollowContext } from './followContext';
import { useAutoScroll } from './useAutoScroll';
import { useWakeLock } from './useWakeLock';

interface SongKey {
  transpose: number;
  capo: number;
}

/** GET /api/admin/live/{token}/songs/{id}/chart. */
interface ChartAnswer {
  tonalitet: string | null;
  trajanje: number | null;
  akordi: string | null;
  keys: { band: SongKey | null; gig: SongKey | null };
  can_set_band: boolean;
}

const ZERO: SongKey = { transpose: 0, capo: 0 };
const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

/** The stage's colours: light on dark, readable on a dim stage (contrast well past WCAG AA). */
const STAGE = { bgcolor: '#121212', color: '#f5f5f5' } as const;

/** A control of the bar: its name, its value, and a step down and up. */
function Stepper(props: {
  label: string;
  value: string;
  down: string;
  up: string;
  onStep: (step: -1 | 1) => void;
  disabledDown?: boolean;
  disabledUp?: boolean;
}) {
  const button = { color: 'inherit', border: 1, borderColor: 'grey.600' } as const;
  return (
    <Box role="group" aria-label={props.label} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <Typography sx={{ fontSize: 18 }}>{props.label}</Typography>
      <IconButton
        aria-label={props.down}
        onClick={() => props.onStep(-1)}
        disabled={props.disabledDown}
        sx={button}
      >
        <RemoveIcon />
      </IconButton>
      <Box
        component="output"
        aria-live="polite"
        sx={{ minWidth: 40, textAlign: 'center', fontSize: 24, fontWeight: 700 }}
      >
        {props.value}
      </Box>
      <IconButton
        aria-label={props.up}
        onClick={() => props.onStep(1)}
        disabled={props.disabledUp}
        sx={button}
      >
        <AddIcon />
      </IconButton>
    </Box>
  );
}

/**
 * The stage view's chord chart (issue 27, point 2), loaded with chordsheetjs only when a chart is
 * opened: chords over their syllables in large type, light on dark; transposed and with a capo as the
 * band plays the song, or as tonight's singer needs it (kept on the server for the band's tablets);
 * the key shown transposed; scrolled at the song's pace if asked; the screen kept on meanwhile.
 */
export default function ChartStage({ token, songId }: { token: string; songId: number }) {
  const { translate } = useLanguage();
  const [answer, setAnswer] = useState<ChartAnswer>();
  const [failure, setFailure] = useState<string>();
  const [tonight, setTonight] = useState(false);
  const [scrolling, setScrolling] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const base = `/api/admin/live/${token}/songs/${songId}`;

  useEffect(() => {
    let current = true;
    httpClient<ChartAnswer>(`${base}/chart`)
      .then(({ json }) => {
        if (!current) return;
        setAnswer(json);
        // Tonight's key where the gig has one; a viewer can set only tonight's.
        setTonight(json.keys.gig !== null || !json.can_set_band);
      })
      .catch((problem: Error) => current && setFailure(problem.message));
    return () => {
      current = false;
    };
  }, [base]);

  useWakeLock(Boolean(answer?.akordi));
  const stop = useCallback(() => setScrolling(false), []);
  useAutoScroll(box, answer?.trajanje ?? null, scrolling, stop);

  // Following the leader (issue 27, point 4): its key and its scroll, not this tablet's own.
  const follow = useFollowContext();
  const led = follow?.shown?.song?.song_id === songId ? follow.shown : undefined;
  const keys = answer?.keys ?? { band: null, gig: null };
  const key = led ?? (tonight ? keys.gig : null) ?? keys.band ?? ZERO;
  const loaded = answer !== undefined;
  const announce = follow?.announce;
  useEffect(() => {
    if (loaded) announce?.({ transpose: key.transpose, capo: key.capo });
  }, [announce, loaded, key.transpose, key.capo]);
  const ledScroll = led?.scroll;
  useEffect(() => {
    const element = box.current;
    if (ledScroll === undefined || !element) return;
    element.scrollTop = ledScroll * Math.max(element.scrollHeight - element.clientHeight, 0);
  }, [ledScroll, loaded]);
  const text = answer?.akordi ?? '';
  // The chords as played: moved by the transposition, back down by the capo's frets.
  const chart = useMemo(
    () => readChart(text, key.transpose - key.capo, answer?.tonalitet ?? null),
    [text, key.transpose, key.capo, answer?.tonalitet],
  );

  if (failure)
    return (
      <Alert severity="warning" sx={{ m: 2, fontSize: 20 }}>
        {failure}
      </Alert>
    );
  if (!answer)
    return (
      <Typography role="status" sx={{ p: 4, fontSize: 28 }}>
        {translate('band_page.stage.loading')}
      </Typography>
    );

  // The song's key as written: the song's field, else the chart's own {key:}.
  const original = answer.tonalitet ?? ('error' in chart ? null : chart.key);

  async function keep(next: SongKey | null, scope: 'band' | 'gig') {
    setFailure(undefined);
    const optimistic = { ...keys, [scope]: next };
    setAnswer((old) => old && { ...old, keys: optimistic });
    try {
      const { json } = await httpClient<ChartAnswer['keys']>(`${base}/key`, {
        method: 'POST',
        body: next ? { scope, ...next } : { scope },
      });
      setAnswer((old) => old && { ...old, keys: json });
    } catch (problem) {
      setFailure((problem as Error).message);
    }
  }
  const scope = tonight ? 'gig' : 'band';
  const step = (field: keyof SongKey, by: number) => {
    const next = {
      ...key,
      [field]: field === 'capo' ? clamp(key.capo + by, 0, 11) : clamp(key.transpose + by, -11, 11),
    };
    void keep(next, scope);
  };

  return (
    <Box sx={{ ...STAGE, height: '100%', display: 'flex', flexDirection: 'column' }}>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          gap: 3,
          px: 2,
          py: 1,
          borderBottom: 1,
          borderColor: 'grey.800',
        }}
      >
        {original && (
          <Typography data-testid="stage-key" sx={{ fontSize: 24, fontWeight: 700 }}>
            {translate('band_page.stage.key', { key: transposeKey(original, key.transpose) })}
            {key.capo > 0 && (
              <Box component="span" sx={{ fontWeight: 400, ml: 2 }}>
                {translate('band_page.stage.capo_shapes', {
                  capo: key.capo,
                  key: transposeKey(original, key.transpose - key.capo),
                })}
              </Box>
            )}
          </Typography>
        )}
        <Stepper
          label={translate('band_page.stage.transpose')}
          value={signed(key.transpose)}
          down={translate('band_page.stage.transpose_down')}
          up={translate('band_page.stage.transpose_up')}
          onStep={(by) => step('transpose', by)}
          disabledDown={Boolean(led) || key.transpose <= -11}
          disabledUp={Boolean(led) || key.transpose >= 11}
        />
        <Stepper
          label={translate('band_page.stage.capo')}
          value={String(key.capo)}
          down={translate('band_page.stage.capo_down')}
          up={translate('band_page.stage.capo_up')}
          onStep={(by) => step('capo', by)}
          disabledDown={Boolean(led) || key.capo <= 0}
          disabledUp={Boolean(led) || key.capo >= 11}
        />
        <FormControlLabel
          control={
            <Switch
              checked={tonight}
              disabled={!answer.can_set_band || Boolean(led)}
              onChange={(event) => setTonight(event.target.checked)}
            />
          }
          label={translate('band_page.stage.tonight')}
          sx={{ '& .MuiFormControlLabel-label': { fontSize: 18 }, '& .Mui-disabled': { color: 'grey.400' } }}
        />
        {keys.gig && !led && (
          <Button
            variant="outlined"
            color="inherit"
            onClick={() => {
              void keep(null, 'gig');
              if (answer.can_set_band) setTonight(false);
            }}
          >
            {translate('band_page.stage.band_key')}
          </Button>
        )}
        {answer.trajanje && !led && (
          <Button
            variant="outlined"
            color="inherit"
            startIcon={scrolling ? <PauseIcon /> : <SwapVertIcon />}
            aria-pressed={scrolling}
            onClick={() => setScrolling((on) => !on)}
          >
            {translate(scrolling ? 'band_page.stage.scroll_stop' : 'band_page.stage.scroll', {
              duration: formatDuration(answer.trajanje),
            })}
          </Button>
        )}
      </Box>
      <Box
        ref={box}
        tabIndex={0}
        onScroll={(event) => {
          const element = event.currentTarget;
          const room = element.scrollHeight - element.clientHeight;
          if (room > 0) announce?.({ scroll: Math.min(1, Math.max(0, element.scrollTop / room)) });
        }}
        aria-label={translate('band_page.stage.chart')}
        role="region"
        sx={{ flexGrow: 1, minHeight: 0, overflow: 'auto', px: { xs: 2, md: 4 }, py: 2 }}
      >
        {'error' in chart ? (
          <>
            <Alert severity="warning" sx={{ mb: 2 }}>
              {translate('songs.chart.unreadable', { ...chart.error })}
            </Alert>
            <Box component="pre" sx={{ fontSize: 28, whiteSpace: 'pre-wrap', m: 0 }}>
              {text}
            </Box>
          </>
        ) : (
          <ChordChart chart={chart} translate={translate} stage />
        )}
      </Box>
    </Box>
  );
}
