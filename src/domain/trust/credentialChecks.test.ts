import { describe, expect, test } from 'vitest';
import {
  credentialCheckSchema,
  credentialJsonLd,
  isCurrentCheck,
  verificationCutoff,
  verifiedBadgeText,
  type PublicCredential,
} from './credentialChecks';

const trainer: PublicCredential = {
  credential: 'emdria-approved-trainer',
  licenseNumber: null,
  licenseState: null,
  checkedOn: '2026-03-05',
};
const license: PublicCredential = {
  credential: 'state-license',
  licenseNumber: 'LMFT 12345',
  licenseState: 'CA',
  checkedOn: '2025-11-20',
};

describe('a verified credential', () => {
  test('the badge reads "Verified {credential} · {Mon YYYY}"', () => {
    expect(verifiedBadgeText(trainer)).toBe('Verified EMDRIA Approved Trainer · Mar 2026');
    expect(verifiedBadgeText(license)).toBe('Verified California license LMFT 12345 · Nov 2025');
    expect(verifiedBadgeText({ ...trainer, credential: 'emdria-consultant-in-training' })).toBe(
      'Verified EMDRIA Consultant-in-Training · Mar 2026',
    );
  });

  test('a check counts for 12 months to the day, then it is due again', () => {
    expect(verificationCutoff(new Date('2027-03-05T12:00:00Z'))).toBe('2026-03-05');
    expect(isCurrentCheck('2026-03-05', new Date('2027-03-05T23:59:00Z'))).toBe(true);
    expect(isCurrentCheck('2026-03-05', new Date('2027-03-06T00:00:00Z'))).toBe(false);
  });

  test('JSON-LD names the credential, what kind it is and who recognises it', () => {
    expect(credentialJsonLd(trainer)).toEqual({
      '@type': 'EducationalOccupationalCredential',
      name: 'EMDRIA Approved Trainer',
      credentialCategory: 'certification',
      recognizedBy: { '@type': 'Organization', name: 'EMDR International Association (EMDRIA)' },
    });
    expect(credentialJsonLd(license)).toMatchObject({
      credentialCategory: 'license',
      identifier: 'LMFT 12345',
      recognizedBy: { name: 'California licensing board' },
    });
  });
});

describe('recording a check', () => {
  const schema = credentialCheckSchema('2026-03-05');
  const evidenceNote = 'EMDRIA directory, screenshot in the shared drive';

  test('an EMDRIA credential needs a date and a note; a state license also its number and state', () => {
    expect(
      schema.safeParse({ credential: 'emdria-certified-therapist', checkedOn: '2026-03-01', evidenceNote }).success,
    ).toBe(true);
    const bare = schema.safeParse({ credential: 'state-license', checkedOn: '2026-03-01', evidenceNote });
    expect(bare.success || bare.error.issues.map((i) => i.path[0]).sort()).toEqual(['licenseNumber', 'licenseState']);
    expect(
      schema.parse({
        credential: 'state-license',
        licenseNumber: 'PSY 1',
        licenseState: 'ca',
        checkedOn: '2026-03-01',
        evidenceNote,
      }).licenseState,
    ).toBe('CA');
  });

  test('a check dated in the future, or without evidence, is refused on its field', () => {
    const result = schema.safeParse({
      credential: 'emdria-approved-trainer',
      checkedOn: '2026-03-06',
      evidenceNote: ' ',
    });
    expect(result.success || result.error.issues.map((i) => i.path[0]).sort()).toEqual(['checkedOn', 'evidenceNote']);
    expect(
      schema.safeParse({ credential: 'emdria-approved-trainer', checkedOn: '2026-02-30', evidenceNote }).success,
    ).toBe(false);
  });
});
