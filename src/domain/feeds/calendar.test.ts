import { describe, expect, test } from 'vitest';
import { calendarFileName, trainingCalendar, type CalendarTraining } from './calendar';
import { parseCalendar, rfc5545Problems, validCalendar } from '#tests/support/icalendar';
import { NO_PROGRAM_FACTS } from '../trainingFacts/programFacts';

const training: CalendarTraining = {
  id: '6f1c1d2e-0000-4000-8000-000000000001',
  title: 'EMDR Basic Training, Part 1; Austin',
  description: 'Day 1: theory, demos\nDay 2: practice \\ supervision',
  startDate: '2027-03-05T14:00:00.000Z',
  endDate: '2027-03-07T22:30:00.000Z',
  location: 'Austin, TX',
  venue: null,
  format: 'In-Person',
  thinkificUrl: 'https://emdr.thinkific.com/courses/basic?a=1&b=2',
  revision: 3,
  createdAt: '2026-10-01T08:00:00.000Z',
  updatedAt: '2026-11-20T09:30:00.000Z',
  trainer: { name: 'Dr. Ana Ruiz' },
  ...NO_PROGRAM_FACTS,
  price: 1250,
  refundPolicy: null,
};
const site = 'https://x.test';

describe('the Add to Calendar file', () => {
  const ics = trainingCalendar(training, site);
  const [event] = validCalendar(ics).events;

  test('parses with ical.js as one event with a stable UID, the revision as SEQUENCE and UTC instants', () => {
    expect(validCalendar(ics).events).toHaveLength(1);
    expect(event!.uid).toBe('6f1c1d2e-0000-4000-8000-000000000001@emdr-training-marketplace');
    expect(event!.sequence).toBe(3);
    expect(event!.start).toBe(Date.parse('2027-03-05T14:00:00Z'));
    expect(event!.end).toBe(Date.parse('2027-03-07T22:30:00Z'));
    expect(event!.lastModified).toBe(Date.parse('2026-11-20T09:30:00Z'));
    expect(ics).toContain('\r\nDTSTART:20270305T140000Z\r\n');
    expect(ics).toContain('\r\nDTSTAMP:20261120T093000Z\r\n');
  });

  test('links the training page and names no organizer', () => {
    expect(event!.url).toBe('https://x.test/training/6f1c1d2e-0000-4000-8000-000000000001');
    expect(event!.organizer).toBeNull();
    expect(ics).not.toMatch(/ORGANIZER|ATTENDEE|MAILTO/i);
  });

  test('escapes commas, semicolons, backslashes and line breaks in text, and ical.js reads them back', () => {
    expect(ics).toContain('SUMMARY:EMDR Basic Training\\, Part 1\\; Austin\r\n');
    expect(ics.replace(/\r\n /g, '')).toContain(
      'DESCRIPTION:Day 1: theory\\, demos\\nDay 2: practice \\\\ supervision',
    );
    expect(event!.summary).toBe(training.title);
    expect(event!.description).toContain('Day 1: theory, demos\nDay 2: practice \\ supervision');
    expect(event!.description).toContain('Trainer: Dr. Ana Ruiz');
    expect(event!.description).toContain('Register: https://emdr.thinkific.com/courses/basic?a=1&b=2');
  });

  test('a line break in the title is kept as an escaped \\n and cannot start a new property', () => {
    const text = trainingCalendar({ ...training, title: 'A\r\nATTENDEE:evil\nORGANIZER:mailto:x@evil.test' }, site);
    expect(text).not.toMatch(/\r\n(ATTENDEE|ORGANIZER)/);
    expect(validCalendar(text).events[0]!.summary).toBe('A\nATTENDEE:evil\nORGANIZER:mailto:x@evil.test');
  });

  test('a quote in the trainer name injects nothing', () => {
    const name = 'Dr. "Evil":mailto:attacker@evil.test;ROLE=CHAIR';
    const text = trainingCalendar({ ...training, trainer: { name } }, site);
    const parsed = validCalendar(text).events[0]!;
    expect(parsed.organizer).toBeNull();
    expect(parsed.description).toContain(`Trainer: ${name}`);
  });

  test('long non-ASCII text is folded at 75 octets without splitting a character', () => {
    const title = 'Schulung für Traumatherapie — Müller & Söhne, 東京 🧠 '.repeat(8);
    const text = trainingCalendar({ ...training, title, description: 'ß'.repeat(400) }, site);
    expect(rfc5545Problems(text)).toEqual([]);
    expect(Math.max(...text.split('\r\n').map((l) => Buffer.byteLength(l)))).toBeLessThanOrEqual(75);
    const parsed = parseCalendar(text).events[0]!;
    expect(parsed.summary).toBe(title);
    expect(parsed.description.startsWith('ß'.repeat(400))).toBe(true);
  });

  test('does not depend on the server time zone', () => {
    const before = process.env.TZ;
    process.env.TZ = 'Asia/Tokyo';
    try {
      expect(trainingCalendar(training, site)).toContain('DTSTART:20270305T140000Z');
    } finally {
      process.env.TZ = before;
    }
  });

  test('the same training gives the same bytes', () => {
    expect(trainingCalendar(training, site)).toBe(ics);
  });

  test('the file name is made of the title’s letters and digits', () => {
    expect(calendarFileName('EMDR Basic: "Part 1"')).toBe('emdr-basic-part-1.ics');
    expect(calendarFileName('ßßß')).toBe('training.ics');
  });

  test('names the CE approvals and the whole cost in the description, and still parses', () => {
    const text = trainingCalendar(
      {
        ...training,
        programType: 'basic',
        language: 'es',
        ceApprovals: [
          { body: 'APA', boardName: null, providerNumber: 'P-1', hours: 50, statement: 'Not in the calendar.' },
          { body: 'STATE_BOARD', boardName: 'Texas BHEC; LPC, LMFT', providerNumber: null, hours: 6, statement: null },
        ],
        consultation: { hours: 10, included: false, costMin: 600, costMax: 900 },
        completionWindowMonths: 18,
        refundPolicy: 'Full refund until 30 days before.',
      },
      site,
    );
    expect(rfc5545Problems(text)).toEqual([]);
    const description = validCalendar(text).events[0]!.description;
    expect(description).toContain(
      [
        'Trainer: Dr. Ana Ruiz',
        'Program: Basic Training',
        'Language: Spanish',
        'CE: APA (American Psychological Association): 50 CE hours, provider P-1',
        'CE: State board — Texas BHEC; LPC, LMFT: 6 CE hours',
        'Tuition: $1,250',
        'Consultation: 10 hours, about $600–$900, not included',
        'Total cost: $1,850–$2,150',
        'Completion window: 18 months',
        'Details: https://x.test/training/6f1c1d2e-0000-4000-8000-000000000001',
      ].join('\n'),
    );
    expect(description).not.toContain('Not in the calendar.');
    expect(text.replace(/\r\n /g, '')).toContain('Texas BHEC\\; LPC\\, LMFT');
  });

  test('a training without facts says its tuition and that the consultation is not stated', () => {
    expect(event!.description).toContain('Tuition: $1,250\nTotal cost: $1,250 (consultation not stated)\nDetails:');
  });
});
