import { describe, expect, test } from 'vitest';
import { toCardData } from './trainingCard';
import type { Availability } from '../parts/availability';
import type { CeApproval } from '../trainingFacts/programFacts';

const approval = (body: CeApproval['body'], statement: string | null = null): CeApproval => ({
  body,
  boardName: null,
  providerNumber: '1234',
  hours: 50,
  statement,
});

const row = {
  id: '1',
  title: 'EMDR Basic Training',
  description: 'Not on the card.',
  price: 1250,
  startDate: new Date('2027-01-01T16:00:00Z'),
  endDate: '2027-01-03T23:00:00.000Z',
  location: 'Austin, TX',
  format: 'In-Person',
  timeZone: 'America/Chicago',
  trainer: { name: 'Dr. Ana Ruiz', photo: null, bio: 'Not on the card.' },
  programType: 'basic' as const,
  ceApprovals: [approval('NBCC', 'A long statement.'), approval('APA'), approval('ASWB')],
  consultation: { hours: 10, included: false, costMin: 600, costMax: 900 },
  completionWindowMonths: 18,
  refundPolicy: 'Full refund until 30 days before.',
};

describe('a training card', () => {
  test('carries the program type, the bodies by short name, the total and the disclosure badge', () => {
    expect(toCardData(row)).toEqual({
      id: '1',
      title: 'EMDR Basic Training',
      price: 1250,
      startDate: '2027-01-01T16:00:00.000Z',
      endDate: '2027-01-03T23:00:00.000Z',
      location: 'Austin, TX',
      format: 'In-Person',
      timeZone: 'America/Chicago',
      trainer: { name: 'Dr. Ana Ruiz', photo: null },
      programType: 'basic',
      ceBodies: ['APA', 'NBCC', 'ASWB ACE'],
      totalCost: { min: 1850, max: 2150 },
      fullCostDisclosed: true,
      availabilityBadge: null,
      moreParts: 0,
      eligibilityBadges: [],
      licenses: [],
    });
  });

  test("a program in parts shows its first part, in that part's zone, and how many more parts follow", () => {
    const parts = [
      { label: null, startDate: '2027-03-06T17:00:00.000Z', endDate: '2027-03-09T01:00:00.000Z' },
      { label: null, startDate: '2027-04-10T16:00:00.000Z', endDate: '2027-04-12T00:00:00.000Z' },
    ].map((p, i) => ({
      ...p,
      timeZone: i === 0 ? ('America/Los_Angeles' as const) : null,
      format: null,
      location: null,
      venue: null,
    }));
    const card = toCardData({ ...row, startDate: parts[0]!.startDate, endDate: parts[1]!.endDate, parts });
    expect(card).toMatchObject({
      startDate: '2027-03-06T17:00:00.000Z',
      endDate: '2027-03-09T01:00:00.000Z',
      timeZone: 'America/Los_Angeles',
      moreParts: 1,
    });
  });

  test('carries the availability badge: the number of seats when known', () => {
    const badge = (availability: Availability, seatsLeft: number | null = null) =>
      toCardData({ ...row, availability, seatsLeft }).availabilityBadge;
    expect(badge('open')).toBeNull();
    expect(badge('few_seats', 4)).toBe('Only 4 seats left');
    expect(badge('few_seats', 1)).toBe('Only 1 seat left');
    expect(badge('few_seats')).toBe('Few seats left');
    expect(badge('sold_out')).toBe('Sold out');
    expect(badge('waitlist')).toBe('Waitlist open');
    expect(badge('cancelled')).toBe('Cancelled');
    expect(badge('postponed')).toBe('Postponed');
  });

  test('has no total when it equals the price, and no badge without the full cost', () => {
    const included = toCardData({ ...row, consultation: { hours: 10, included: true, costMin: null, costMax: null } });
    expect(included.totalCost).toBeNull();
    expect(included.fullCostDisclosed).toBe(true);
    const noWindow = toCardData({ ...row, completionWindowMonths: null });
    expect(noWindow.fullCostDisclosed).toBe(false);
  });

  test('a training that states no facts gets an empty projection of them', () => {
    const { programType, ceApprovals, consultation, completionWindowMonths, refundPolicy, ...plain } = row;
    void [programType, ceApprovals, consultation, completionWindowMonths, refundPolicy];
    expect(toCardData(plain)).toMatchObject({
      programType: null,
      ceBodies: [],
      totalCost: null,
      fullCostDisclosed: false,
    });
  });

  test('carries the eligibility badges, and the license types when there are three or fewer (ADR 0045)', () => {
    const card = toCardData({
      ...row,
      eligibleLicenses: ['counselor', 'social_worker', 'other'],
      otherLicense: 'Creative arts therapists',
      students: { allowed: true, proof: 'A letter from the program' },
      prerequisite: 'emdr_basic',
      restrictedTo: 'Staff of County Behavioral Health only',
    });
    expect(card.eligibilityBadges).toEqual(['Students welcome', 'Requires Basic Training', 'Restricted']);
    expect(card.licenses).toEqual(['Counselors', 'Social workers', 'Creative arts therapists']);
    const four = toCardData({ ...row, eligibleLicenses: ['psychologist', 'counselor', 'social_worker', 'mft'] });
    expect(four.licenses).toEqual([]);
    expect(toCardData({ ...row, prerequisite: 'emdria_certified' }).eligibilityBadges).toEqual([
      'Requires Basic Training',
    ]);
    expect(toCardData({ ...row, prerequisite: 'none', students: { allowed: false, proof: null } })).toMatchObject({
      eligibilityBadges: [],
    });
  });

  test('carries no statement, provider number or other text the card does not show', () => {
    const json = JSON.stringify(toCardData(row));
    expect(json).not.toContain('statement');
    expect(json).not.toContain('1234');
    expect(json).not.toContain('Not on the card');
    expect(json).not.toContain('refund');
  });
});
