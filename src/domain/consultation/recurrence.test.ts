import { describe, expect, test } from 'vitest';
import { expandSessions, meetingHours, ruleDates, upcomingSessions, weekOfMonth, type Series } from './recurrence';

const weekly: Series = {
  schedule: 'repeat',
  firstSession: '2027-03-02T18:00',
  sessionMinutes: 90,
  repeat: 'weekly',
  sessionCount: 10,
  sessionDates: [],
  skippedDates: [],
  timeZone: 'America/New_York',
};

const hoursIn = (zone: string) => (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit' }).format(new Date(iso));

describe('a weekly series on its own clock', () => {
  const sessions = expandSessions(weekly);

  test('has the stated number of sessions, a week apart, each 90 minutes', () => {
    expect(sessions).toHaveLength(10);
    expect(sessions.map((s) => s.date)).toEqual([
      '2027-03-02', '2027-03-09', '2027-03-16', '2027-03-23', '2027-03-30',
      '2027-04-06', '2027-04-13', '2027-04-20', '2027-04-27', '2027-05-04',
    ]); // prettier-ignore
    for (const s of sessions) expect(Date.parse(s.end) - Date.parse(s.start)).toBe(90 * 60_000);
  });

  test('stays at 6 PM Eastern across the March change: 23:00 UTC before it, 22:00 UTC after', () => {
    expect(sessions[1]!.start).toBe('2027-03-09T23:00:00.000Z');
    expect(sessions[2]!.start).toBe('2027-03-16T22:00:00.000Z');
    expect(sessions.map((s) => hoursIn('America/New_York')(s.start))).toEqual(Array(10).fill('18:00'));
  });

  test('stays at 7 PM in Madrid across the European change, which comes two weeks after the American one', () => {
    const madrid = expandSessions({ ...weekly, firstSession: '2027-03-16T19:00', timeZone: 'Europe/Madrid' });
    expect(madrid.map((s) => hoursIn('Europe/Madrid')(s.start))).toEqual(Array(10).fill('19:00'));
    expect(madrid[1]!.start).toBe('2027-03-23T18:00:00.000Z');
    expect(madrid[2]!.start).toBe('2027-03-30T17:00:00.000Z');
  });

  test('a skipped date has no session and the series runs a week longer, so ten are still held', () => {
    const skipped = expandSessions({ ...weekly, skippedDates: ['2027-03-23'] });
    expect(skipped).toHaveLength(10);
    expect(skipped.map((s) => s.date)).not.toContain('2027-03-23');
    expect(skipped.at(-1)!.date).toBe('2027-05-11');
    expect(ruleDates({ ...weekly, skippedDates: ['2027-03-23'] }).dates).toHaveLength(11);
  });

  test('a date that is not one of the rule’s is not skipped', () => {
    expect(ruleDates({ ...weekly, skippedDates: ['2027-03-24'] }).skipped.size).toBe(0);
  });

  test('every two weeks keeps the weekday, across the autumn change too', () => {
    const fall = expandSessions({ ...weekly, firstSession: '2027-10-19T12:00', repeat: 'biweekly', sessionCount: 3 });
    expect(fall.map((s) => s.date)).toEqual(['2027-10-19', '2027-11-02', '2027-11-16']);
    expect(fall.map((s) => s.start)).toEqual([
      '2027-10-19T16:00:00.000Z',
      '2027-11-02T16:00:00.000Z',
      '2027-11-16T17:00:00.000Z',
    ]);
  });
});

describe('a monthly series is the same weekday of the month', () => {
  test('the 2nd Thursday stays the 2nd Thursday', () => {
    const s = { ...weekly, firstSession: '2027-01-14T19:00', repeat: 'monthly' as const, sessionCount: 4 };
    expect(expandSessions(s).map((x) => x.date)).toEqual(['2027-01-14', '2027-02-11', '2027-03-11', '2027-04-08']);
  });

  test('a 5th weekday is the last one of each month', () => {
    expect(weekOfMonth('2027-03-30')).toBe(-1);
    const s = { ...weekly, firstSession: '2027-03-30T18:00', repeat: 'monthly' as const, sessionCount: 3 };
    expect(expandSessions(s).map((x) => x.date)).toEqual(['2027-03-30', '2027-04-27', '2027-05-25']);
  });
});

describe('a list of dates', () => {
  const listed: Series = { ...weekly, schedule: 'dates', sessionDates: ['2027-04-06', '2027-03-16'], repeat: null };

  test('meets on the first session’s date and each listed date, in order, at the first session’s time', () => {
    const sessions = expandSessions(listed);
    expect(sessions.map((s) => s.date)).toEqual(['2027-03-02', '2027-03-16', '2027-04-06']);
    expect(sessions.map((s) => hoursIn('America/New_York')(s.start))).toEqual(['18:00', '18:00', '18:00']);
  });

  test('the meeting time adds up the sessions', () => {
    expect(meetingHours(listed)).toBe(4.5);
    expect(meetingHours(weekly)).toBe(15);
  });
});

describe('arranged times', () => {
  test('have no sessions and no meeting time', () => {
    const arranged: Series = { ...weekly, schedule: 'arranged', firstSession: null, repeat: null, sessionCount: null };
    expect(expandSessions(arranged)).toEqual([]);
    expect(meetingHours(arranged)).toBeNull();
  });
});

test('the upcoming sessions are those not yet over', () => {
  const sessions = expandSessions(weekly);
  expect(upcomingSessions(sessions, new Date('2027-03-09T23:30:00Z'))[0]!.date).toBe('2027-03-09');
  expect(upcomingSessions(sessions, new Date('2027-03-10T00:31:00Z'))[0]!.date).toBe('2027-03-16');
});
