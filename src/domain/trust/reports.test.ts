import { describe, expect, test } from 'vitest';
import { CloseReportSchema, ReportRequestSchema } from './reports';

const trainingId = '9b2f4e1c-3c1d-4b7a-9a57-8f0c2a6d1e11';

describe('a report of a problem with a listing', () => {
  test('a reason is enough; an empty email or text is none', () => {
    expect(ReportRequestSchema.parse({ trainingId, reason: 'cancelled', details: '', email: '' })).toMatchObject({
      trainingId,
      reason: 'cancelled',
      details: null,
      email: null,
    });
  });

  test('"something else" needs words, at most 1,000 characters', () => {
    const none = ReportRequestSchema.safeParse({ trainingId, reason: 'other' });
    expect(none.success || none.error.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['details', 'Say what is wrong'],
    ]);
    const long = ReportRequestSchema.safeParse({ trainingId, reason: 'other', details: 'x'.repeat(1001) });
    expect(long.success).toBe(false);
    expect(ReportRequestSchema.parse({ trainingId, reason: 'other', details: 'x'.repeat(1000) }).details).toHaveLength(
      1000,
    );
  });

  test('an unknown reason, a bad email or a bad training id are each refused on their field', () => {
    const result = ReportRequestSchema.safeParse({ trainingId: 'nope', reason: 'spam', email: 'not-an-email' });
    expect(result.success || result.error.issues.map((i) => i.path[0]).sort()).toEqual([
      'email',
      'reason',
      'trainingId',
    ]);
  });

  test('a report ends as fixed or dismissed, always with a note', () => {
    expect(CloseReportSchema.safeParse({ outcome: 'fixed', note: 'Dates corrected' }).success).toBe(true);
    expect(CloseReportSchema.safeParse({ outcome: 'fixed', note: '  ' }).success).toBe(false);
    expect(CloseReportSchema.safeParse({ outcome: 'ignored', note: 'x' }).success).toBe(false);
  });
});
