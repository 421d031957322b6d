import Papa from 'papaparse';

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
