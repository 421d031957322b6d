import { type Said, say } from '../../../shared/server-messages.js';
import Papa from 'papaparse';
import { MAX_CHART_BYTES } from '../../../shared/song-sheet.js';
import { ApiError, invalid } from '../../errors.js';

/**
 * What an imported CSV file may be: a band's repertoire is thousands of rows, not millions. `lines`
 * counts empty rows too: spreadsheets write some, but a file of millions is refused before it is
 * read through.
 */
export const CSV_LIMITS = {
  bytes: 5 * 1024 * 1024,
  rows: 10_000,
  lines: 100_000,
  columns: 50,
  cell: 2000,
  /** A cell of a wide column (a chord chart, issue 27): the chart's bytes are at least its characters. */
  wideCell: MAX_CHART_BYTES,
};

/**
 * How much of the text one step reads before the event loop gets a turn: a few milliseconds of
 * parsing even when every character is a line break, so an imported file never holds the live
 * pages up.
 */
const STEP_CHARS = 16 * 1024;

/**
 * The longest a row within the limits can be as written: every cell at its longest, each quote
 * doubled inside quotes, and a separator. A longer row is refused before it is split into cells.
 */
const LONGEST_ROW = CSV_LIMITS.columns * (2 * CSV_LIMITS.cell + 3) + 2 * CSV_LIMITS.wideCell;

const fileError = (sentence: Said) => invalid({ file: [sentence] });
const tooManyColumns = () => fileError(say('csv_too_many_columns', { max: CSV_LIMITS.columns }));
const tooLongCell = () => fileError(say('csv_cell_too_long', { max: CSV_LIMITS.cell }));

/** The column of the header row (its index) whose cells may be as long as CSV_LIMITS.wideCell. */
export type WideColumn = (header: string[]) => number | undefined;

/**
 * Reads an uploaded CSV as Excel and LibreOffice write it: UTF-8 with or without a BOM, comma or
 * semicolon separated (papaparse guesses which), quoted cells. Anything else is refused whole with
 * a 4xx that says what to do, before a row is looked at. The text is read a step at a time with a
 * turn of the event loop between steps, and only its non-empty rows are kept.
 */
export async function parseCsv(buffer: Buffer, wide: WideColumn = () => undefined): Promise<string[][]> {
  if (buffer.length > CSV_LIMITS.bytes)
    throw new ApiError(413, say('csv_too_large', { mb: CSV_LIMITS.bytes / 1024 / 1024 }));
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(buffer);
  } catch {
    throw fileError(say('csv_not_utf8'));
  }
  if (text.includes('\u0000')) throw fileError(say('csv_not_text'));
  // Nothing but line breaks and spaces (no separator, so no row of many columns): empty, without
  // reading it row by row.
  if (!/[^\r\n ]/.test(text)) throw fileError(say('csv_empty'));
  const { rows, longCell } = await readRows(text, wide);
  if (rows.length === 0) throw fileError(say('csv_empty'));
  if (longCell) throw tooLongCell();
  return rows;
}

/**
 * The file's non-empty rows (spreadsheets write rows they consider empty as ";;;"), read in steps of
 * STEP_CHARS. A row with too many columns, one row too many or one line too many ends the reading at
 * once; a cell too long is answered only once the whole file is read, so that those are said first.
 */
function readRows(text: string, wide: WideColumn): Promise<{ rows: string[][]; longCell: boolean }> {
  return new Promise((resolve, reject) => {
    const rows: string[][] = [];
    let wideColumn: number | undefined;
    const tooLong = (cell: string, column: number) =>
      cell.length > (column === wideColumn ? CSV_LIMITS.wideCell : CSV_LIMITS.cell);
    let lines = 0;
    let longCell = false;
    let read = 0;
    Papa.parse<string[]>(text, {
      delimitersToGuess: [',', ';', '\t'],
      skipEmptyLines: false,
      chunkSize: STEP_CHARS,
      chunk(results: Papa.ParseResult<string[]>, parser: Papa.Parser) {
        read = Math.min(text.length, read + STEP_CHARS);
        try {
          for (const row of results.data) {
            if (row.length > CSV_LIMITS.columns) throw tooManyColumns();
            lines += 1;
            if (lines > CSV_LIMITS.lines)
              throw fileError(say('csv_too_many_lines', { max: CSV_LIMITS.lines }));
            if (!row.some((cell) => cell.trim() !== '')) continue;
            rows.push(row);
            if (rows.length === 1) wideColumn = wide(row);
            if (rows.length > CSV_LIMITS.rows + 1)
              throw fileError(say('csv_too_many_rows', { max: CSV_LIMITS.rows }));
            longCell ||= row.some(tooLong);
          }
          // The row papaparse is still reading (carried into the next step) may not grow past any
          // row that could be within the limits.
          if (read - results.meta.cursor > LONGEST_ROW) throw overlongRow(text, results.meta);
        } catch (error) {
          // Rejected before the abort, which calls `complete` (and so would resolve) at once.
          reject(error);
          parser.abort();
          return;
        }
        if (read === text.length) return;
        parser.pause();
        setImmediate(() => parser.resume());
      },
      complete: () => resolve({ rows, longCell }),
    });
  });
}

/** Why an unfinished row is already longer than LONGEST_ROW: its columns, or else a cell. */
function overlongRow(text: string, meta: Papa.ParseMeta) {
  const start = meta.cursor;
  const first = Papa.parse<string[]>(text.slice(start, start + LONGEST_ROW + STEP_CHARS), {
    delimiter: meta.delimiter,
    newline: meta.linebreak as '\n' | '\r' | '\r\n',
    preview: 1,
  }).data[0];
  return first && first.length > CSV_LIMITS.columns ? tooManyColumns() : tooLongCell();
}
