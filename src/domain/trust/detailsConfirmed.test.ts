import { describe, expect, test } from 'vitest';
import { confirmedText, needsConfirmation } from './detailsConfirmed';

const now = new Date('2026-03-05T12:00:00Z');
const inDays = (days: number) => new Date(now.getTime() + days * 86_400_000);

describe('which trainings are reminded to confirm their details', () => {
  test('one starting within 45 days and never confirmed is due', () => {
    expect(needsConfirmation({ startDate: inDays(30), detailsConfirmedAt: null }, now)).toBe(true);
  });

  test('one confirmed in the last 60 days is not; one confirmed longer ago is', () => {
    expect(needsConfirmation({ startDate: inDays(30), detailsConfirmedAt: inDays(-59) }, now)).toBe(false);
    expect(needsConfirmation({ startDate: inDays(30), detailsConfirmedAt: inDays(-61) }, now)).toBe(true);
  });

  test('one starting later than 45 days from now, or already started, is not', () => {
    expect(needsConfirmation({ startDate: inDays(46), detailsConfirmedAt: null }, now)).toBe(false);
    expect(needsConfirmation({ startDate: inDays(-1), detailsConfirmedAt: null }, now)).toBe(false);
  });

  test('the page says when the details were confirmed, on the training’s calendar', () => {
    expect(confirmedText('2026-03-05T03:00:00Z', 'America/Los_Angeles')).toBe('Details confirmed on Mar 4, 2026');
  });
});
