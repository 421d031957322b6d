import { type Said, say } from '../../../shared/server-messages.js';
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

/** A row that cannot be a song: its line, why in English, and each reason's code (the panel's). */
export interface BadRow {
  line: number;
  reason: string;
  reasons: Omit<Said, 'message'>[];
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
    throw invalid({ file: [say('csv_no_header')] });
  }
  return columns;
}

function checkLink(link: string): Said | null {
  try {
    return ['http:', 'https:'].includes(new URL(link).protocol) ? null : say('import_link_scheme');
  } catch {
    return say('import_link_invalid');
  }
}

/**
 * A chart as the songs export wrote it, with the apostrophes it put before pieces a spreadsheet could
 * read as a formula (services/files/csv.ts) taken out again: a round trip keeps a chart's "-- Solo --".
 */
const chartOf = (cell: string) => chartText(cell).replace(/(^|[,;\t\r\n])'(?=[\t\r]|[\s"]*[=+\-@])/g, '$1');

/** Issue 27: the key, tempo, duration and chart cells, or the reasons they cannot be stored. */
function sheetOf(cell: (column: Column) => string, reasons: Said[]) {
  const key = cell('tonalitet');
  const tempo = cell('tempo');
  const duration = cell('trajanje');
  const chart = chartOf(cell('akordi'));
  if (key && !isSongKey(key)) reasons.push(say('import_key', { examples: KEY_EXAMPLES }));
  const bpm = tempo ? parseTempo(tempo) : null;
  if (bpm === undefined) reasons.push(say('import_tempo', { min: MIN_TEMPO, max: MAX_TEMPO }));
  const seconds = duration ? parseDuration(duration) : null;
  if (seconds === undefined) reasons.push(say('import_duration'));
  if (!isChartSize(chart)) reasons.push(say('import_chart_too_large', { kb: MAX_CHART_BYTES / 1024 }));
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
    const reasons: Said[] = [];
    if (!title) reasons.push(say('import_title_missing'));
    else if (title.length > MAX_TITLE) reasons.push(say('import_title_too_long', { max: MAX_TITLE }));
    if (!performer) reasons.push(say('import_performer_missing'));
    else if (performer.length > MAX_TITLE) reasons.push(say('import_performer_too_long', { max: MAX_TITLE }));
    if ([title, performer, link].some(looksLikeFormula)) reasons.push(say('import_formula'));
    if (visible === null) reasons.push(say('import_visible'));
    const linkProblem = link && !looksLikeFormula(link) ? checkLink(link) : null;
    if (linkProblem) reasons.push(linkProblem);
    const sheet = sheetOf((column) => cell(row, column), reasons);
    if (reasons.length)
      bad.push({
        line,
        reason: reasons.map((said) => said.message).join('; '),
        reasons: reasons.map(({ message: _, ...coded }) => coded),
      });
    else rows.push({ line, title, performer, visible: visible!, resursi: link || null, ...sheet });
  }
  return { rows, bad };
}
