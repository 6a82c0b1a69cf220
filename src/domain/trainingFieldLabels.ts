/**
 * The training form's field labels, in the form's order: the one list the form and the reviewer's
 * page read (docs/product.md, Review queue), so a reviewer reads what the partner typed into.
 */
export const TRAINING_FIELD_LABELS = {
  trainerId: 'Trainer',
  title: 'Training Title',
  description: 'Description',
  price: 'Price (USD)',
  ceCredits: 'CE Credits',
  startDate: 'Start Date',
  endDate: 'End Date',
  timeZone: 'Time zone',
  parts: 'Parts',
  format: 'Format',
  location: 'Location',
  postalCode: 'ZIP code',
  latitude: 'Latitude',
  longitude: 'Longitude',
  venue: 'Venue',
  state: 'State',
  thinkificUrl: 'Thinkific Registration URL',
  availability: 'Availability',
  seatsLeft: 'Seats left',
  waitlistUrl: 'Waitlist URL',
  schedule: 'Schedule Details',
  programType: 'Program type',
  language: 'Language',
  completionWindowMonths: 'Completion window (months)',
  accessibility: 'Accessibility',
  ceApprovals: 'CE approvals',
  consultation: 'Consultation',
  eligibleLicenses: 'License types',
  otherLicense: 'Other license type',
  preLicensed: 'Pre-licensed clinicians under supervision',
  students: 'Graduate students',
  prerequisite: 'Prerequisite',
  prerequisiteText: 'Prerequisite, in your words',
  restrictedTo: 'Restricted to',
  eligibility: 'More about who can attend',
  refundPolicy: 'Refund Policy',
  isEMDRIACertified: 'EMDRIA Certified',
  isPublished: 'Published',
} as const;

export type TrainingField = keyof typeof TRAINING_FIELD_LABELS;
export const TRAINING_FIELD_ORDER = Object.keys(TRAINING_FIELD_LABELS) as TrainingField[];
