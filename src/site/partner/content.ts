import {
  EXAMPLE_GROSS_USD,
  EXAMPLE_PRICE_USD,
  EXAMPLE_STUDENTS,
  EXAMPLE_TRAINER_EARNS_USD,
  FOUNDING_TRAINER_TARGET,
  MONTHLY_VISITORS,
  NEW_PROFESSIONALS_MONTHLY,
  ONBOARDING_CALL_MINUTES,
  PLATFORM_FEE_PERCENT,
  RESPONSE_BUSINESS_HOURS,
  SUBSCRIBERS,
  TRAINER_SHARE_PERCENT,
} from '../../domain/partner';
import { formatPrice } from '../../domain/display';
import { WHERE_STUDENTS_PAY } from '../../domain/trust/trustPages';

/** The partner page's marketing text (docs/product.md). */
export const AUDIENCE = [
  { figure: MONTHLY_VISITORS, label: 'monthly visitors' },
  { figure: SUBSCRIBERS, label: 'subscribers and active users' },
  { figure: NEW_PROFESSIONALS_MONTHLY, label: 'new professionals every month' },
];

export const EARLY_BENEFITS = [
  `Your ${TRAINER_SHARE_PERCENT}/${PLATFORM_FEE_PERCENT} revenue split, locked for founding partners`,
  'Featured placement when the marketplace launches',
  'A say in the features we build next',
  `One of only ${FOUNDING_TRAINER_TARGET} founding trainers`,
];

export const PHASES = [
  {
    when: 'NOW',
    title: 'Phase 1 Partner Onboarding',
    text: 'We set up your trainer profile and first listings with you.',
  },
  { when: 'NEXT 30 DAYS', title: 'Phase 2 Platform Refinement', text: 'We refine the directory with your feedback.' },
  { when: 'COMING SOON', title: 'Phase 3 Marketing Launch', text: 'We promote your trainings to our whole audience.' },
];

export const REVENUE_EXAMPLE = `${EXAMPLE_STUDENTS} students × ${formatPrice(EXAMPLE_PRICE_USD)} = ${formatPrice(EXAMPLE_GROSS_USD)}; you earn ${formatPrice(EXAMPLE_TRAINER_EARNS_USD)}.`;

export const ZERO_RISK = [
  'No setup fees',
  'No monthly costs',
  `You only pay the ${PLATFORM_FEE_PERCENT}% platform fee when a student enrolls`,
  'Leave at any time',
];

export const FAQ = [
  {
    q: 'How much does it cost to join?',
    a: `Nothing up front: no setup fees and no monthly costs. We keep ${PLATFORM_FEE_PERCENT}% of each enrollment and you keep ${TRAINER_SHARE_PERCENT}%.`,
  },
  {
    q: 'How do students register?',
    a: `${WHERE_STUDENTS_PAY} Your listing links straight to it.`,
  },
  {
    q: 'How long does onboarding take?',
    a: `A ${ONBOARDING_CALL_MINUTES}-minute onboarding call, then we set up your profile and listings with you.`,
  },
  {
    q: 'When will I hear back after applying?',
    a: `We respond to every application and question within ${RESPONSE_BUSINESS_HOURS} business hours.`,
  },
];

export const REQUIREMENTS = [
  'EMDRIA-approved trainer or consultant status',
  'Trainings that offer continuing-education credits',
  'A professional bio and photo for your profile',
  'Availability for a short onboarding call',
];
