import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import NavigateBeforeIcon from '@mui/icons-material/NavigateBefore';
import NavigateNextIcon from '@mui/icons-material/NavigateNext';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Box, Button, createTheme, Dialog, ThemeProvider, Typography, useTheme } from '@mui/material';
import { lazy, type ReactNode, Suspense, useEffect, useRef, useState, type SyntheticEvent } from 'react';
import { useLanguage } from '../../i18n/PageLanguage';
import { type Answer, AnswerButtons } from './AnswerButtons';
import { useFollowContext } from './followContext';
import type { BandEntry } from './types';

/** A song the stage view opens: a waiting song of the queue, or one of the set (issue 27). */
export type StageSong = Pick<BandEntry, 'song_id' | 'naziv' | 'performer'> &
  Partial<Pick<BandEntry, 'resource' | 'resursi' | 'chart'>>;

interface Props {
  /** The gig's token: the chart and its key are read and kept under it. */
  token: string;
  entry: StageSong;
  busy: boolean;
  /** Back to the queue (the Back button, Escape). */
  onClose: () => void;
  /** Asks the API again when the song's resources are not known here (it came over the live channel). */
  onReload: () => void;
  /** Absent for viewers, who read the song but cannot change the queue. */
  onAction?: (action: Answer) => void;
  /** Previous and Next through the set (issue 27, point 3): absent where there is none that way. */
  onStep?: { previous?: () => void; next?: () => void };
}

/** The chart brings chordsheetjs: loaded when a chart is opened, not with the band page. */
const ChartStage = lazy(() => import('./ChartStage'));

/** A chart is shown light on dark (issue 27), the stage view's own controls with it. */
const DARK = createTheme({ palette: { mode: 'dark' } });

const IMAGE = /\.(png|jpe?g|gif|webp|svg|avif)$/i;
const PDF = /\.pdf$/i;

/** A text file shown in the frame in large type, readable at arm's length (same origin: our uploads). */
function enlargeText(event: SyntheticEvent<HTMLIFrameElement>) {
  try {
    const doc = event.currentTarget.contentDocument;
    if (!doc?.head) return;
    const style = doc.createElement('style');
    style.textContent =
      'body { font-size: 28px; line-height: 1.4; margin: 16px; } pre { font-size: 28px; white-space: pre-wrap; }';
    doc.head.appendChild(style);
  } catch {
    // Another origin's page: shown as it is.
  }
}

