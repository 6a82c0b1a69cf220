/**
 * CSV as RFC 4180 writes it: fields separated by commas, lines ended by CRLF, a quoted field with
 * its quotes doubled. A logged email or name is typed by anyone, and a spreadsheet may read a cell
 * as a formula, or split it at a `;` or a tab when that is its separator (Excel in many locales), so
 * (docs/security.md, OWASP "CSV injection"):
 * - a cell holding a separator (`,` `;` tab), a quote or a line break, or starting with `= + - @`
 *   or a control character, is quoted;
 * - a `'` goes before each part that would start a formula or with a control character: the cell's
 *   start, and whatever follows a separator or line break (`x;=1+1` → `"x;'=1+1"`), so the cell is
 *   inert whichever separator the reader splits at. Spaces before `= + - @` do not hide it.
 */
const FORMULA_START = /^(?: *[=+\-@]|[\x00-\x1f\x7f])/;
// After a run of separators: another formula, or a control character other than the separators.
const FORMULA_AFTER_SEPARATOR = /([,;\t\r\n]+)(?= *[=+\-@]|[\x00-\x08\x0b\x0c\x0e-\x1f\x7f])/g;
const NEEDS_QUOTES = /[",;\t\r\n]/;

export function csvCell(value: string | number | boolean | null | undefined): string {
  const text = value === null || value === undefined ? '' : String(value);
  const startDefused = FORMULA_START.test(text) ? `'${text}` : text;
  const defused = startDefused.replace(FORMULA_AFTER_SEPARATOR, "$1'");
  return defused !== text || NEEDS_QUOTES.test(defused) ? `"${defused.replaceAll('"', '""')}"` : defused;
}

export function csvLine(cells: readonly (string | number | boolean | null | undefined)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}
