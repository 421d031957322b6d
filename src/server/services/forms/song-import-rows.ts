import type { ImportRow } from '../../db/song-import.js';
import { invalid } from '../../errors.js';
import { looksLikeFormula } from '../files/csv.js';
import { MAX_TITLE } from './fields.js';
import {
  chartText,
  KEY_EXAMPLES,
  isChartSize,
  isSongKey,
  MAX_CHART_BYTES,
  MAX_TEMPO,
  MIN_TEMPO,
  parseDuration,
  parseTempo,
} from '../../../shared/song-sheet.js';
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

/**
 * A chart as the songs export wrote it, with the apostrophes it put before pieces a spreadsheet could
 * read as a formula (services/files/csv.ts) taken out again: a round trip keeps a chart's "-- Solo --".
 */
const chartOf = (cell: string) => chartText(cell).replace(/(^|[,;\t\r\n])'(?=[\t\r]|[\s"]*[=+\-@])/g, '$1');

/** Issue 27: the key, tempo, duration and chart cells, or the reasons they cannot be stored. */
function sheetOf(cell: (column: Column) => string, reasons: string[]) {
  const key = cell('tonalitet');
  const tempo = cell('tempo');
  const duration = cell('trajanje');
  const chart = chartOf(cell('akordi'));
  if (key && !isSongKey(key))
    reasons.push(`the key must be a note name with # or b and m for minor, as ${KEY_EXAMPLES}`);
  const bpm = tempo ? parseTempo(tempo) : null;
  if (bpm === undefined) reasons.push(`the tempo must be a whole number from ${MIN_TEMPO} to ${MAX_TEMPO}`);
  const seconds = duration ? parseDuration(duration) : null;
  if (seconds === undefined) reasons.push('the duration must be m:ss or seconds');
  if (!isChartSize(chart)) reasons.push(`the chord chart is larger than ${MAX_CHART_BYTES / 1024} kB`);
  return { tonalitet: key || null, tempo: bpm ?? null, trajanje: seconds ?? null, akordi: chart || null };
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
    const sheet = sheetOf((column) => cell(row, column), reasons);
    if (reasons.length) bad.push({ line, reason: reasons.join('; ') });
    else rows.push({ line, title, performer, visible: visible!, resursi: link || null, ...sheet });
  }
  return { rows, bad };
}