/** The song's resource file: a PDF, an image or a text file, filling the screen. */
function Resource({ url, naziv }: { url: string; naziv: string }) {
  const { translate } = useLanguage();
  const path = url.split(/[?#]/)[0];
  if (IMAGE.test(path))
    return (
      <Box
        component="img"
        src={url}
        alt={translate('band_page.stage.image', { song: naziv })}
        sx={{ width: '100%', height: '100%', objectFit: 'contain', display: 'block' }}
      />
    );
  const pdf = PDF.test(path);
  return (
    <Box
      component="iframe"
      // The page as wide as the tablet: fit to width, without the viewer's page thumbnails beside it.
      src={pdf ? `${url}#view=FitH&navpanes=0` : url}
      title={pdf ? translate('band_page.stage.pdf', { song: naziv }) : naziv}
      onLoad={pdf ? undefined : enlargeText}
      sx={{ width: '100%', height: '100%', border: 0, display: 'block', bgcolor: 'common.white' }}
    />
  );
}

/** The song's resource link, in a new tab: big where it stands in for the missing chords. */
function OpenLink({ href, big, children }: { href: string; big?: boolean; children: ReactNode }) {
  return (
    <Button
      size="large"
      variant={big ? 'contained' : 'outlined'}
      component="a"
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      startIcon={<OpenInNewIcon />}
      sx={big ? { fontSize: 24, px: 4, py: 2 } : undefined}
    >
      {children}
    </Button>
  );
}

/** The band's stage view (issue 13, point 3): a queued song's chords or lyrics full-screen on the tablet. */
export function StageView({ token, entry, busy, onClose, onReload, onAction, onStep }: Props) {
  const { translate } = useLanguage();
  const unknown = entry.resource === undefined;
  // The chart where the song has one; its file (if it has one too) a tap away.
  const [fileShown, setFileShown] = useState(false);
  const chart = entry.chart === true && !fileShown;
  const theme = useTheme();
  const asked = useRef(false);
  const follow = useFollowContext();
  const announce = follow?.announce;
  // Whatever opened the song (the queue, the set, the leader), a leading tablet tells the others.
  const {
    song_id,
    naziv,
    performer = null,
    resource = null,
    resursi = null,
    chart: hasChart = false,
  } = entry;
  useEffect(() => {
    if (!announce) return;
    const song = { song_id, naziv, performer, resource, resursi, chart: hasChart };
    announce({ song, transpose: 0, capo: 0, scroll: 0 });
    return () => announce({ song: null, transpose: 0, capo: 0, scroll: 0 });
  }, [announce, song_id, naziv, performer, resource, resursi, hasChart]);
  const followed = follow?.shown?.song?.song_id === entry.song_id;
  useEffect(() => {
    if (unknown && !asked.current) {
      asked.current = true;
      onReload();
    }
  }, [unknown, onReload]);

  const view = (
    <Dialog fullScreen open onClose={onClose} aria-labelledby="stage-view-title">
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 2,
          alignItems: 'center',
          p: 1.5,
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <Button size="large" variant="outlined" startIcon={<ArrowBackIcon />} onClick={onClose} autoFocus>
          {translate('band_page.stage.back')}
        </Button>
        <Box sx={{ flexGrow: 1, minWidth: 200 }}>
          <Typography id="stage-view-title" component="h2" sx={{ fontSize: 28, fontWeight: 700 }}>
            {entry.naziv}
          </Typography>
          {entry.performer && (
            <Typography color="text.secondary" sx={{ fontSize: 18 }}>
              {entry.performer}
            </Typography>
          )}
          {followed && (
            <Typography role="status" sx={{ fontSize: 18 }}>
              {translate('band_page.stage.following')}
            </Typography>
          )}
        </Box>
        {entry.chart && entry.resource && (
          <Button size="large" variant="outlined" onClick={() => setFileShown((shown) => !shown)}>
            {translate(fileShown ? 'band_page.stage.show_chart' : 'band_page.stage.show_file')}
          </Button>
        )}
        {entry.resursi && <OpenLink href={entry.resursi}>{translate('band_page.stage.open_link')}</OpenLink>}
        {onAction && <AnswerButtons naziv={entry.naziv} busy={busy} onAnswer={onAction} />}
        {onStep && (
          <>
            <Button
              size="large"
              variant="outlined"
              startIcon={<NavigateBeforeIcon />}
              disabled={busy || !onStep.previous}
              onClick={onStep.previous}
            >
              {translate('band_page.set.previous')}
            </Button>
            <Button
              size="large"
              variant="contained"
              endIcon={<NavigateNextIcon />}
              disabled={busy || !onStep.next}
              onClick={onStep.next}
            >
              {translate('band_page.set.next')}
            </Button>
          </>
        )}
      </Box>
      <Box sx={{ flexGrow: 1, minHeight: 0 }}>
        {chart ? (
          <Suspense
            fallback={
              <Typography role="status" sx={{ p: 4, fontSize: 28 }}>
                {translate('band_page.stage.loading')}
              </Typography>
            }
          >
            <ChartStage token={token} songId={entry.song_id} />
          </Suspense>
        ) : entry.resource ? (
          <Resource url={entry.resource} naziv={entry.naziv} />
        ) : (
          <Box sx={{ p: 4, display: 'flex', flexDirection: 'column', gap: 3, alignItems: 'flex-start' }}>
            <Typography sx={{ fontSize: 28 }} role="status">
              {translate(
                unknown
                  ? 'band_page.stage.loading'
                  : entry.resursi
                    ? 'band_page.stage.has_link'
                    : 'band_page.stage.nothing',
              )}
            </Typography>
            {entry.resursi && (
              <OpenLink href={entry.resursi} big>
                {translate('band_page.stage.open_the_link')}
              </OpenLink>
            )}
          </Box>
        )}
      </Box>
    </Dialog>
  );
  // One tree either way: switching between chart and file keeps the dialog (and its focus) in place.
  return <ThemeProvider theme={chart ? DARK : theme}>{view}</ThemeProvider>;
}
