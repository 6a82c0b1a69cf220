import { OFFERING_LIMITS as L } from './consultationFacts';
import { URL_MESSAGE } from '../fields';
import { TRAINING_MESSAGES } from '../training';
import { NEARBY_MESSAGES } from '../nearMe/nearby';
import { PROGRAM_MESSAGES } from '../trainingFacts/programFields';

/**
 * Every field of a consultation offering with the label its form shows and the message a bad value
 * gets (docs/product.md, Consultation): declared once, read by the schema (offering.ts), the rules
 * (offeringRules.ts), the form and the tests. A message says what a good value is.
 */
export const OFFERING_FIELDS = {
  trainerId: { label: 'Consultant', message: 'Choose the consultant' },
  consultantCredential: {
    label: 'Credential claimed',
    message: 'Choose EMDRIA Approved Consultant or EMDRIA Consultant-in-Training',
  },
  title: { label: 'Title', message: 'Title must be at most 200 characters' },
  description: { label: 'Description', message: 'Description must be at most 20,000 characters' },
  kind: { label: 'Kind', message: 'Choose a consultation group, individual consultation or a package of hours' },
  countsToward: {
    label: 'Counts toward',
    message:
      'Choose what the hours count toward: Basic Training consultation, EMDR Certification or consultation for consultants-in-training',
  },
  designations: {
    label: 'Designated by',
    message: 'Name the provider or choose the training that designates this consultant',
  },
  schedule: { label: 'Sessions', message: 'Choose repeating sessions, a list of dates, or arranged with you' },
  firstSession: { label: 'First session', message: 'Enter the first session’s date and time' },
  sessionMinutes: {
    label: 'Session length (minutes)',
    message: `Session length must be a whole number of minutes from ${L.minSessionMinutes} to ${L.maxSessionMinutes}`,
  },
  repeat: { label: 'Repeats', message: 'Choose weekly, every two weeks or monthly' },
  sessionCount: {
    label: 'Number of sessions',
    message: `Number of sessions must be a whole number from 1 to ${L.maxSessions}`,
  },
  sessionDates: {
    label: 'Further dates',
    message: `Enter up to ${L.maxDates} dates after the first session, each once`,
  },
  skippedDates: { label: 'Skipped dates', message: 'A skipped date must be one of the series’ dates after the first' },
  timeZone: { label: 'Time zone', message: 'Choose a time zone such as America/New_York' },
  format: { label: 'Format', message: TRAINING_MESSAGES.format },
  location: { label: 'Place', message: 'Say where the group meets (a city, or the venue’s address)' },
  postalCode: { label: 'ZIP code', message: NEARBY_MESSAGES.postalCode },
  language: { label: 'Language', message: PROGRAM_MESSAGES.language },
  groupMin: {
    label: 'Smallest group',
    message: `Smallest group must be a whole number from 1 to ${L.maxGroup}, at most the largest`,
  },
  groupMax: { label: 'Largest group', message: `Largest group must be a whole number from 1 to ${L.maxGroup}` },
  forming: { label: 'Starts when enough have joined', message: 'Say how many must join before the group starts' },
  joinedCount: { label: 'Joined so far', message: 'Joined so far must be a whole number, at most the largest group' },
  price: { label: 'Price (USD)', message: TRAINING_MESSAGES.price },
  priceUnit: { label: 'Price is', message: 'Choose per session, per hour or for the series' },
  individualHours: {
    label: 'Individual hours per member',
    message: `Individual hours must be from 0 to ${L.maxHours}, in quarter hours`,
  },
  groupHours: {
    label: 'Group hours per member',
    message: `Group hours must be from 0 to ${L.maxHours}, in quarter hours`,
  },
  refundPolicy: { label: 'Refund policy', message: 'Refund policy must be at most 20,000 characters' },
  agreementUrl: { label: 'Written agreement (link)', message: URL_MESSAGE },
  // Empty: the offering's button is "Request an introduction" (docs/product.md, Consultation).
  registerUrl: { label: 'Register link', message: URL_MESSAGE },
} as const;

export type OfferingField = keyof typeof OFFERING_FIELDS;

/** The message of each field (the schema's errors), by field. */
export const OFFERING_MESSAGES = Object.fromEntries(
  Object.entries(OFFERING_FIELDS).map(([field, { message }]) => [field, message]),
) as { [F in OfferingField]: (typeof OFFERING_FIELDS)[F]['message'] };

/** The messages of the checks between fields (the rules of EMDRIA's are offeringRules.ts). */
export const OFFERING_CHECKS = {
  needsWhen: 'A repeating series needs its first session, session length, repeat and number of sessions',
  needsDates: 'A list of dates needs its first session, session length and at least one further date',
  arrangedIsIndividual: 'Only individual hours can be arranged with you: give a group its sessions',
  groupNeedsSize: 'Say how many members the group has at most',
  groupOrder: 'The smallest group must not be larger than the largest',
  needsPlace: 'An in-person or hybrid offering says where it meets',
  designationNeedsName: 'Name the provider or choose the training',
} as const;

/** The label of a field path's first key ("groupMax" → "Largest group"), for messages listed apart. */
export function fieldLabel(path: string): string {
  const key = path.split('.')[0] as OfferingField;
  return OFFERING_FIELDS[key]?.label ?? path;
}
