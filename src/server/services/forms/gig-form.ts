import type { FormData } from './item-form.js';
import { checkbox, type FormErrors, MAX_TITLE, requiredTitle } from './item-form.js';

/** Spec §5 Gig: the minimums of the two spacing rules. */
export const MIN_SONGS_BETWEEN = 1;
export const MIN_MINUTES_BETWEEN = 2;

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?$/;

/** A start time as the browser's date-time field sends it, kept as the band's wall-clock time. */
export function parseStartTime(text: string): string | undefined {
  const match = LOCAL_DATE_TIME.exec(text.trim());
  if (!match) return undefined;
  const [, y, mo, d, h, mi] = match.map(Number);
  const date = new Date(Date.UTC(y, mo - 1, d, h, mi));
  const valid =
    date.getUTCFullYear() === y &&
    date.getUTCMonth() === mo - 1 &&
    date.getUTCDate() === d &&
    h < 24 &&
    mi < 60;
  return valid ? text.trim().slice(0, 16).replace(' ', 'T') : undefined;
}

function integer(form: FormData, field: string, label: string, min: number, max: number, errors: FormErrors) {
  const text = (form.fields[field] ?? '').trim();
  if (!text) {
    errors.add(field, `The ${label} field is required.`);
    return min;
  }
  const value = Number(text);
  if (!Number.isInteger(value) || value < min || value > max) {
    errors.add(field, `The ${label} must be a whole number from ${min} to ${max}.`);
    return min;
  }
  return value;
}

/** The spec's gig form fields (title, lokacija, status, razmakpesme, razmakvreme, starttime,
 *  playlista), validated together; the playlist's existence is checked by the caller. */
export function gigFields(form: FormData, errors: FormErrors) {
  const naziv = requiredTitle(form, errors);
  const lokacija = (form.fields.lokacija ?? '').trim();
  if (!lokacija) errors.add('lokacija', 'The location field is required.');
  else if (lokacija.length > MAX_TITLE)
    errors.add('lokacija', `The location may not be longer than ${MAX_TITLE} characters.`);
  const status = checkbox(form, 'status', errors);
  // Issue 13, point 5: off for a new gig unless sent; kept by an update that does not send it.
  const allowMessages =
    form.fields.allow_messages === undefined ? undefined : checkbox(form, 'allow_messages', errors);
  const razmakpesme = integer(
    form,
    'razmakpesme',
    'minimum songs between same orders',
    MIN_SONGS_BETWEEN,
    1000,
    errors,
  );
  const razmakvreme = integer(
    form,
    'razmakvreme',
    'minimum minutes between same orders',
    MIN_MINUTES_BETWEEN,
    1440,
    errors,
  );
  const startText = (form.fields.starttime ?? '').trim();
  const pocetak = startText ? parseStartTime(startText) : undefined;
  if (!startText) errors.add('starttime', 'The start time field is required.');
  else if (!pocetak) errors.add('starttime', 'The start time must be a date and time (YYYY-MM-DDTHH:MM).');
  const playlistText = (form.fields.playlista ?? '').trim();
  const playlistId = Number(playlistText);
  if (!playlistText) errors.add('playlista', 'The playlist field is required.');
  else if (!Number.isInteger(playlistId) || playlistId < 1)
    errors.add('playlista', 'The playlist is not valid.');
  return {
    naziv,
    lokacija,
    status,
    razmakpesme,
    razmakvreme,
    pocetak: pocetak ?? '',
    playlist_id: playlistId,
    ...(allowMessages === undefined ? {} : { allow_messages: allowMessages }),
  };
}
