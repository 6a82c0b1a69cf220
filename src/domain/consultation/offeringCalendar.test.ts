import ICAL from 'ical.js';
import { describe, expect, test } from 'vitest';
import { OfferingInputSchema, type OfferingFormValues } from './offering';
import { offeringCalendar, type CalendarOffering } from './offeringCalendar';
import { expandSessions } from './recurrence';
import { rfc5545Problems } from '#tests/support/icalendar';
import { GROUP, PACKAGE } from '#tests/support/offerings';

const site = 'https://x.test';
const stored = (body: Partial<OfferingFormValues> = {}, base = GROUP): CalendarOffering => ({
  ...OfferingInputSchema.parse({ ...base, ...body }),
  id: '6f1c1d2e-0000-4000-8000-0000000000c1',
  revision: 2,
  createdAt: '2026-12-01T10:00:00.000Z',
  updatedAt: '2026-12-02T10:00:00.000Z',
  trainer: { name: 'Rebecca Thornton' },
});

/** What ical.js (Thunderbird's parser) expands the file's one event to: each session's start, end and local time. */
function expand(text: string, zone: string) {
  const root = new ICAL.Component(ICAL.parse(text));
  const events = root.getAllSubcomponents('vevent');
  expect(events).toHaveLength(1);
  const event = new ICAL.Event(events[0]);
  const it = event.iterator();
  const sessions: { start: string; end: string; local: string }[] = [];
  for (let next = it.next(); next && sessions.length < 500; next = it.next()) {
    const details = event.getOccurrenceDetails(next);
    const start = details.startDate.toJSDate();
    sessions.push({
      start: start.toISOString(),
      end: details.endDate.toJSDate().toISOString(),
      local: new Intl.DateTimeFormat('sv-SE', { timeZone: zone, dateStyle: 'short', timeStyle: 'short' }).format(start),
    });
  }
  return sessions;
}

describe('the calendar of a series, read back by ical.js', () => {
  test('a weekly 6 PM Eastern series is 10 sessions at 6 PM across the March change', () => {
    const o = stored();
    const text = offeringCalendar(o, site);
    expect(rfc5545Problems(text)).toEqual([]);
    expect(text).toContain('\r\nDTSTART;TZID=America/New_York:20270302T180000\r\n');
    expect(text).toContain('\r\nRRULE:FREQ=WEEKLY;BYDAY=TU;COUNT=10\r\n');
    expect(text).toContain('BEGIN:VTIMEZONE\r\nTZID:America/New_York\r\n');
    const sessions = expand(text, 'America/New_York');
    expect(sessions).toHaveLength(10);
    expect(sessions.map((s) => s.local.slice(11))).toEqual(Array(10).fill('18:00'));
    expect(sessions[1]!.start).toBe('2027-03-09T23:00:00.000Z');
    expect(sessions[2]!.start).toBe('2027-03-16T22:00:00.000Z');
    expect(sessions.map(({ start, end }) => ({ start, end }))).toEqual(
      expandSessions(o).map(({ start, end }) => ({ start, end })),
    );
  });

  test('skipped dates are EXDATEs: still exactly the stated number of sessions, none on a skipped date', () => {
    const o = stored({ skippedDates: ['2027-03-16', '2027-04-06'] });
    const text = offeringCalendar(o, site);
    expect(text).toContain('\r\nEXDATE;TZID=America/New_York:20270316T180000,20270406T180000\r\n');
    expect(text).toContain('COUNT=12');
    const sessions = expand(text, 'America/New_York');
    expect(sessions).toHaveLength(10);
    expect(sessions.map((s) => s.local.slice(0, 10))).not.toContain('2027-03-16');
    expect(sessions.map((s) => s.start)).toEqual(expandSessions(o).map((s) => s.start));
  });

  test('a Madrid series every two weeks keeps 7 PM across the European change', () => {
    const o = stored({
      timeZone: 'Europe/Madrid',
      firstSession: '2027-03-16T19:00',
      repeat: 'biweekly',
      sessionCount: 4,
      groupHours: 6,
    });
    const text = offeringCalendar(o, site);
    expect(text).toContain('RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=TU;COUNT=4');
    const sessions = expand(text, 'Europe/Madrid');
    expect(sessions.map((s) => s.local)).toEqual([
      '2027-03-16 19:00',
      '2027-03-30 19:00',
      '2027-04-13 19:00',
      '2027-04-27 19:00',
    ]);
    expect(sessions[0]!.start).toBe('2027-03-16T18:00:00.000Z');
    expect(sessions[1]!.start).toBe('2027-03-30T17:00:00.000Z');
  });

  test('a monthly series on the last Tuesday expands to the last Tuesdays, across the autumn change', () => {
    const o = stored({ firstSession: '2027-08-31T18:00', repeat: 'monthly', sessionCount: 4, groupHours: 4 });
    const text = offeringCalendar(o, site);
    expect(text).toContain('RRULE:FREQ=MONTHLY;BYDAY=-1TU;COUNT=4');
    expect(expand(text, 'America/New_York').map((s) => s.local)).toEqual([
      '2027-08-31 18:00',
      '2027-09-28 18:00',
      '2027-10-26 18:00',
      '2027-11-30 18:00',
    ]);
  });

  test('a list of dates is an RDATE of every date, the first session included', () => {
    const o = stored({ schedule: 'dates', sessionDates: ['2027-03-23', '2027-03-16'], groupHours: 4.5 });
    const text = offeringCalendar(o, site);
    expect(text).not.toContain('RRULE');
    expect(text).toContain('\r\nRDATE;TZID=America/New_York:20270302T180000,20270316T180000,20270323T180000\r\n');
    expect(expand(text, 'America/New_York').map((s) => s.local)).toEqual([
      '2027-03-02 18:00',
      '2027-03-16 18:00',
      '2027-03-23 18:00',
    ]);
  });

  test('the event names no organizer, links the page and says how to register or ask for an introduction', () => {
    const text = offeringCalendar(stored(), site).replace(/\r\n /g, '');
    expect(text).not.toMatch(/ORGANIZER|ATTENDEE/);
    expect(text).toContain('URL:https://x.test/consultation/6f1c1d2e-0000-4000-8000-0000000000c1');
    expect(text).toContain('Request an introduction: https://x.test/consultation/');
    expect(text).toContain('UID:consultation-6f1c1d2e-0000-4000-8000-0000000000c1@emdr-training-marketplace');
  });

  test('arranged times have no event', () => {
    expect(offeringCalendar(stored({}, PACKAGE), site)).not.toContain('VEVENT');
  });
});
