import type { ImportRow } from '../../db/song-import.js';
import { invalid } from '../../errors.js';
import { looksLikeFormula } from '../files/csv.js';
import { MAX_TITLE } from './fields.js';
import { columnNamed, visibleValue, type Column } from './song-import-words.js';

export interface BadRow {
  line: number;
  reason: string;
}

/**
 * Which cell holds which field, from the header row (in English, Serbian Latin or Cyrillic: the
 * exports' headers in every language among them); a header naming no field is ignored, and a file
 * without title and performer is refused.
 */
function columnsOf(header: string[]): Partial<Record<Column, number>> {
  const columns: Partial<Record<Column, number>> = {};
  header.forEach((name, index) => {
    const column = columnNamed(name);
    if (column && columns[column] === undefined) columns[column] = index;
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
    const visible = visibleValue(cell(row, 'visible'));
    const link = cell(row, 'resursi');
    const reasons: string[] = [];
    if (!title) reasons.push('the title is missing');
    else if (title.length > MAX_TITLE) reasons.push(`the title is longer than ${MAX_TITLE} characters`);
    if (!performer) reasons.push('the performer is missing');
    else if (performer.length > MAX_TITLE)
      reasons.push(`the performer is longer than ${MAX_TITLE} characters`);
    if ([title, performer, link].some(looksLikeFormula)) reasons.push('a cell is a spreadsheet formula');
    if (visible === null) reasons.push('visible must be yes or no');
    const linkProblem = link && !looksLikeFormula(link) ? checkLink(link) : null;
    if (linkProblem) reasons.push(linkProblem);
    if (reasons.length) bad.push({ line, reason: reasons.join('; ') });
    else rows.push({ line, title, performer, visible: visible!, resursi: link || null });
  }
  return { rows, bad };
}
