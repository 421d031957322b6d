/**
 * What a musician needs of a song (issue 27, point 1): its key, tempo, duration and ChordPro chart,
 * and the rules they keep, the same in the panel's form, the API and the CSV import.
 */

/** A key: a note name with an optional sharp or flat and an optional m for minor (Am, F#, Bb, Ebm). */
export const SONG_KEY = /^[A-G][#b]?m?$/;

export const MIN_TEMPO = 20;
export const MAX_TEMPO = 400;

/** Ten hours: longer than any medley, short enough that a slip of the keyboard is caught. */
export const MAX_DURATION = 10 * 60 * 60;

/** A chart's size as stored: at most 100 kB of UTF-8. */
export const MAX_CHART_BYTES = 100 * 1024;

/** Keys as a band writes them, for the forms' hints (kept out of translation: note names are Latin). */
export const KEY_EXAMPLES = 'Am, F#, Bb';

/** A line of ChordPro, for the chart field's hint. */
export const CHART_EXAMPLE = '{start_of_chorus} [Am]la la [G]la {end_of_chorus}';

export const isSongKey = (text: string) => SONG_KEY.test(text);

/** A tempo as typed: a whole number of beats per minute from MIN_TEMPO to MAX_TEMPO. */
export function parseTempo(text: string): number | undefined {
  if (!/^\d{1,3}$/.test(text.trim())) return undefined;
  const bpm = Number(text);
  return bpm >= MIN_TEMPO && bpm <= MAX_TEMPO ? bpm : undefined;
}

/** A duration as typed: seconds ("245"), m:ss ("4:05") or h:mm:ss; in seconds, 1 to MAX_DURATION. */
export function parseDuration(text: string): number | undefined {
  const match = /^(?:(?:(\d{1,2}):)?(\d{1,3}):)?(\d{1,5})$/.exec(text.trim());
  if (!match) return undefined;
  const [, h, m, s] = match;
  // Past the first part, minutes and seconds are written with two digits below 60.
  if (m !== undefined && (s.length !== 2 || Number(s) > 59)) return undefined;
  if (h !== undefined && (m!.length !== 2 || Number(m) > 59)) return undefined;
  const seconds = Number(h ?? 0) * 3600 + Number(m ?? 0) * 60 + Number(s);
  return seconds >= 1 && seconds <= MAX_DURATION ? seconds : undefined;
}

/** Seconds as m:ss (h:mm:ss from an hour). */
export function formatDuration(seconds: number): string {
  const two = (n: number) => String(n).padStart(2, '0');
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = seconds % 60;
  return h ? `${h}:${two(m)}:${two(s)}` : `${m}:${two(s)}`;
}

/**
 * A chart with its lines ended by \n, as it is stored: a browser's form sends text with \r\n
 * (multipart/form-data says so), a file from Windows has them too.
 */
export const chartText = (text: string) => text.replace(/\r\n?/g, '\n');

/** A chart's size as stored (chartText) in bytes of UTF-8. */
export const chartBytes = (text: string) => new TextEncoder().encode(chartText(text)).length;

export const isChartSize = (text: string) => chartBytes(text) <= MAX_CHART_BYTES;
