/**
 * CSV as RFC 4180 writes it: fields separated by commas, lines ended by CRLF, a field holding a
 * comma, quote or line break quoted with its quotes doubled. A cell that a spreadsheet would read as
 * a formula (starting with = + - @, or a tab or carriage return before one) gets a leading single
 * quote first (OWASP, CSV injection), since a logged email or name is typed by anyone.
 */
export function csvCell(value: string | number | boolean | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLine(cells: readonly (string | number | boolean | null | undefined)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}
