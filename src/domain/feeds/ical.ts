/**
 * A small RFC 5545 writer. The `ics` package was dropped here: it folds long lines by characters,
 * not octets (a line with non-ASCII text grew to ~88 bytes), it always writes an ORGANIZER line
 * when given a name, and it reads date arrays in the server's time zone. Calendar content is
 * simple enough to write directly: escaped TEXT, UTC instants, octet-folded lines, CRLF.
 */

/** One content line before folding: a name (with parameters, if any) and an already encoded value. */
export type ContentLine = readonly [name: string, value: string];

const CRLF = '\r\n';
const MAX_OCTETS = 75;

/**
 * TEXT values: backslash, semicolon and comma are escaped and any line break becomes `\n`, so no
 * value can start a property of its own. Other control characters are not allowed in TEXT at all.
 */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n')
    .replace(/[\u0000-\u0008\u000B-\u001F\u007F]/g, '');
}

/** A URI value: written as is, but never with a line break or control character inside it. */
export function uriValue(value: string): string {
  return value.replace(/[\u0000-\u001F\u007F]/g, '');
}

/** A DATE-TIME in UTC ("...Z") from an instant: never the server's local time. */
export function utcDateTime(instant: Date | string | number): string {
  const ms = typeof instant === 'number' ? instant : new Date(instant).getTime();
  if (!Number.isFinite(ms)) throw new Error(`Invalid calendar instant: ${String(instant)}`);
  return new Date(ms)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

/**
 * Folds one logical line into physical lines of at most 75 octets (CRLF not counted), each
 * continuation starting with a space; a multi-byte UTF-8 character is never split.
 */
export function foldLine(line: string): string {
  // Most lines are ASCII: every character is one octet, so slices of 75 (then 74 after the space).
  if (/^[\x00-\x7F]*$/.test(line)) {
    if (line.length <= MAX_OCTETS) return line;
    const parts = [line.slice(0, MAX_OCTETS)];
    for (let at = MAX_OCTETS; at < line.length; at += MAX_OCTETS - 1)
      parts.push(` ${line.slice(at, at + MAX_OCTETS - 1)}`);
    return parts.join(CRLF);
  }
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = utf8Length(char.codePointAt(0)!);
    if (octets + size > MAX_OCTETS) {
      parts.push(current);
      current = ' ';
      octets = 1;
    }
    current += char;
    octets += size;
  }
  parts.push(current);
  return parts.join(CRLF);
}

function utf8Length(codePoint: number): number {
  return codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;
}

/** Writes content lines as one iCalendar stream: folded, CRLF-terminated. */
export function writeLines(lines: readonly ContentLine[]): string {
  return lines.map(([name, value]) => foldLine(`${name}:${value}`) + CRLF).join('');
}

export interface CalendarHeader {
  /** X-WR-CALNAME and NAME: how a subscribed calendar is labelled in the client. */
  name?: string;
  /** How often a subscribed client should fetch the feed again (RFC 7986 REFRESH-INTERVAL). */
  refreshHours?: number;
}

/** A VCALENDAR around already built components (each a list of content lines). */
export function calendar(header: CalendarHeader, components: readonly (readonly ContentLine[])[]): string {
  return writeCalendar(header, components.map(writeLines));
}

/** A VCALENDAR around components already written (writeLines), e.g. kept from an earlier feed. */
export function writeCalendar(header: CalendarHeader, written: readonly string[]): string {
  const [head, tail] = calendarEnvelope(header);
  return head + written.join('') + tail;
}

/** The text before a calendar's components and the text after them. */
export function calendarEnvelope(header: CalendarHeader): [head: string, tail: string] {
  const head: ContentLine[] = [
    ['BEGIN', 'VCALENDAR'],
    ['VERSION', '2.0'],
    ['PRODID', '-//EMDR Training Marketplace//Calendar//EN'],
    ['CALSCALE', 'GREGORIAN'],
    ['METHOD', 'PUBLISH'],
  ];
  if (header.name) head.push(['NAME', escapeText(header.name)], ['X-WR-CALNAME', escapeText(header.name)]);
  if (header.refreshHours) {
    head.push(['REFRESH-INTERVAL;VALUE=DURATION', `PT${header.refreshHours}H`]);
    head.push(['X-PUBLISHED-TTL', `PT${header.refreshHours}H`]);
  }
  return [writeLines(head), writeLines([['END', 'VCALENDAR']])];
}
