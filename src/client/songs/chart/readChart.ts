import { ChordLyricsPair, ChordProParser, Tag } from 'chordsheetjs';

/** A chord over the syllables it is played on (either may be empty). */
export interface ChordOver {
  chord: string;
  lyrics: string;
}

export type ChartLine =
  | { kind: 'words'; pieces: ChordOver[] }
  | { kind: 'comment'; text: string }
  /** Tabs and grids: as written, in a fixed-width font. */
  | { kind: 'literal'; text: string };

export interface ChartSection {
  /** verse, chorus, bridge, tab, … or none (chordsheetjs's paragraph types). */
  kind: string;
  /** The label the chart gives it ({start_of_verse: Verse 1}), if any. */
  label: string | null;
  lines: ChartLine[];
}

/** Where the parser stopped reading a chart that is no ChordPro (1-based). */
export interface ChartError {
  line: number;
  column: number;
}

export interface Chart {
  title: string | null;
  /** The chart's own {key:}, as written (not transposed). */
  key: string | null;
  sections: ChartSection[];
}

const SHARPS = ['C', 'C#', 'D', 'D#', 'E', 'F', 'F#', 'G', 'G#', 'A', 'A#', 'B'];
const FLATS = ['C', 'Db', 'D', 'Eb', 'E', 'F', 'Gb', 'G', 'Ab', 'A', 'Bb', 'B'];
const NATURALS: Record<string, number> = { C: 0, D: 2, E: 4, F: 5, G: 7, A: 9, B: 11 };
/** Major keys written with flats (C too: its borrowed chords are Bb, Eb, Ab); the others with sharps. */
const FLAT_MAJORS = new Set([0, 1, 3, 5, 8, 10]);

const mod12 = (n: number) => ((n % 12) + 12) % 12;

/** A key's pitch (C = 0) and mode, from a key as the song form takes it (Am, F#, Bb). */
function pitchOf(key: string) {
  const match = /^([A-G])([#b]?)(m?)$/.exec(key.trim());
  if (!match) return undefined;
  const [, note, accidental, minor] = match;
  return {
    pc: mod12(NATURALS[note] + (accidental === '#' ? 1 : accidental === 'b' ? -1 : 0)),
    minor: !!minor,
  };
}

/** Sharps or flats, as a key is written: a minor key as its relative major. */
const accidentalOf = (pc: number, minor: boolean): Accidental =>
  FLAT_MAJORS.has(minor ? mod12(pc + 3) : pc) ? 'b' : '#';

type Accidental = '#' | 'b';

/** A key moved by semitones, spelled as musicians write it ("G" +2 is "A", +1 is "Ab"); what is no key stays. */
export function transposeKey(key: string, semitones: number): string {
  const pitch = pitchOf(key);
  if (!pitch) return key;
  const pc = mod12(pitch.pc + semitones);
  return (accidentalOf(pc, pitch.minor) === 'b' ? FLATS : SHARPS)[pc] + (pitch.minor ? 'm' : '');
}

function lineOf(items: unknown[]): ChartLine | undefined {
  const pieces: ChordOver[] = [];
  for (const item of items) {
    if (item instanceof ChordLyricsPair) pieces.push({ chord: item.chords, lyrics: item.lyrics ?? '' });
    else if (item instanceof Tag && item.isComment()) return { kind: 'comment', text: item.value ?? '' };
  }
  return pieces.some((piece) => piece.chord || piece.lyrics.trim()) ? { kind: 'words', pieces } : undefined;
}

/**
 * A ChordPro chart read by chordsheetjs (issue 27) into what the page draws: sections of lines of
 * chords over their syllables, the chords moved by `semitones` and spelled as the key they reach. Directives that only describe the
 * song ({title:}, {artist:}) are left to the page's own heading.
 */
export function readChart(
  text: string,
  semitones = 0,
  songKey: string | null = null,
): Chart | { error: ChartError } {
  let parsed;
  try {
    parsed = new ChordProParser().parse(text);
  } catch (error) {
    const start = (error as { location?: { start?: ChartError } }).location?.start;
    return { error: { line: start?.line ?? 1, column: start?.column ?? 1 } };
  }
  // The chords spelled as the new key is (Ab's chords with flats, A's with sharps): the song's key, else
  // the chart's own {key:}; without either, sharps up and flats down.
  const pitch = pitchOf(songKey ?? parsed.key ?? '');
  const accidental = pitch
    ? accidentalOf(mod12(pitch.pc + semitones), pitch.minor)
    : semitones > 0
      ? '#'
      : 'b';
  const song = semitones ? parsed.transpose(semitones, { accidental }) : parsed;
  const sections: ChartSection[] = [];
  for (const paragraph of song.bodyParagraphs) {
    const label = paragraph.lines
      .flatMap((line) => line.items)
      .find((item): item is Tag => item instanceof Tag && item.isSectionStart())?.value;
    const lines: ChartLine[] = paragraph.isLiteral()
      ? [{ kind: 'literal', text: paragraph.contents }]
      : paragraph.lines.map((line) => lineOf(line.items)).filter((line) => line !== undefined);
    if (lines.length) sections.push({ kind: paragraph.type, label: label || null, lines });
  }
  return { title: song.title ?? null, key: parsed.key ?? null, sections };
}
