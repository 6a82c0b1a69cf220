import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { OfferingInputSchema, type OfferingFormValues } from './offering';
import { OFFERING_RULES } from './offeringRules';
import { GROUP } from '#tests/support/offerings';

/** The field errors of a body, as the API's 400 gives them. */
function fieldErrors(body: Partial<OfferingFormValues>): Record<string, string[]> {
  const result = OfferingInputSchema.safeParse({ ...GROUP, ...body });
  return result.success ? {} : z.flattenError(result.error).fieldErrors;
}
const message = (id: string) => OFFERING_RULES.find((r) => r.id === id)!.message;

test('a group that breaks no rule is accepted', () => {
  expect(fieldErrors({})).toEqual({});
});

describe('the rules checked at submission', () => {
  test('a group toward EMDR Certification has at most 8 members', () => {
    expect(fieldErrors({ groupMax: 9 })).toEqual({ groupMax: [message('certification-group-size')] });
    expect(fieldErrors({ groupMax: 8 })).toEqual({});
    // Toward the Basic Training's consultation, the certification rule does not apply.
    expect(
      fieldErrors({ groupMax: 10, countsToward: ['basic'], designations: [{ provider: 'EMDR Institute' }] }),
    ).toEqual({});
  });

  test('individual hours are refused for a group of more than 4', () => {
    expect(fieldErrors({ individualHours: 2, groupHours: 8 })).toEqual({
      individualHours: [message('individual-hours-group-size')],
    });
    expect(fieldErrors({ individualHours: 2, groupHours: 8, groupMax: 4 })).toEqual({});
  });

  test('a consultant-in-training gives at most 15 certification hours', () => {
    const cit = { consultantCredential: 'emdria-consultant-in-training' as const, sessionMinutes: 120 };
    expect(fieldErrors({ ...cit, groupHours: 16 })).toEqual({ groupHours: [message('cit-certification-hours')] });
    expect(fieldErrors({ ...cit, groupHours: 15 })).toEqual({});
  });

  test('consultation for consultants-in-training is offered only by an Approved Consultant', () => {
    const forCits = { countsToward: ['cit' as const] };
    expect(fieldErrors({ ...forCits, consultantCredential: 'emdria-consultant-in-training' })).toEqual({
      consultantCredential: [message('cit-consultation-by-approved')],
    });
    expect(fieldErrors(forCits)).toEqual({});
  });

  test('Basic Training consultation names a provider or a training that designates the consultant', () => {
    expect(fieldErrors({ countsToward: ['basic'] })).toEqual({ designations: [message('basic-names-designation')] });
    expect(fieldErrors({ countsToward: ['basic'], designations: [{ trainingId: GROUP.trainerId }] })).toEqual({});
  });

  test('hours per member are not more than the meeting time', () => {
    // 10 sessions of 90 minutes meet 15 hours.
    expect(fieldErrors({ groupHours: 15.25 })).toEqual({ groupHours: [message('hours-within-meeting-time')] });
    expect(fieldErrors({ groupHours: 15 })).toEqual({});
    expect(fieldErrors({ sessionCount: 2, groupHours: 3, individualHours: 0.25, groupMax: 4 })).toEqual({
      groupHours: [message('hours-within-meeting-time')],
    });
  });

  test('every rule names its source', () => {
    for (const rule of OFFERING_RULES) expect(rule.source).toMatch(/^docs\/domain\.md, Consultation/);
  });
});
