import { describe, expect, test } from 'vitest';
import {
  afterCheck,
  afterFailure,
  brokenText,
  dayIn,
  describePass,
  isBroken,
  NO_STREAK,
  type LinkState,
} from './linkHealth';

const at = (day: string) => new Date(`${day}T06:00:00Z`);

describe('when a failing link is broken', () => {
  test('three days in a row of failed checks make a link broken, since the first failure', () => {
    let streak = afterFailure(NO_STREAK, '2026-03-05', at('2026-03-05'));
    streak = afterFailure(streak, '2026-03-06', at('2026-03-06'));
    expect(isBroken(streak)).toBe(false);
    streak = afterFailure(streak, '2026-03-07', at('2026-03-07'));
    expect(isBroken(streak)).toBe(true);
    expect(streak.failingSince).toEqual(at('2026-03-05'));
  });

  test('several failures on one day count as one day', () => {
    let streak = afterFailure(NO_STREAK, '2026-03-05', at('2026-03-05'));
    streak = afterFailure(streak, '2026-03-05', new Date('2026-03-05T18:00:00Z'));
    streak = afterFailure(streak, '2026-03-06', at('2026-03-06'));
    expect(streak.failingDays).toBe(2);
  });

  test('a day without a failure between starts the count again', () => {
    let streak = afterFailure(NO_STREAK, '2026-03-05', at('2026-03-05'));
    streak = afterFailure(streak, '2026-03-06', at('2026-03-06'));
    streak = afterFailure(streak, '2026-03-08', at('2026-03-08'));
    expect(streak).toEqual({ failingDays: 1, lastFailedOn: '2026-03-08', failingSince: at('2026-03-08') });
  });

  test('a check dated before the last failure changes nothing', () => {
    const streak = afterFailure(
      afterFailure(NO_STREAK, '2026-03-05', at('2026-03-05')),
      '2026-03-06',
      at('2026-03-06'),
    );
    expect(afterFailure(streak, '2026-03-04', at('2026-03-04'))).toEqual(streak);
  });

  test('the day is the site’s calendar day, and the team reads when it broke', () => {
    expect(dayIn(new Date('2026-03-06T03:00:00Z'), 'America/New_York')).toBe('2026-03-05');
    expect(brokenText('register', '2026-03-05T06:00:00Z', 'America/New_York')).toBe(
      'Register link broken since Mar 5, 2026',
    );
    expect(brokenText('website', '2026-03-05T06:00:00Z')).toBe('Website broken since Mar 5, 2026');
  });
});

describe('what a check does to a watched link', () => {
  const fresh: LinkState = { status: 'unchecked', ...NO_STREAK, brokenSince: null };
  const fail = { ok: false as const, status: 404, reason: 'answered 404' };

  test('three failing days make it broken since the first; a working check clears it', () => {
    let state = afterCheck(fresh, fail, '2026-03-05', at('2026-03-05'));
    expect(state.status).toBe('failing');
    state = afterCheck(state, fail, '2026-03-06', at('2026-03-06'));
    state = afterCheck(state, fail, '2026-03-07', at('2026-03-07'));
    expect(state).toMatchObject({ status: 'broken', brokenSince: at('2026-03-05') });
    expect(afterCheck(state, { ok: true, status: 200 }, '2026-03-08', at('2026-03-08'))).toEqual({
      status: 'ok',
      ...NO_STREAK,
      brokenSince: null,
    });
  });

  test('a broken link stays broken, since the same date, while it keeps failing, even after a day without checks', () => {
    let state = afterCheck(fresh, fail, '2026-03-05', at('2026-03-05'));
    state = afterCheck(state, fail, '2026-03-06', at('2026-03-06'));
    state = afterCheck(state, fail, '2026-03-07', at('2026-03-07'));
    state = afterCheck(state, fail, '2026-03-10', at('2026-03-10'));
    expect(state).toMatchObject({ status: 'broken', brokenSince: at('2026-03-05'), failingDays: 1 });
  });
});

describe('what `check-links` prints', () => {
  test('a count, then each failing, broken or recovered link with its reason', () => {
    const base = { listing: 'EMDR Basic Training', url: 'https://emdr.example/register', cleared: false };
    const lines = describePass(
      [
        {
          ...base,
          kind: 'register',
          state: { status: 'ok', ...NO_STREAK, brokenSince: null },
          outcome: { ok: true, status: 200 },
        },
        {
          ...base,
          kind: 'waitlist',
          state: {
            status: 'failing',
            failingDays: 2,
            lastFailedOn: '2026-03-06',
            failingSince: at('2026-03-05'),
            brokenSince: null,
          },
          outcome: { ok: false, status: 404, reason: 'answered 404' },
        },
        {
          ...base,
          kind: 'website',
          listing: 'Dr. Ana Ruiz',
          state: {
            status: 'broken',
            failingDays: 3,
            lastFailedOn: '2026-03-07',
            failingSince: at('2026-03-05'),
            brokenSince: at('2026-03-05'),
          },
          outcome: { ok: false, status: null, reason: 'timed out' },
        },
      ],
      'America/New_York',
    );
    expect(lines).toEqual([
      'Links checked: 3 (1 working, 2 failing)',
      '  FAILING      Waitlist link of "EMDR Basic Training" (https://emdr.example/register): answered 404 (day 2 of 3)',
      '  BROKEN       Website of "Dr. Ana Ruiz" (https://emdr.example/register): timed out; Website broken since Mar 5, 2026',
    ]);
  });
});
