import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import PlaylistPlayIcon from '@mui/icons-material/PlaylistPlay';
import { Box, Button, Chip, IconButton, ListItem, Typography } from '@mui/material';
import type { LiveQueueEntry as QueueEntry } from '../../../shared/live-events';
import type { Wait } from '../../../shared/queue-wait';
import { useDateLocale, useLanguage } from '../../i18n/PageLanguage';
import { AnswerButtons } from './AnswerButtons';
import type { BandMessage } from './types';

interface Props {
  entry: QueueEntry;
  place: number;
  /** About when the song comes, as the guests are told (issue 29). */
  wait?: Wait;
  last: boolean;
  fresh: boolean;
  busy: boolean;
  /** Up and down move the song in the band's order; hidden while the queue is shown by demand. */
  movable: boolean;
  /** The guests' messages with this song's requests. */
  messages: BandMessage[];
  /** Absent for viewers, who read the messages but cannot hide them. */
  onHide?: (message: BandMessage) => void;
  /** Absent for viewers, who follow the queue without changing it. */
  onAction?: (action: 'played' | 'declined' | 'up' | 'down') => void;
  /** Opens the song's chords or lyrics full-screen (the stage view). */
  onOpen?: () => void;
  /** Slots the song into the running order after the current one (issue 27); absent for viewers. */
  onPlayNext?: () => void;
}

/** One waiting song on the band's tablet: big enough to hit on a music stand. */
export function QueueItem({
  entry,
  wait,
  place,
  last,
  fresh,
  busy,
  movable,
  messages,
  onHide,
  onAction,
  onOpen,
  onPlayNext,
}: Props) {
  const { translate } = useLanguage();
  // The requests' times as the page's language writes them ("9:05 PM", "21:05").
  const clock = new Intl.DateTimeFormat(useDateLocale(), { timeStyle: 'short' });
  const time = (iso: string) => clock.format(new Date(iso));
  const song = entry.naziv;
  const asked = translate('band_page.song.requests', { smart_count: entry.count });
  const when =
    entry.first_at === entry.last_at
      ? translate('band_page.song.at', { time: time(entry.first_at) })
      : translate('band_page.song.first_last', { first: time(entry.first_at), last: time(entry.last_at) });
  return (
    <ListItem
      divider
      data-fresh={fresh || undefined}
      sx={{
        gap: 2,
        flexWrap: 'wrap',
        py: 1.5,
        transition: 'background-color 0.6s',
        // A pale amber keeps every text and button on it above 4.5:1 contrast.
        bgcolor: fresh ? '#fff8e1' : undefined,
        borderLeft: 6,
        borderLeftColor: fresh ? 'warning.main' : 'transparent',
      }}
    >
      <Typography component="span" sx={{ fontSize: 28, fontWeight: 700, minWidth: 40 }} aria-hidden>
        {place}
      </Typography>
      <Box sx={{ flex: '1 1 240px' }}>
        <Typography sx={{ fontSize: 24, fontWeight: 700 }}>{entry.naziv}</Typography>
        <Typography color="text.secondary">
          {entry.performer ? `${entry.performer} · ` : ''}
          {when}
        </Typography>
        {wait && (
          <Typography color="text.secondary" className="wait">
            {wait.kind === 'about'
              ? translate('band_page.song.wait_about', { smart_count: wait.minutes })
              : translate(`band_page.song.wait_${wait.kind}`)}
          </Typography>
        )}
      </Box>
      {entry.count > 1 && (
        // "Me too": how many guests ask for it, readable from the mic stand (the chip says it in words).
        <Typography
          component="span"
          aria-hidden
          sx={{ fontSize: 28, fontWeight: 800, color: 'warning.dark' }}
        >
          ×{entry.count}
        </Typography>
      )}
      {onOpen && (
        <Button
          size="large"
          variant="outlined"
          startIcon={<MenuBookIcon />}
          aria-label={translate('band_page.song.open_song', { song })}
          onClick={onOpen}
        >
          {translate('band_page.song.open')}
        </Button>
      )}
      {onPlayNext && (
        <Button
          size="large"
          variant="outlined"
          startIcon={<PlaylistPlayIcon />}
          aria-label={translate('band_page.song.play_next_song', { song })}
          disabled={busy}
          onClick={onPlayNext}
        >
          {translate('band_page.song.play_next')}
        </Button>
      )}
      <Chip
        label={asked}
        // A "me too" stands out in a dark amber: MUI's warning orange gives white text only 3:1.
        sx={{ fontSize: 16, ...(entry.count > 1 && { bgcolor: '#8a4600', color: 'common.white' }) }}
      />
      {onAction && (
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
          {movable && (
            <>
              <IconButton
                size="large"
                aria-label={translate('band_page.song.move_up', { song })}
                disabled={busy || place === 1}
                onClick={() => onAction('up')}
              >
                <ArrowUpwardIcon />
              </IconButton>
              <IconButton
                size="large"
                aria-label={translate('band_page.song.move_down', { song })}
                disabled={busy || last}
                onClick={() => onAction('down')}
              >
                <ArrowDownwardIcon />
              </IconButton>
            </>
          )}
          <AnswerButtons naziv={entry.naziv} busy={busy} onAnswer={onAction} />
        </Box>
      )}
      {messages.length > 0 && (
        <Box
          component="ul"
          aria-label={translate('band_page.song.messages', { song })}
          sx={{ flexBasis: '100%', m: 0, pl: 7 }}
        >
          {messages.map((m) => (
            <Box
              component="li"
              key={m.id}
              sx={{ display: 'flex', alignItems: 'center', gap: 1, listStyle: 'none' }}
            >
              <Typography sx={{ fontSize: 20, fontStyle: 'italic', overflowWrap: 'anywhere' }}>
                {translate('band_page.song.message', { message: m.message })}
              </Typography>
              {onHide && (
                <Button
                  size="small"
                  disabled={busy}
                  aria-label={translate('band_page.song.hide_message', { message: m.message })}
                  onClick={() => onHide(m)}
                >
                  {translate('band_page.song.hide')}
                </Button>
              )}
            </Box>
          ))}
        </Box>
      )}
    </ListItem>
  );
}
