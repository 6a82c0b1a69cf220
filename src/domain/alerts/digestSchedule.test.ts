import { describe, expect, test } from 'vitest';
import { nextDigestRun } from './digestSchedule';

describe('digests go out at 07:00 in the site’s zone, weekly ones on Mondays', () => {
  test('before 07:00 it is today; after, tomorrow', () => {
    // 2026-11-25 is a Wednesday; New York is UTC-5 in November.
    expect(nextDigestRun(new Date('2026-11-25T11:00:00Z'), 'America/New_York')).toEqual({
      at: new Date('2026-11-25T12:00:00Z'),
      weekly: false,
    });
    expect(nextDigestRun(new Date('2026-11-25T12:00:00Z'), 'America/New_York').at).toEqual(
      new Date('2026-11-26T12:00:00Z'),
    );
  });

  test('Monday’s run carries the weekly alerts, in the zone’s own Monday', () => {
    expect(nextDigestRun(new Date('2026-11-29T20:00:00Z'), 'America/New_York')).toEqual({
      at: new Date('2026-11-30T12:00:00Z'),
      weekly: true,
    });
    // The same instant is already Monday 05:00 in Tokyo.
    expect(nextDigestRun(new Date('2026-11-29T20:00:00Z'), 'Asia/Tokyo')).toEqual({
      at: new Date('2026-11-29T22:00:00Z'),
      weekly: true,
    });
  });

  test('across a daylight-saving change it stays 07:00 on the wall clock', () => {
    // 2027-03-14: New York moves to UTC-4.
    expect(nextDigestRun(new Date('2027-03-13T13:00:00Z'), 'America/New_York').at).toEqual(
      new Date('2027-03-14T11:00:00Z'),
    );
  });
});
