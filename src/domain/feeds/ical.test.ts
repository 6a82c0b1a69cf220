import { describe, expect, test } from 'vitest';
import { escapeText, foldLine, utcDateTime } from './ical';

describe('the iCalendar writer', () => {
  test('folds by octets: each physical line holds at most 75, continuation lines start with a space', () => {
    const folded = foldLine(`DESCRIPTION:${'é'.repeat(100)}`);
    const lines = folded.split('\r\n');
    expect(lines.length).toBeGreaterThan(2);
    for (const line of lines) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    for (const line of lines.slice(1)) expect(line.startsWith(' ')).toBe(true);
    expect(lines.map((l, i) => (i ? l.slice(1) : l)).join('')).toBe(`DESCRIPTION:${'é'.repeat(100)}`);
  });

  test('never splits a four-byte character across lines', () => {
    const folded = foldLine(`X:${'😀'.repeat(40)}`);
    for (const line of folded.split('\r\n')) expect(line).not.toContain('\uFFFD');
    expect(folded.replace(/\r\n /g, '')).toBe(`X:${'😀'.repeat(40)}`);
  });

  test('a line of exactly 75 octets is not folded', () => {
    expect(foldLine('X'.repeat(75))).toBe('X'.repeat(75));
    expect(foldLine('X'.repeat(76))).toBe(`${'X'.repeat(75)}\r\n X`);
  });

  test('a long ASCII line folds into 75 octets, then 74 after each leading space, and unfolds to itself', () => {
    const line = `DESCRIPTION:${'abcdefghij'.repeat(30)}`;
    const lines = foldLine(line).split('\r\n');
    expect(lines.map((l) => l.length)).toEqual([75, 75, 75, 75, 16]);
    expect(lines.slice(1).every((l) => l.startsWith(' '))).toBe(true);
    expect(lines.map((l, i) => (i ? l.slice(1) : l)).join('')).toBe(line);
  });

  test('escapes TEXT and drops control characters', () => {
    expect(escapeText('a\\b;c,d\r\ne\nf\rg')).toBe('a\\\\b\\;c\\,d\\ne\\nf\\ng');
    expect(escapeText('bell\u0007 tab\t')).toBe('bell tab\t');
  });

  test('writes UTC instants from epoch milliseconds, strings or dates', () => {
    expect(utcDateTime(Date.parse('2027-03-05T09:00:00+01:00'))).toBe('20270305T080000Z');
    expect(utcDateTime('2027-03-05T09:00:00.123Z')).toBe('20270305T090000Z');
    expect(() => utcDateTime('not a date')).toThrow();
  });
});
