import { foldLetters } from '../../../shared/search.js';
import type { ImportRow } from '../../db/song-import.js';
import { invalid } from '../../errors.js';
import { looksLikeFormula } from '../files/csv.js';
import { MAX_TITLE } from './fields.js';

/** Header names a band's spreadsheet may use for each column (folded: no case, no diacritics). */
const HEADERS = {
  title: ['title', 'naziv', 'song', 'pesma', 'name', 'song title', 'naslov'],
  performer: ['performer', 'izvodjac', 'nazivizvodjaca', 'artist', 'band', 'izvodjaci'],
  visible: ['visible', 'public', 'visibility', 'javno', 'javna'],
  resursi: ['resource', 'resource link', 'resursi', 'link', 'url', 'chords', 'akordi'],
} as const;

type Column = keyof typeof HEADERS;

export interface BadRow {
  line: number;
  reason: string;
}

const YES = ['1', 'yes', 'true', 'da', 'x', 'public', 'javno'];
const NO = ['', '0', 'no', 'false', 'ne', 'private', 'privatno'];

/** Which cell holds which field, from the header row; a file without title and performer is refused. */
function columnsOf(header: string[]): Partial<Record<Column, number>> {
  const columns: Partial<Record<Column, number>> = {};
  header.forEach((name, index) => {
    const folded = foldLetters(name.replace(/^\uFEFF/, ''));
    for (const column of Object.keys(HEADERS) as Column[]) {
      if (columns[column] === undefined && (HEADERS[column] as readonly string[]).includes(folded))
        columns[column] = index;
    }
  });
  if (columns.title === undefined || columns.performer === undefined) {
    throw invalid({
      file: [
        'The first row must name the columns: title and performer (and, if you like, visible and resource link).',
      ],
    });
  }
  return columns;
}

function checkLink(link: string): string | null {
  try {
    return ['http:', 'https:'].includes(new URL(link).protocol)
      ? null
      : 'the resource link must start with http(s)://';
  } catch {
    return 'the resource link is not a web address';
  }
}

/** Rows checked between turns of the event loop: a few milliseconds' work. */
const STEP_ROWS = 1000;

/** The file's rows as songs to import, and each row that cannot be one with its line and reason. */
export async function importRows(csv: string[][]): Promise<{ rows: ImportRow[]; bad: BadRow[] }> {
  const columns = columnsOf(csv[0]);
  const cell = (row: string[], column: Column) =>
    columns[column] === undefined ? '' : (row[columns[column]!] ?? '').trim();
  const rows: ImportRow[] = [];
  const bad: BadRow[] = [];
  for (const [index, row] of csv.slice(1).entries()) {
    if (index % STEP_ROWS === STEP_ROWS - 1) await new Promise((resolve) => setImmediate(resolve));
    const line = index + 2;
    const title = cell(row, 'title');
    const performer = cell(row, 'performer');
    const visible = cell(row, 'visible').toLowerCase();
    const link = cell(row, 'resursi');
    const reasons: string[] = [];
    if (!title) reasons.push('the title is missing');
    else if (title.length > MAX_TITLE) reasons.push(`the title is longer than ${MAX_TITLE} characters`);
    if (!performer) reasons.push('the performer is missing');
    else if (performer.length > MAX_TITLE)
      reasons.push(`the performer is longer than ${MAX_TITLE} characters`);
    if ([title, performer, link].some(looksLikeFormula)) reasons.push('a cell is a spreadsheet formula');
    if (!YES.includes(visible) && !NO.includes(visible)) reasons.push('visible must be yes or no');
    const linkProblem = link && !looksLikeFormula(link) ? checkLink(link) : null;
    if (linkProblem) reasons.push(linkProblem);
    if (reasons.length) bad.push({ line, reason: reasons.join('; ') });
    else rows.push({ line, title, performer, visible: YES.includes(visible), resursi: link || null });
  }
  return { rows, bad };
}
