import { Type } from '@sinclair/typebox';
import { type Said, say } from '../../../shared/server-messages.js';
import {
  chartText,
  KEY_EXAMPLES,
  MAX_CHART_BYTES,
  MAX_DURATION,
  MAX_TEMPO,
  MIN_TEMPO,
  parseDuration,
  parseTempo,
} from '../../../shared/song-sheet.js';

/**
 * Issue 27: an optional text field in `format` (services/forms/ajv-rules.ts), or empty to clear it.
 * A field left out keeps what the song has: an update from a client that knows only the spec's
 * fields changes none of them.
 */
const Optional = (format: string, description: string, invalid: Said) =>
  Type.Optional(Type.String({ anyOf: [{ maxLength: 0 }, { format }], description, messages: { invalid } }));

/** Issue 27: the song form's fields a musician needs, after the spec's. */
export const SongSheet = () => ({
  tonalitet: Optional(
    'song-key',
    'The key: a note name, # or b, m for minor (Am, F#, Bb).',
    say('song_key_invalid', { examples: KEY_EXAMPLES }),
  ),
  tempo: Optional(
    'tempo',
    `Beats per minute, ${MIN_TEMPO} to ${MAX_TEMPO}.`,
    say('song_tempo_invalid', { min: MIN_TEMPO, max: MAX_TEMPO }),
  ),
  trajanje: Optional(
    'duration',
    'The duration: m:ss, h:mm:ss or seconds (answered in seconds).',
    say('song_duration_invalid', { hours: MAX_DURATION / 3600 }),
  ),
  akordi: Optional(
    'chord-chart',
    `The chord chart in ChordPro, at most ${MAX_CHART_BYTES / 1024} kB.`,
    say('song_chart_too_large', { max: MAX_CHART_BYTES / 1024 }),
  ),
});

/** The form's sheet fields as sent (all optional text). */
type SheetBody = { [field in keyof ReturnType<typeof SongSheet>]?: string };

/** The sent fields as the song keeps them: '' clears one, one left out is not written. */
export function sheetValues(body: SheetBody) {
  const value = <T>(text: string | undefined, read: (text: string) => T) =>
    text === undefined ? undefined : text === '' ? null : read(text);
  const values = {
    tonalitet: value(body.tonalitet, (text) => text),
    tempo: value(body.tempo, (text) => parseTempo(text)!),
    trajanje: value(body.trajanje, (text) => parseDuration(text)!),
    akordi: value(body.akordi, chartText),
  };
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Partial<
    typeof values
  >;
}
