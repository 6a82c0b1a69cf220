import { describe, expect, test } from 'vitest';
import { formatDate, formatDateRange, formatNumber, formatPrice, initials } from './display';

describe('display rules', () => {
  test('dates read like "Jan 5, 2025" in US English', () => {
    expect(formatDate('2025-01-05T15:00:00.000Z')).toBe('Jan 5, 2025');
    expect(formatDate(new Date('2026-12-31T18:00:00Z'))).toBe('Dec 31, 2026');
  });

  test('a range shows both days, or one when the training is a single day', () => {
    const ny = 'America/New_York';
    expect(formatDateRange('2025-01-05T15:00:00Z', '2025-01-07T22:00:00Z', ny)).toBe('Jan 5, 2025 - Jan 7, 2025');
    expect(formatDateRange('2025-01-05T15:00:00Z', '2025-01-05T22:00:00Z', ny)).toBe('Jan 5, 2025');
  });

  test("a training's dates fall on the days of its own zone", () => {
    // 6 PM to 11 PM in Los Angeles is 02:00 to 07:00 UTC the next day.
    const [start, end] = ['2027-01-16T02:00:00Z', '2027-01-16T07:00:00Z'];
    expect(formatDateRange(start, end, 'America/Los_Angeles')).toBe('Jan 15, 2027');
    expect(formatDateRange(start, end, 'America/New_York')).toBe('Jan 15, 2027 - Jan 16, 2027');
    expect(formatDate('2027-01-15T20:00:00Z', 'Pacific/Honolulu')).toBe('Jan 15, 2027');
    expect(formatDate('2027-01-16T09:30:00Z', 'Pacific/Honolulu')).toBe('Jan 15, 2027');
  });

  test('initials are the first letters of up to two words, uppercase', () => {
    expect(initials('Dr. Maria Gonzalez')).toBe('DM');
    expect(initials('james whitfield')).toBe('JW');
    expect(initials('  Cher  ')).toBe('C');
    expect(initials('')).toBe('');
  });

  test('prices carry a dollar sign and thousands separators', () => {
    expect(formatPrice(1500)).toBe('$1,500');
    expect(formatPrice(0)).toBe('$0');
    expect(formatNumber(428753)).toBe('428,753');
  });
});
