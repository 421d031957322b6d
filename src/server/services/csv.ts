import Papa from 'papaparse';
import { ApiError, invalid } from '../errors.js';

/** What an imported CSV file may be: a band's repertoire is thousands of rows, not millions. */
export const CSV_LIMITS = { bytes: 5 * 1024 * 1024, rows: 10_000, columns: 50, cell: 2000 };

const fileError = (message: string) => invalid({ file: [message] });

/**
 * Reads an uploaded CSV as Excel and LibreOffice write it: UTF-8 with or without a BOM, comma or
 * semicolon separated (papaparse guesses which), quoted cells. Anything else is refused whole with
 * a 4xx that says what to do, before a row is looked at.
 */
export function parseCsv(buffer: Buffer): string[][] {
  if (buffer.length > CSV_LIMITS.bytes)
    throw new ApiError(413, {
      message: `The file is too large (at most ${CSV_LIMITS.bytes / 1024 / 1024} MB).`,
    });
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(buffer);
  } catch {
    throw fileError('The file is not UTF-8 text. In Excel choose "CSV UTF-8" when saving, then try again.');
  }
  if (text.includes('\u0000')) throw fileError('The file is not a CSV text file.');
  const parsed = Papa.parse<string[]>(text, { delimitersToGuess: [',', ';', '\t'], skipEmptyLines: false });
  if (parsed.data.some((row) => row.length > CSV_LIMITS.columns))
    throw fileError(
      `A row has more than ${CSV_LIMITS.columns} columns; this does not look like a song list.`,
    );
  // Spreadsheets write rows they consider empty as ";;;".
  const rows = parsed.data.filter((row) => row.some((cell) => cell.trim() !== ''));
  if (rows.length === 0) throw fileError('The file is empty.');
  if (rows.length > CSV_LIMITS.rows + 1)
    throw fileError(`The file has more than ${CSV_LIMITS.rows} rows; split it into smaller files.`);
  if (rows.some((row) => row.some((cell) => cell.length > CSV_LIMITS.cell)))
    throw fileError(
      `A cell is longer than ${CSV_LIMITS.cell} characters; this does not look like a song list.`,
    );
  return rows;
}

/** A cell a spreadsheet would run as a formula (CSV injection). */
export const looksLikeFormula = (cell: string) => /^[=+\-@\t\r]/.test(cell) && !/^-\s/.test(cell);

/**
 * Where a spreadsheet may begin a cell: the start of a field, or after any separator it may be told
 * to split on (comma, semicolon, tab; Excel and LibreOffice choose by the system's locale, so Serbian
 * ones split on ";") or a line break. It may get there out of step with our quoting: opened with ";",
 * `a,"b;c"` is the cells `a,"b` and `c"`. So the field is checked piece by piece, and a piece that
 * begins (past spaces and quotes, which some spreadsheets drop) with a formula character, or with a
 * tab or CR that some strip before reading the rest, gets an apostrophe in front: the spreadsheet's
 * own sign for "text, not a formula".
 */
const FORMULA_PIECE = /(^|[,;\t\r\n])(?=[\t\r]|[\s"]*[=+\-@])/g;

/**
 * Any separator, not only ours, makes a field quoted: a spreadsheet that splits on ";" then still keeps
 * "a;b" in one cell wherever the field begins a cell in its reading.
 */
const needsQuotes = (cell: string) => /[,;\t"\r\n]/.test(cell);

/**
 * Writes rows as CSV for Excel and LibreOffice: a BOM so Excel reads UTF-8 (diacritics intact), CRLF
 * line ends, a field holding any separator, quote or line break quoted, and every piece of a field a
 * spreadsheet could read as a formula defused (FORMULA_PIECE).
 */
export function toCsv(header: string[], rows: (string | number | null)[][]): string {
  const safe = (cell: string | number | null) =>
    cell === null ? '' : String(cell).replace(FORMULA_PIECE, "$1'");
  return (
    '\uFEFF' +
    Papa.unparse([header, ...rows.map((row) => row.map(safe))], {
      newline: '\r\n',
      quotes: needsQuotes,
    })
  );
}
