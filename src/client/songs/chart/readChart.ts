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
  /** The chart's own {key:}, transposed as the chords are. */
  key: string | null;
  sections: ChartSection[];
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
 * chords over their syllables, the chords moved by `semitones`. Directives that only describe the
 * song ({title:}, {artist:}) are left to the page's own heading.
 */
export function readChart(text: string, semitones = 0): Chart | { error: ChartError } {
  let parsed;
  try {
    parsed = new ChordProParser().parse(text);
  } catch (error) {
    const start = (error as { location?: { start?: ChartError } }).location?.start;
    return { error: { line: start?.line ?? 1, column: start?.column ?? 1 } };
  }
  const song = semitones ? parsed.transpose(semitones) : parsed;
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
  return { title: song.title ?? null, key: song.key ?? null, sections };
}
