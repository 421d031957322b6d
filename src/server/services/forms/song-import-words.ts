import { toCyrillic } from '../../../shared/cyrillic.js';
import { foldLetters } from '../../../shared/search.js';
import { CSV_WORDS, type CsvWords } from '../files/csv-words.js';

/** The columns an imported song list may have. */
export type Column =
  'title' | 'performer' | 'visible' | 'resursi' | 'tonalitet' | 'tempo' | 'trajanje' | 'akordi';

/** Names in English (and API field names), and in Serbian Latin, which are also read in Cyrillic. */
interface Names {
  en: string[];
  sr: string[];
}

/** The songs export's column each import column reads back (a round trip keeps every field). */
const EXPORTED: Record<Column, keyof CsvWords['columns']> = {
  title: 'title',
  performer: 'performer',
  visible: 'public',
  resursi: 'resource_link',
  tonalitet: 'key',
  tempo: 'tempo',
  trajanje: 'duration',
  akordi: 'chart',
};

/** Other header names a band's spreadsheet may use for each column. */
const OTHER_HEADERS: Record<Column, Names> = {
  title: { en: ['song', 'name', 'song title'], sr: ['naziv', 'pesma'] },
  performer: { en: ['artist', 'band', 'nazivizvodjaca'], sr: ['izvođači'] },
  visible: { en: ['visible', 'visibility'], sr: ['javna'] },
  // "Chords" and "akordi" named a column of links before charts came (issue 14): they still do.
  resursi: { en: ['resource', 'url', 'chords'], sr: ['resursi', 'link', 'akordi'] },
  tonalitet: { en: ['key', 'tonalitet'], sr: ['tonalitet', 'tonalitet pesme'] },
  tempo: { en: ['tempo', 'bpm'], sr: ['tempo'] },
  trajanje: { en: ['duration', 'length', 'trajanje'], sr: ['trajanje', 'duzina'] },
  akordi: { en: ['chord chart', 'chart', 'chordpro'], sr: ['akordski zapis'] },
};

/** Visible cells, besides the exports' own yes and no. */
const OTHER_YES: Names = { en: ['1', 'true', 'x', 'public'], sr: ['javno'] };
const OTHER_NO: Names = { en: ['', '0', 'false', 'private'], sr: ['privatno'] };

/**
 * What a header or cell is compared by: folded (no case, no diacritics, so "Izvodjac" is
 * "Izvođač"), the Serbian names in Cyrillic too ("Извођач", "да").
 */
function folded({ en, sr }: Names): Set<string> {
  return new Set([...en, ...sr, ...sr.map(toCyrillic)].map(foldLetters));
}

const exported = (word: (words: CsvWords) => string) => Object.values(CSV_WORDS).map(word);

const HEADERS = Object.fromEntries(
  (Object.keys(EXPORTED) as Column[]).map((column) => [
    column,
    folded({
      en: [...exported((words) => words.columns[EXPORTED[column]]), ...OTHER_HEADERS[column].en],
      sr: OTHER_HEADERS[column].sr,
    }),
  ]),
) as Record<Column, Set<string>>;

const YES = folded({ en: [...exported((words) => words.yes), ...OTHER_YES.en], sr: OTHER_YES.sr });
const NO = folded({ en: [...exported((words) => words.no), ...OTHER_NO.en], sr: OTHER_NO.sr });

/** The column a header names, in English, Serbian Latin or Cyrillic; undefined for another header. */
export function columnNamed(header: string): Column | undefined {
  const name = foldLetters(header.replace(/^\uFEFF/, ''));
  return (Object.keys(HEADERS) as Column[]).find((column) => HEADERS[column].has(name));
}

/** A visible cell read as yes or no (in any of the three), or null when it is neither. */
export function visibleValue(cell: string): boolean | null {
  const value = foldLetters(cell);
  return YES.has(value) ? true : NO.has(value) ? false : null;
}
