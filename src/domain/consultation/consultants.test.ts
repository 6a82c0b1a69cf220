import { describe, expect, test } from 'vitest';
import { OfferingInputSchema, type OfferingFormValues } from './offering';
import { NOT_CHECKED, acceptingConsultees, acceptingText, credentialLine, nextGroupStart } from './consultants';
import { GROUP, PACKAGE } from '#tests/support/offerings';
import type { PublicCredential } from '../trust/credentialChecks';

const offering = (body: Partial<OfferingFormValues> = {}, base = GROUP) =>
  OfferingInputSchema.parse({ ...base, ...body });
const check = (credential: PublicCredential['credential'], checkedOn: string): PublicCredential => ({
  credential,
  licenseNumber: null,
  licenseState: null,
  checkedOn,
});
const now = new Date('2027-01-15T12:00:00Z');

describe('the credential line', () => {
  test('a current check of the claimed credential shows with its month', () => {
    const verified = [check('emdria-approved-consultant', '2026-03-05')];
    expect(credentialLine('emdria-approved-consultant', verified, now)).toBe(
      'Verified EMDRIA Approved Consultant · Mar 2026',
    );
  });

  test('a consultant-in-training’s check reads as such', () => {
    const verified = [check('emdria-consultant-in-training', '2026-11-20')];
    expect(credentialLine('emdria-consultant-in-training', verified, now)).toBe(
      'Verified EMDRIA Consultant-in-Training · Nov 2026',
    );
  });

  test('no check, an old one, or one of another credential is "Credential not checked by us"', () => {
    expect(credentialLine('emdria-approved-consultant', [], now)).toBe(NOT_CHECKED);
    expect(credentialLine('emdria-approved-consultant', [check('emdria-approved-consultant', '2025-12-01')], now)).toBe(
      NOT_CHECKED,
    );
    expect(credentialLine('emdria-approved-consultant', [check('emdria-approved-trainer', '2026-12-01')], now)).toBe(
      NOT_CHECKED,
    );
  });
});

describe('accepting consultees', () => {
  test('yes while an offering that still meets takes sign-ups', () => {
    expect(acceptingConsultees([offering()], now)).toBe('yes');
    expect(acceptingText('yes')).toBe('Accepting consultees: yes');
    expect(acceptingConsultees([offering({}, PACKAGE)], new Date('2031-01-01T00:00:00Z'))).toBe('yes');
  });

  test('waitlist when only a waitlist takes names; no when nothing does, or every series has ended', () => {
    expect(acceptingConsultees([offering({ availability: 'waitlist', seatsLeft: 0 })], now)).toBe('waitlist');
    expect(acceptingConsultees([offering({ availability: 'sold_out', seatsLeft: 0 })], now)).toBe('no');
    expect(acceptingConsultees([offering()], new Date('2027-06-01T00:00:00Z'))).toBe('no');
    expect(acceptingConsultees([], now)).toBe('no');
  });

  test('the next group is the soonest one yet to start that takes sign-ups', () => {
    const later = offering({ firstSession: '2027-04-06T18:00' });
    const full = offering({ firstSession: '2027-02-02T18:00', availability: 'sold_out', seatsLeft: 0 });
    expect(nextGroupStart([later, offering(), full], now)).toEqual({
      offering: offering(),
      start: '2027-03-02T23:00:00.000Z',
    });
    expect(nextGroupStart([offering()], new Date('2027-03-03T00:00:00Z'))).toBeNull();
  });
});
