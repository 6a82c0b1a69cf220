import { describe, expect, test } from 'vitest';
import { NO_ELIGIBILITY, statesEligibility, whoMatch, type Eligibility } from './eligibility';
import { registerChecklist, whoCanAttendLines } from './eligibilityText';
import { eligibilityFields } from './eligibilityFields';
import { z } from 'zod';

/** Who can attend (ADR 0045): what a page says, what the Register checklist asks, what the filter keeps. */
const facts = (over: Partial<Eligibility>): Eligibility => ({ ...NO_ELIGIBILITY, ...over });

describe('the page’s "Who can attend"', () => {
  test('lists what the training states, in order, in the product’s words', () => {
    const lines = whoCanAttendLines(
      facts({
        eligibleLicenses: ['psychologist', 'counselor', 'other'],
        otherLicense: 'Licensed creative arts therapists',
        preLicensed: true,
        students: { allowed: true, proof: 'A letter from the program' },
        prerequisite: 'emdr_basic',
        restrictedTo: 'Staff of County Behavioral Health only',
      }),
    );
    expect(lines).toEqual([
      'License types: Psychologists, Counselors (LPC, LPCC, LMHC), Licensed creative arts therapists',
      'Pre-licensed clinicians under supervision: yes',
      'Graduate students: yes, with proof of enrolment (A letter from the program)',
      'Requires a completed EMDR Basic Training',
      'Restricted to Staff of County Behavioral Health only',
    ]);
  });

  test('says no where the training says no, and nothing where it states nothing', () => {
    expect(whoCanAttendLines(facts({ preLicensed: false, students: { allowed: false, proof: null } }))).toEqual([
      'Pre-licensed clinicians under supervision: no',
      'Graduate students: no',
    ]);
    expect(whoCanAttendLines(facts({ students: { allowed: true, proof: null } }))).toEqual(['Graduate students: yes']);
    expect(whoCanAttendLines(NO_ELIGIBILITY)).toEqual([]);
    expect(whoCanAttendLines(facts({ prerequisite: 'emdria_certified' }))).toEqual(['Requires EMDRIA certification']);
  });
});

describe('the Register checklist', () => {
  test('says whom the training is for and what it requires', () => {
    expect(
      registerChecklist(
        facts({ eligibleLicenses: ['counselor'], students: { allowed: true, proof: 'x' }, prerequisite: 'emdr_basic' }),
      ),
    ).toEqual({
      forWhom:
        'This training is for: Counselors (LPC, LPCC, LMHC), graduate students in a program leading to licensure, with proof of enrolment',
      requires: 'It requires: a completed EMDR Basic Training',
    });
    expect(
      registerChecklist(facts({ restrictedTo: 'Staff of X only', prerequisite: 'other', prerequisiteText: 'Part 1' })),
    ).toEqual({ forWhom: 'This training is for: Staff of X only', requires: 'It requires: Part 1' });
  });

  test('is not shown for a training that states nothing, or nothing a clinician could check', () => {
    expect(registerChecklist(NO_ELIGIBILITY)).toBeNull();
    expect(statesEligibility(facts({ preLicensed: false }))).toBe(true);
    expect(registerChecklist(facts({ preLicensed: false }))).toBeNull();
  });
});

describe('"I am a …" reads a training', () => {
  test('a license type it names, one it does not, and a list it does not state', () => {
    expect(whoMatch(facts({ eligibleLicenses: ['counselor'] }), 'counselor')).toBe('yes');
    expect(whoMatch(facts({ eligibleLicenses: ['psychologist'] }), 'counselor')).toBe('no');
    expect(whoMatch(facts({ students: { allowed: true, proof: null } }), 'counselor')).toBe('unstated');
  });

  test('a student: taken, refused, left off a stated list, or not stated at all', () => {
    expect(whoMatch(facts({ students: { allowed: true, proof: null } }), 'student')).toBe('yes');
    expect(whoMatch(facts({ students: { allowed: false, proof: null } }), 'student')).toBe('no');
    expect(whoMatch(facts({ eligibleLicenses: ['psychologist'] }), 'student')).toBe('no');
    expect(whoMatch(facts({ prerequisite: 'none' }), 'student')).toBe('unstated');
  });
});

describe('the fields as the API takes them', () => {
  const schema = z.strictObject(eligibilityFields);

  test('absent is not stated; license types are kept once each in the list’s order', () => {
    expect(schema.parse({})).toEqual(NO_ELIGIBILITY);
    expect(schema.parse({ eligibleLicenses: ['mft', 'psychologist', 'mft'] }).eligibleLicenses).toEqual([
      'psychologist',
      'mft',
    ]);
  });

  test('unknown values and over-long texts are field errors', () => {
    const result = schema.safeParse({
      eligibleLicenses: ['astronaut'],
      prerequisite: 'phd',
      students: { allowed: true, proof: 'x'.repeat(201) },
      preLicensed: 'maybe',
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join('.')).sort()).toEqual([
      'eligibleLicenses.0',
      'preLicensed',
      'prerequisite',
      'students.proof',
    ]);
  });
});
