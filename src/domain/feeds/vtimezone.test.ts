import { describe, expect, test } from 'vitest';
import { writeLines } from './ical';
import { vtimezone } from './vtimezone';

const text = (zone: string, from: string, to: string) => writeLines(vtimezone(zone, Date.parse(from), Date.parse(to)));

describe('a VTIMEZONE from the IANA data', () => {
  test('New York over a year: the observance in effect at the start, then each change in local time before it', () => {
    const t = text('America/New_York', '2027-03-02T23:00:00Z', '2027-12-01T00:00:00Z');
    expect(t).toContain(
      'BEGIN:STANDARD\r\nDTSTART:20261101T020000\r\nTZOFFSETFROM:-0400\r\nTZOFFSETTO:-0500\r\nTZNAME:EST\r\nEND:STANDARD',
    );
    expect(t).toContain('BEGIN:DAYLIGHT\r\nDTSTART:20270314T020000\r\nTZOFFSETFROM:-0500\r\nTZOFFSETTO:-0400');
    expect(t).toContain('BEGIN:STANDARD\r\nDTSTART:20271107T020000\r\nTZOFFSETFROM:-0400\r\nTZOFFSETTO:-0500');
    expect(t.match(/BEGIN:(STANDARD|DAYLIGHT)/g)).toHaveLength(3);
  });

  test('Madrid changes at 2 AM and 3 AM local time, on the last Sundays of March and October', () => {
    const t = text('Europe/Madrid', '2027-03-16T18:00:00Z', '2027-11-30T18:00:00Z');
    expect(t).toContain('DTSTART:20270328T020000\r\nTZOFFSETFROM:+0100\r\nTZOFFSETTO:+0200');
    expect(t).toContain('DTSTART:20271031T030000\r\nTZOFFSETFROM:+0200\r\nTZOFFSETTO:+0100');
  });

  test('a zone without daylight saving has its last change only; one that never changed, a fixed offset', () => {
    const phoenix = text('America/Phoenix', '2027-03-02T23:00:00Z', '2027-12-01T00:00:00Z');
    expect(phoenix.match(/BEGIN:(STANDARD|DAYLIGHT)/g)).toEqual(['BEGIN:STANDARD']);
    expect(phoenix).toContain('TZOFFSETTO:-0700');
    expect(text('UTC', '2027-03-02T23:00:00Z', '2027-12-01T00:00:00Z')).toContain(
      'DTSTART:19700101T000000\r\nTZOFFSETFROM:+0000\r\nTZOFFSETTO:+0000',
    );
  });
});
