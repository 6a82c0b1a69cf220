import ICAL from 'ical.js';

/**
 * Checks an iCalendar text against the RFC 5545 rules a parser forgives (CRLF line ends, at most
 * 75 octets per physical line, folded lines starting with a space, no control characters), then
 * parses it with Mozilla's ical.js (Thunderbird's parser) and returns its events in plain form.
 */
export interface ParsedEvent {
  uid: string;
  sequence: number;
  summary: string;
  description: string;
  location: string;
  url: string;
  start: number;
  end: number;
  lastModified: number;
  organizer: string | null;
}

export interface ParsedCalendar {
  name: string | null;
  events: ParsedEvent[];
}

export function rfc5545Problems(text: string): string[] {
  const problems: string[] = [];
  if (!text.endsWith('\r\n')) problems.push('does not end with CRLF');
  if (/[^\r]\n|\r(?!\n)/.test(text) || text.startsWith('\n')) problems.push('a line ends without CRLF');
  const lines = text.split('\r\n').slice(0, -1);
  lines.forEach((line, i) => {
    const octets = Buffer.byteLength(line, 'utf8');
    if (octets > 75) problems.push(`line ${i + 1} has ${octets} octets`);
    if (line.includes('\uFFFD')) problems.push(`line ${i + 1} holds a broken UTF-8 sequence`);
    if (/[\u0000-\u0008\u000A-\u001F\u007F]/.test(line)) problems.push(`line ${i + 1} holds a control character`);
    if (i > 0 && /^[ \t]/.test(line) === false && !/^[A-Z][A-Z0-9-]*[;:]/.test(line))
      problems.push(`line ${i + 1} is neither a property nor a continuation`);
  });
  if (lines[0] !== 'BEGIN:VCALENDAR' || lines.at(-1) !== 'END:VCALENDAR') problems.push('not one VCALENDAR');
  return problems;
}

export function parseCalendar(text: string): ParsedCalendar {
  const root = new ICAL.Component(ICAL.parse(text));
  const events = root.getAllSubcomponents('vevent').map((vevent) => {
    const event = new ICAL.Event(vevent);
    const time = (name: string) => (vevent.getFirstPropertyValue(name) as ICAL.Time).toJSDate().getTime();
    return {
      uid: event.uid,
      sequence: event.sequence,
      summary: event.summary,
      description: event.description,
      location: event.location,
      url: String(vevent.getFirstPropertyValue('url')),
      start: event.startDate.toJSDate().getTime(),
      end: event.endDate.toJSDate().getTime(),
      lastModified: time('last-modified'),
      organizer: vevent.hasProperty('organizer') ? String(vevent.getFirstPropertyValue('organizer')) : null,
    };
  });
  const name = root.getFirstPropertyValue('x-wr-calname');
  return { name: name === null ? null : String(name), events };
}

/** Both checks at once: throws with every problem found, else returns the parsed calendar. */
export function validCalendar(text: string): ParsedCalendar {
  const problems = rfc5545Problems(text);
  if (problems.length) throw new Error(`invalid iCalendar:\n${problems.join('\n')}`);
  return parseCalendar(text);
}
