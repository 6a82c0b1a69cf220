import { describe, expect, test } from 'vitest';
import { REVIEW_TIME_FALLBACK, durationWords, oldestText, usualReviewTimeText, waitingSentence } from './reviewTimes';

describe('review times in words', () => {
  test('a span is rounded down to its largest unit', () => {
    expect(durationWords(20)).toBe('1 minute');
    expect(durationWords(45 * 60)).toBe('45 minutes');
    expect(durationWords(3600 * 5 + 3599)).toBe('5 hours');
    expect(durationWords(86_400)).toBe('1 day');
    expect(durationWords(86_400 * 3.9)).toBe('3 days');
  });

  test('the team is told how many wait and the oldest’s age, or that nothing waits', () => {
    expect(oldestText({ count: 0, oldestAgeSeconds: null })).toBeNull();
    expect(waitingSentence({ count: 0, oldestAgeSeconds: null })).toBe('Nothing is waiting for review.');
    expect(waitingSentence({ count: 1, oldestAgeSeconds: 7200 })).toBe(
      '1 submission waits for review, oldest 2 hours.',
    );
    expect(waitingSentence({ count: 4, oldestAgeSeconds: 86_400 * 3 })).toBe(
      '4 submissions wait for review, oldest 3 days.',
    );
  });

  test('the usual review time needs five decisions, else the fallback', () => {
    expect(usualReviewTimeText({ decided: 4, medianSeconds: 3600 })).toBe(REVIEW_TIME_FALLBACK);
    expect(usualReviewTimeText({ decided: 5, medianSeconds: 3600 * 26 })).toBe(
      'Over the last 90 days, half of all reviews were decided within 1 day of being sent.',
    );
  });
});
