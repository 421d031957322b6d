import MenuBookIcon from '@mui/icons-material/MenuBook';
import NavigateBeforeIcon from '@mui/icons-material/NavigateBefore';
import NavigateNextIcon from '@mui/icons-material/NavigateNext';
import { Box, Button, Chip, List, ListItem, Paper, Typography } from '@mui/material';
import { type OrderedSong, type RunningItem, sameItem } from '../../../shared/running-order';
import { useLanguage } from '../../i18n/PageLanguage';
import { type Answer, AnswerButtons } from './AnswerButtons';

export type Step = 'next' | 'previous';

interface Props {
  /** The set in order with the requests slotted in (runningOrder). */
  order: OrderedSong[];
  /** The song the band is at. */
  current: RunningItem | null;
  busy: boolean;
  /** Opens the song in the stage view. */
  onOpen: (song: OrderedSong) => void;
  /** Absent for viewers, who follow the running order without moving it. */
  onStep?: (step: Step) => void;
  /** Played or Decline for a slotted request still waiting; absent for viewers. */
  onAnswer?: (song: OrderedSong, answer: Answer) => void;
}

/**
 * The gig's set on the band page (issue 27, point 3): its songs in order with the requests slotted
 * in, the song the band is at marked, Previous and Next to walk it, each song a tap from the stage view.
 */
export function SetPanel({ order, current, busy, onOpen, onStep, onAnswer }: Props) {
  const { translate } = useLanguage();
  const at = order.findIndex((song) => sameItem(song, current));
  return (
    <Paper component="section" aria-labelledby="set-panel-title">
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', p: 2, pb: 1 }}>
        <Typography id="set-panel-title" variant="h5" component="h2" sx={{ flexGrow: 1 }}>
          {translate('band_page.set.title')}
        </Typography>
        {onStep && order.length > 0 && (
          <>
            <Button
              size="large"
              variant="outlined"
              startIcon={<NavigateBeforeIcon />}
              disabled={busy || at <= 0}
              onClick={() => onStep('previous')}
            >
              {translate('band_page.set.previous')}
            </Button>
            <Button
              size="large"
              variant="contained"
              endIcon={<NavigateNextIcon />}
              disabled={busy || at === order.length - 1}
              onClick={() => onStep('next')}
            >
              {translate('band_page.set.next')}
            </Button>
          </>
        )}
      </Box>
      {order.length > 0 && (
        <List aria-label={translate('band_page.set.title')}>
          {order.map((song, index) => (
            <SetItem
              key={`${song.kind}-${song.song_id}`}
              song={song}
              place={index + 1}
              now={index === at}
              busy={busy}
              onOpen={() => onOpen(song)}
              onAnswer={
                onAnswer && song.kind === 'request' && !song.played
                  ? (answer) => onAnswer(song, answer)
                  : undefined
              }
            />
          ))}
        </List>
      )}
    </Paper>
  );
}

function SetItem(props: {
  song: OrderedSong;
  place: number;
  now: boolean;
  busy: boolean;
  onOpen: () => void;
  onAnswer?: (answer: Answer) => void;
}) {
  const { song, place, now, busy, onOpen, onAnswer } = props;
  const { translate } = useLanguage();
  return (
    <ListItem
      divider
      aria-current={now || undefined}
      data-kind={song.kind}
      sx={{
        gap: 2,
        flexWrap: 'wrap',
        py: 1.5,
        // A pale blue keeps every text and button on it above 4.5:1 contrast.
        bgcolor: now ? '#e3f2fd' : undefined,
        borderLeft: 6,
        borderLeftColor: now ? 'primary.main' : 'transparent',
      }}
    >
      <Typography component="span" sx={{ fontSize: 24, fontWeight: 700, minWidth: 36 }} aria-hidden>
        {place}
      </Typography>
      <Box sx={{ flex: '1 1 200px' }}>
        <Typography sx={{ fontSize: 22, fontWeight: 700 }}>{song.naziv}</Typography>
        {song.performer && <Typography color="text.secondary">{song.performer}</Typography>}
      </Box>
      {now && <Chip color="primary" label={translate('band_page.set.now')} sx={{ fontSize: 16 }} />}
      {song.kind === 'request' && (
        <Chip
          label={translate('band_page.set.request')}
          // The same dark amber as a "me too" in the queue: white text on it passes 4.5:1.
          sx={{ fontSize: 16, ...(!song.played && { bgcolor: '#8a4600', color: 'common.white' }) }}
        />
      )}
      {song.played && (
        <Chip
          color="success"
          variant="outlined"
          label={translate('band_page.song.played')}
          sx={{ fontSize: 16 }}
        />
      )}
      <Button
        size="large"
        variant="outlined"
        startIcon={<MenuBookIcon />}
        aria-label={translate('band_page.set.open_song', { song: song.naziv })}
        onClick={onOpen}
      >
        {translate('band_page.song.open')}
      </Button>
      {onAnswer && <AnswerButtons naziv={song.naziv} busy={busy} onAnswer={onAnswer} />}
    </ListItem>
  );
}
