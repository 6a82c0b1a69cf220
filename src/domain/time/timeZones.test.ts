import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { STATE_CODES } from '../states';
import {
  DEFAULT_TIME_ZONE,
  STATE_TIME_ZONES,
  TIME_ZONE_IDS,
  formatDay,
  formatWhen,
  trainingZoneAbbreviation,
  zoneForState,
} from './timeZones';
import { SPLIT_STATES, splitStateNote } from './timeZoneNotes';
import { toOffsetDateTime, toWallClock, wallClockToInstant } from './zonedTime';

// Every state's default zone, written out once more by hand so a slip in the table shows here.
const EXPECTED: Record<string, string> = {
  AL: 'America/Chicago', AK: 'America/Anchorage', AZ: 'America/Phoenix', AR: 'America/Chicago',
  CA: 'America/Los_Angeles', CO: 'America/Denver', CT: 'America/New_York', DE: 'America/New_York',
  FL: 'America/New_York', GA: 'America/New_York', HI: 'Pacific/Honolulu', ID: 'America/Denver',
  IL: 'America/Chicago', IN: 'America/New_York', IA: 'America/Chicago', KS: 'America/Chicago',
  KY: 'America/New_York', LA: 'America/Chicago', ME: 'America/New_York', MD: 'America/New_York',
  MA: 'America/New_York', MI: 'America/New_York', MN: 'America/Chicago', MS: 'America/Chicago',
  MO: 'America/Chicago', MT: 'America/Denver', NE: 'America/Chicago', NV: 'America/Los_Angeles',
  NH: 'America/New_York', NJ: 'America/New_York', NM: 'America/Denver', NY: 'America/New_York',
  NC: 'America/New_York', ND: 'America/Chicago', OH: 'America/New_York', OK: 'America/Chicago',
  OR: 'America/Los_Angeles', PA: 'America/New_York', RI: 'America/New_York', SC: 'America/New_York',
  SD: 'America/Chicago', TN: 'America/Chicago', TX: 'America/Chicago', UT: 'America/Denver',
  VT: 'America/New_York', VA: 'America/New_York', WA: 'America/Los_Angeles', WV: 'America/New_York',
  WI: 'America/Chicago', WY: 'America/Denver',
}; // prettier-ignore

describe('the zone of each state', () => {
  test.each(STATE_CODES.map((code) => [code, EXPECTED[code]]))('%s defaults to %s', (code, zone) => {
    expect(zoneForState(code)).toBe(zone);
  });

  test('the table covers exactly the 50 states with zones the platform knows', () => {
    expect(Object.keys(STATE_TIME_ZONES).sort()).toEqual([...STATE_CODES].sort());
    for (const zone of TIME_ZONE_IDS) expect(() => new Intl.DateTimeFormat('en-US', { timeZone: zone })).not.toThrow();
  });

  test('no state, or an unknown one, means Eastern Time', () => {
    expect(zoneForState(null)).toBe(DEFAULT_TIME_ZONE);
    expect(zoneForState('')).toBe('America/New_York');
    expect(zoneForState('DC')).toBe('America/New_York');
  });

  test('a state spanning two zones says so and names the other zone', () => {
    expect(splitStateNote('FL')).toBe(
      'This state spans two time zones. The default is Eastern Time (New York), where most of its people live; choose Central Time (Chicago) for the western Panhandle.',
    );
    expect(splitStateNote('CA')).toBeNull();
    expect(splitStateNote(null)).toBeNull();
    for (const [code, split] of Object.entries(SPLIT_STATES)) expect(split.other).not.toBe(zoneForState(code));
  });

  test('the migration derives existing rows with the same table', () => {
    const sql = fs.readFileSync(path.resolve('db/migrations/00013_training_time_zone.sql'), 'utf8');
    const pairs = Object.fromEntries([...sql.matchAll(/when '([A-Z]{2})' then '([\w/]+)'/g)].map((m) => [m[1], m[2]]));
    expect(pairs).toEqual(STATE_TIME_ZONES);
    expect(sql).toContain(`else '${DEFAULT_TIME_ZONE}'`);
  });
});

