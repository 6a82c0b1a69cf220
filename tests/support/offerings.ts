import type { OfferingFormValues } from '#src/domain/consultation/offering';

/**
 * Consultation offerings for the tests (docs/product.md, Consultation): a group toward EMDR
 * Certification that breaks no rule, as the card line describes it: a group of 6 on
 * Tuesdays 6–7:30 PM Eastern, 10 sessions, $45 an hour, 10 group hours, 3 seats left.
 */
export const GROUP: OfferingFormValues = {
  trainerId: '6f1c1d2e-0000-4000-8000-000000000001',
  consultantCredential: 'emdria-approved-consultant',
  kind: 'group',
  countsToward: ['certification'],
  schedule: 'repeat',
  firstSession: '2027-03-02T18:00',
  sessionMinutes: 90,
  repeat: 'weekly',
  sessionCount: 10,
  timeZone: 'America/New_York',
  format: 'Virtual',
  groupMin: 4,
  groupMax: 6,
  availability: 'few_seats',
  seatsLeft: 3,
  price: 45,
  priceUnit: 'hour',
  groupHours: 10,
};

/** Ten individual hours, arranged with the consultee, at $150 an hour. */
export const PACKAGE: OfferingFormValues = {
  trainerId: '6f1c1d2e-0000-4000-8000-000000000002',
  consultantCredential: 'emdria-approved-consultant',
  kind: 'package',
  countsToward: ['certification'],
  schedule: 'arranged',
  sessionMinutes: 60,
  format: 'Virtual',
  price: 150,
  priceUnit: 'hour',
  individualHours: 10,
};
