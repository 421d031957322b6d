import { Chip } from '@mui/material';
import { useDates } from '../i18n/useDates';

/** Spec §9 timings. */
export const STATUS_POLL_MS = 30_000;
export const RESTART_RECHECK_MS = 3_000;
export const LOG_REFRESH_MS = 5_000;

interface Colour {
  background: string;
  text: string;
}

const GREEN = { background: '#2e7d32', text: '#fff' };
const AMBER = { background: '#ffb300', text: '#000' };
const RED = { background: '#c62828', text: '#fff' };
const BLUE = { background: '#1565c0', text: '#fff' };
const GREY = { background: '#616161', text: '#fff' };

/** Spec §4: healthy green, warning amber, error red, anything else grey. */
export const healthColour = (status: string): Colour =>
  status === 'healthy' ? GREEN : status === 'warning' ? AMBER : status === 'error' ? RED : GREY;

/** Spec §4: each log level in its own colour. */
export const levelColour = (level: string): Colour =>
  level === 'error' ? RED : level === 'warning' ? AMBER : level === 'info' ? BLUE : GREY;

/** A coloured badge that also says its word, so colour is not the only cue. */
export function ColourChip({ label, colour }: { label: string; colour: Colour }) {
  return (
    <Chip
      label={label}
      size="small"
      sx={{ backgroundColor: colour.background, color: colour.text, fontWeight: 600 }}
    />
  );
}

/** An ISO time in the reader's language and the venues' time zone, in a <time> element. */
export function Time({ iso }: { iso: string }) {
  return <time dateTime={iso}>{useDates().dateTime(iso)}</time>;
}