describe('times as the site shows them', () => {
  test('a one-day Los Angeles training reads with its day, hours and zone', () => {
    expect(formatWhen('2027-03-06T17:00:00Z', '2027-03-07T01:00:00Z', 'America/Los_Angeles')).toBe(
      'Sat, Mar 6, 2027 · 9:00 AM – 5:00 PM PST',
    );
  });

  test('a training over several days names both days and one zone', () => {
    expect(formatWhen('2027-09-10T16:00:00Z', '2027-09-12T23:00:00Z', 'America/Los_Angeles')).toBe(
      'Fri, Sep 10, 2027 · 9:00 AM – Sun, Sep 12, 2027 · 4:00 PM PDT',
    );
    expect(trainingZoneAbbreviation('2027-09-10T16:00:00Z', '2027-09-12T23:00:00Z', 'America/Los_Angeles')).toBe('PDT');
  });

  test('an evening start on the Pacific coast stays on its own day', () => {
    // 7 PM in Los Angeles is already the next day in New York and in UTC.
    expect(formatDay('2027-01-16T03:00:00Z', 'America/Los_Angeles')).toBe('Jan 15, 2027');
    expect(formatDay('2027-01-16T03:00:00Z', 'America/New_York')).toBe('Jan 15, 2027');
    expect(formatDay('2027-01-16T05:30:00Z', 'America/New_York')).toBe('Jan 16, 2027');
    expect(formatDay('2027-01-16T05:30:00Z', 'America/Los_Angeles')).toBe('Jan 15, 2027');
  });

  test('a training across the March change shows standard time, then daylight time', () => {
    // 2027-03-14 is the second Sunday of March: clocks go from 2:00 to 3:00 AM.
    const start = wallClockToInstant('2027-03-13T09:00', 'America/Los_Angeles')!;
    const end = wallClockToInstant('2027-03-15T17:00', 'America/Los_Angeles')!;
    expect(start).toBe('2027-03-13T17:00:00.000Z');
    expect(end).toBe('2027-03-16T00:00:00.000Z');
    expect(formatWhen(start, end, 'America/Los_Angeles')).toBe(
      'Sat, Mar 13, 2027 · 9:00 AM PST – Mon, Mar 15, 2027 · 5:00 PM PDT',
    );
    expect(toOffsetDateTime(start, 'America/Los_Angeles')).toBe('2027-03-13T09:00:00-08:00');
    expect(toOffsetDateTime(end, 'America/Los_Angeles')).toBe('2027-03-15T17:00:00-07:00');
    expect(trainingZoneAbbreviation(start, end, 'America/Los_Angeles')).toBe('PT');
  });

  test('a training across the November change shows daylight time, then standard time', () => {
    // 2027-11-07 is the first Sunday of November: clocks go from 2:00 back to 1:00 AM.
    const start = wallClockToInstant('2027-11-06T09:00', 'America/New_York')!;
    const end = wallClockToInstant('2027-11-08T16:30', 'America/New_York')!;
    expect(start).toBe('2027-11-06T13:00:00.000Z');
    expect(end).toBe('2027-11-08T21:30:00.000Z');
    expect(formatWhen(start, end, 'America/New_York')).toBe(
      'Sat, Nov 6, 2027 · 9:00 AM EDT – Mon, Nov 8, 2027 · 4:30 PM EST',
    );
    expect(toOffsetDateTime(end, 'America/New_York')).toBe('2027-11-08T16:30:00-05:00');
    expect(trainingZoneAbbreviation(start, end, 'America/New_York')).toBe('ET');
  });

  test('Arizona keeps standard time all year', () => {
    const july = wallClockToInstant('2027-07-10T09:00', 'America/Phoenix')!;
    expect(july).toBe('2027-07-10T16:00:00.000Z');
    expect(formatWhen(july, '2027-07-11T00:00:00Z', 'America/Phoenix')).toBe(
      'Sat, Jul 10, 2027 · 9:00 AM – 5:00 PM MST',
    );
  });
});

describe("the form's wall-clock input", () => {
  test('9:00 AM in Los Angeles is 17:00 UTC in winter and 16:00 UTC in summer', () => {
    expect(wallClockToInstant('2027-03-06T09:00', 'America/Los_Angeles')).toBe('2027-03-06T17:00:00.000Z');
    expect(wallClockToInstant('2027-07-06T09:00', 'America/Los_Angeles')).toBe('2027-07-06T16:00:00.000Z');
    expect(wallClockToInstant('2027-03-06T09:00', 'Pacific/Honolulu')).toBe('2027-03-06T19:00:00.000Z');
  });

  test('an instant comes back to the form as the same wall-clock text', () => {
    expect(toWallClock('2027-03-06T17:00:00.000Z', 'America/Los_Angeles')).toBe('2027-03-06T09:00');
    expect(toWallClock(new Date('2027-03-06T17:00:00Z'), 'America/New_York')).toBe('2027-03-06T12:00');
    expect(toWallClock('', 'America/New_York')).toBe('');
    expect(toWallClock('not a date', 'America/New_York')).toBe('');
  });

  test('a time skipped in spring moves forward; a repeated time in fall is the first one', () => {
    expect(wallClockToInstant('2027-03-14T02:30', 'America/Chicago')).toBe('2027-03-14T08:30:00.000Z');
    expect(toWallClock('2027-03-14T08:30:00.000Z', 'America/Chicago')).toBe('2027-03-14T03:30');
    expect(wallClockToInstant('2027-11-07T01:30', 'America/Chicago')).toBe('2027-11-07T06:30:00.000Z');
  });

  test('text that is not a date and time is refused', () => {
    expect(wallClockToInstant('', 'America/New_York')).toBeNull();
    expect(wallClockToInstant('2027-02-30T09:00', 'America/New_York')).toBeNull();
    expect(wallClockToInstant('tomorrow', 'America/New_York')).toBeNull();
  });
});
