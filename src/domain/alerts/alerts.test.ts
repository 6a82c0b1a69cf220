import { describe, expect, test } from 'vitest';
import { AlertRequestSchema, describeQuery, parseAlertQuery } from './alerts';

describe('an alert query is read by the listing’s own rules', () => {
  test('paging, sort and unknown keys are dropped; the filters are stored the one way', () => {
    const parsed = parseAlertQuery('?state=CA&format=Hybrid&page=3&sort=price-asc&utm=x&ce=nbcc,APA');
    expect(parsed).toMatchObject({ ok: true, value: { canonical: 'state=CA&format=Hybrid&ce=APA%2CNBCC' } });
    // Who can attend (ADR 0045): an alert keeps the "I am a …" and "I can take now" filters.
    expect(parseAlertQuery('prereq=none&license=student')).toMatchObject({
      ok: true,
      value: { canonical: 'license=student&prereq=none' },
    });
    expect(parseAlertQuery('license=astronaut')).toMatchObject({ ok: false });
  });

  test('a trainer slug follows a trainer; a bad one is refused with the listing’s message', () => {
    expect(parseAlertQuery('trainer=Ana-Lopez')).toMatchObject({ ok: true, value: { trainer: 'ana-lopez' } });
    expect(parseAlertQuery('trainer=../x')).toMatchObject({ ok: false });
  });

  test('a bad filter is a field error on query; a bad email or frequency on theirs', () => {
    const result = AlertRequestSchema.safeParse({ email: 'nope', query: 'state=ZZ', frequency: 'hourly' });
    expect(result.success).toBe(false);
    const paths = result.error!.issues.map((issue) => issue.path.join('.'));
    expect(paths).toEqual(expect.arrayContaining(['email', 'frequency']));
    const query = AlertRequestSchema.safeParse({ email: 'a@example.com', query: 'state=ZZ', frequency: 'daily' });
    expect(query.error!.issues).toEqual([expect.objectContaining({ path: ['query'], message: 'Unknown state code' })]);
  });

  test('a good request comes out with its canonical query', () => {
    expect(
      AlertRequestSchema.parse({ email: ' a@example.com ', query: 'format=Virtual&page=2', frequency: 'weekly' }),
    ).toEqual({ email: 'a@example.com', query: 'format=Virtual', frequency: 'weekly' });
  });

  test('queries are described in words', () => {
    expect(describeQuery('')).toBe('All trainings');
    expect(describeQuery('state=CA&priceMax=500&available=1')).toBe('State: CA · Price up to: $500 · Seats available');
    expect(describeQuery('license=counselor&prereq=none')).toBe(
      'I am a: Counselor (LPC, LPCC, LMHC) · I can take it now',
    );
  });
});
