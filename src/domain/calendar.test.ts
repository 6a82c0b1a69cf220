import { describe, expect, test } from 'vitest';
import { calendarFileName, trainingCalendar, type CalendarTraining } from './calendar';

const training: CalendarTraining = {
  id: '6f1c1d2e-0000-4000-8000-000000000001',
  title: 'EMDR Basic Training, Part 1; Austin',
  description: 'Day 1: theory, demos\nDay 2: practice',
  startDate: '2027-03-05T14:00:00.000Z',
  endDate: '2027-03-07T22:30:00.000Z',
  location: 'Austin, TX',
  venue: null,
  thinkificUrl: 'https://emdr.thinkific.com/courses/basic?a=1&b=2',
  trainer: { name: 'Dr. Ana Ruiz' },
};

describe('the Add to Calendar file', () => {
  const ics = trainingCalendar(training, 'https://x.test/training/6f1c', new Date('2026-11-23T10:00:00Z'));

  test('holds one VEVENT with UID, DTSTAMP and UTC start and end', () => {
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(1);
    expect(ics).toContain('UID:6f1c1d2e-0000-4000-8000-000000000001@emdr-training-marketplace');
    expect(ics).toContain('DTSTAMP:20261123T100000Z');
    expect(ics).toContain('DTSTART:20270305T140000Z');
    expect(ics).toContain('DTEND:20270307T223000Z');
    expect(ics).toContain('URL:https://x.test/training/6f1c');
    expect(ics).toMatch(/\r\n/);
  });

  test('escapes commas, semicolons and newlines in text', () => {
    expect(ics).toContain('SUMMARY:EMDR Basic Training\\, Part 1\\; Austin');
    expect(ics.replace(/\r\n[ \t]/g, '')).toContain('DESCRIPTION:Day 1: theory\\, demos\\nDay 2: practice');
  });

  test('does not depend on the server time zone', () => {
    const before = process.env.TZ;
    process.env.TZ = 'Asia/Tokyo';
    try {
      expect(trainingCalendar(training, 'https://x.test/t')).toContain('DTSTART:20270305T140000Z');
    } finally {
      process.env.TZ = before;
    }
  });

  test('a line break in the title cannot start a new property', () => {
    const text = trainingCalendar({ ...training, title: 'A\r\nATTENDEE:evil' }, 'https://x.test/t');
    expect(text).not.toMatch(/\r\nATTENDEE:evil/);
  });

  test('the file name is made of the title’s letters and digits', () => {
    expect(calendarFileName('EMDR Basic: "Part 1"')).toBe('emdr-basic-part-1.ics');
    expect(calendarFileName('ßßß')).toBe('training.ics');
  });
});
