import type { TrainerInput } from '../../src/domain/trainers/trainer';
import type { TrainingInput } from '../../src/domain/training';
import { zoneForState } from '../../src/domain/time/timeZones';
import { NO_PROGRAM_FACTS, type CeApproval } from '../../src/domain/trainingFacts/programFacts';
import { OPEN } from '../../src/domain/parts/availability';
import { NO_POSITION } from '../../src/domain/nearMe/nearby';
import { NO_ELIGIBILITY, type License } from '../../src/domain/trainingFacts/eligibility';

/**
 * Demo data: 6 trainers, 14 trainings in 8 states and all three formats, dates spread
 * over the next 9 months from the day of seeding, each starting at 9:00 AM in its own time zone;
 * the in-person and hybrid ones have a ZIP code. Most say who may attend; three say nothing of it.
 */
type DemoTraining = Omit<TrainingInput, 'trainerId' | 'startDate' | 'endDate' | 'parts'> & {
  startsInDays: number;
  days: number;
  /** A program in parts: each part's days, counted like the training's (the first is the training's). */
  parts?: DemoPart[];
};
export interface DemoPart {
  startsInDays: number;
  days: number;
  format?: TrainingInput['format'];
  location?: string;
  venue?: string | null;
}

const schedule = (...days: [string, string, string][]) =>
  JSON.stringify(days.map(([day, time, topics]) => ({ day, time, topics })));

const STANDARD_REFUND =
  'Full refund minus a $50 administrative fee more than 30 days before the start; 50% refund or full credit 15 to 30 days before; credit only from 14 days to 48 hours before; no refunds within 48 hours.';

// Approval statements are the provider's own words (docs/product.md, Program facts); these are
// invented for the demo, in the form approvers ask for.
const approval = (body: CeApproval['body'], hours: number, extra: Partial<CeApproval> = {}): CeApproval => ({
  body,
  boardName: null,
  providerNumber: null,
  hours,
  statement: null,
  ...extra,
});
const APA = (hours: number) =>
  approval('APA', hours, {
    statement:
      'EMDR Demo Institute is approved by the American Psychological Association to sponsor continuing education for psychologists. EMDR Demo Institute maintains responsibility for this program and its content.',
  });
const NBCC = (hours: number) =>
  approval('NBCC', hours, {
    providerNumber: '7004',
    statement:
      'EMDR Demo Institute has been approved by NBCC as an Approved Continuing Education Provider, ACEP No. 7004. Programs that do not qualify for NBCC credit are clearly identified.',
  });
const ASWB = (hours: number) =>
  approval('ASWB', hours, {
    providerNumber: '1871',
    statement:
      'EMDR Demo Institute, #1871, is approved to offer social work continuing education by the Association of Social Work Boards (ASWB) Approved Continuing Education (ACE) program.',
  });
const consultation = (
  hours: number,
  included: boolean,
  costMin: number | null = null,
  costMax: number | null = null,
) => ({
  hours,
  included,
  costMin,
  costMax,
});

// Who may attend (docs/product.md, Program facts, Who can attend), as providers state it.
const CLINICIANS = ['psychologist', 'counselor', 'social_worker', 'mft'] as const satisfies License[];
const notStudents = { allowed: false, proof: null };

const basics = (overrides: Partial<DemoTraining> & Pick<DemoTraining, 'title' | 'startsInDays'>): DemoTraining => ({
  description:
    'A hands-on EMDR training combining lecture, live demonstrations and supervised practicum. Participants learn the eight phases of EMDR therapy, the Adaptive Information Processing model and how to prepare clients safely for reprocessing.',
  price: 1500,
  days: 3,
  location: 'Online',
  venue: null,
  format: 'In-Person',
  state: null,
  isEMDRIACertified: true,
  ceCredits: 20,
  schedule: null,
  refundPolicy: null,
  thinkificUrl: 'https://emdr-training.thinkific.com/courses/emdr-basic-training',
  isPublished: true,
  timeZone: zoneForState(overrides.state),
  ...NO_PROGRAM_FACTS,
  ceApprovals: [],
  ...OPEN,
  // The seed places a training by its ZIP code, as the admin API does (docs/product.md, Near me).
  ...NO_POSITION,
  ...NO_ELIGIBILITY,
  ...overrides,
});

export const DEMO: { trainer: TrainerInput; trainings: DemoTraining[] }[] = [
  {
    trainer: {
      name: 'Dr. Maria Gonzalez',
      bio: 'Licensed psychologist and EMDRIA Approved Consultant with 18 years of trauma practice in Los Angeles. Maria has trained over 1,200 clinicians and specialises in complex PTSD and attachment repair.',
      credentials: 'PsyD, EMDRIA Approved Consultant',
      photo: null,
      website: 'https://example.com/maria-gonzalez',
      thinkificAffiliateUrl: null,
      statesServed: ['CA', 'NV', 'AZ', 'OR'],
    },
    trainings: [
      basics({
        title: 'EMDR Basic Training Part 1 — Los Angeles',
        eligibleLicenses: [...CLINICIANS, 'psychiatrist', 'psychiatric_np'],
        preLicensed: true,
        students: { allowed: true, proof: 'A letter from your program confirming a supervised clinical practicum' },
        prerequisite: 'none',
        programType: 'basic',
        ceApprovals: [
          APA(50),
          NBCC(50),
          approval('STATE_BOARD', 50, { boardName: 'California Board of Behavioral Sciences' }),
        ],
        consultation: consultation(10, false, 600, 900),
        completionWindowMonths: 12,
        eligibility: 'Licensed mental-health clinicians, and graduate students in a program leading to licensure.',
        accessibility:
          'Step-free venue with an accessible restroom. Ask for captioned slides or seating needs when you register.',
        startsInDays: 12,
        location: 'Los Angeles, CA',
        postalCode: '90024',
        venue: 'Westside Conference Center',
        state: 'CA',
        price: 1495,
        schedule: schedule(
          ['Day 1', '9:00 AM - 5:00 PM', 'AIP model, history taking, client selection'],
          ['Day 2', '9:00 AM - 5:00 PM', 'Preparation and resourcing, practicum'],
          ['Day 3', '9:00 AM - 4:00 PM', 'Assessment, desensitization, closure'],
        ),
        refundPolicy: STANDARD_REFUND,
      }),
      basics({
        title: 'EMDR Basic Training Part 1 — Live Online (Pacific Time)',
        eligibleLicenses: [...CLINICIANS],
        preLicensed: true,
        students: notStudents,
        prerequisite: 'none',
        programType: 'basic',
        ceApprovals: [APA(50), ASWB(50)],
        consultation: consultation(10, true),
        completionWindowMonths: 18,
        refundPolicy: STANDARD_REFUND,
        accessibility: 'Live captions on every session; slides sent a week ahead.',
        startsInDays: 45,
        format: 'Virtual',
        location: 'Zoom',
        state: 'CA',
        price: 1295,
        ceCredits: 20,
      }),
      basics({
        title: 'Complex Trauma and Dissociation: EMDR Advanced Workshop',
        eligibleLicenses: [...CLINICIANS],
        prerequisite: 'emdr_basic',
        programType: 'advanced',
        ceApprovals: [approval('EMDRIA', 12, { providerNumber: '21007' }), APA(12)],
        startsInDays: 150,
        days: 2,
        format: 'Hybrid',
        location: 'San Diego, CA',
        postalCode: '92101',
        venue: 'Harbor Institute',
        state: 'CA',
        price: 650,
        ceCredits: 12,
      }),
    ],
  },
  {
    trainer: {
      name: 'James Whitfield',
      bio: 'LCSW and EMDRIA Approved Trainer based in Austin. James has led community mental health programs for veterans and first responders for over a decade.',
      credentials: 'LCSW, EMDRIA Approved Trainer',
      photo: null,
      website: 'https://example.com/james-whitfield',
      thinkificAffiliateUrl: 'https://emdr-training.thinkific.com/?ref=jwhitfield',
      statesServed: ['TX', 'OK', 'LA'],
    },
    trainings: [
      basics({
        title: 'EMDR Basic Training — Austin Weekend Intensive',
        eligibleLicenses: ['counselor', 'social_worker', 'mft', 'addiction'],
        preLicensed: true,
        students: { allowed: true, proof: 'Carta de su programa de posgrado' },
        prerequisite: 'none',
        programType: 'basic',
        language: 'es',
        ceApprovals: [NBCC(50), approval('NAADAC', 50, { providerNumber: '245390' })],
        consultation: consultation(10, false, 500, 750),
        completionWindowMonths: 24,
        refundPolicy: STANDARD_REFUND,
        eligibility: 'Clínicos de salud mental con licencia y estudiantes de posgrado. Se imparte en español.',
        startsInDays: 25,
        location: 'Austin, TX',
        postalCode: '78701',
        venue: 'Capitol Training Rooms',
        state: 'TX',
        schedule: schedule(
          ['Day 1', '8:30 AM - 5:00 PM', 'Trauma-informed assessment and treatment planning'],
          ['Day 2', '8:30 AM - 5:00 PM', 'Phases 3-6 with supervised practicum'],
          ['Day 3', '8:30 AM - 3:30 PM', 'Closure, reevaluation and future templates'],
        ),
      }),
      basics({
        title: 'EMDR with First Responders and Veterans',
        startsInDays: 95,
        days: 1,
        format: 'Virtual',
        location: 'Zoom',
        state: 'TX',
        price: 295,
        ceCredits: 6,
        isEMDRIACertified: false,
      }),
    ],
  },
  {
    trainer: {
      name: 'Dr. Aisha Patel',
      bio: 'Psychiatrist and researcher in New York City. Aisha integrates EMDR with somatic approaches and teaches at two graduate programs.',
      credentials: 'MD, EMDRIA Certified Therapist',
      photo: null,
      website: null,
      thinkificAffiliateUrl: null,
      statesServed: ['NY', 'NJ', 'CT', 'PA', 'MA'],
    },
    trainings: [
      basics({
        title: 'EMDR Basic Training Part 2 — New York City',
        eligibleLicenses: ['psychologist', 'social_worker', 'psychiatrist', 'psychiatric_np'],
        students: notStudents,
        prerequisite: 'other',
        prerequisiteText: 'Part 1 of this Basic Training, with the same trainer',
        programType: 'basic',
        ceApprovals: [
          APA(50),
          ASWB(50),
          approval('STATE_BOARD', 50, { boardName: 'New York State Education Department' }),
        ],
        consultation: consultation(10, true),
        completionWindowMonths: 12,
        startsInDays: 60,
        location: 'New York, NY',
        postalCode: '10001',
        venue: 'Midtown Learning Center',
        state: 'NY',
        price: 1595,
        refundPolicy: STANDARD_REFUND,
      }),
      basics({
        title: 'Somatic Resources in EMDR Therapy',
        prerequisite: 'emdr_basic',
        startsInDays: 120,
        days: 2,
        format: 'Hybrid',
        location: 'Brooklyn, NY',
        postalCode: '11201',
        venue: 'Park Slope Wellness Studio',
        state: 'NY',
        price: 480,
        ceCredits: 12,
      }),
      basics({
        title: 'EMDR for Anxiety and Panic: Live Online',
        startsInDays: 200,
        days: 2,
        format: 'Virtual',
        location: 'Zoom',
        state: 'NJ',
        price: 395,
        ceCredits: 10,
      }),
    ],
  },
  {
    trainer: {
      name: 'Rebecca Thornton',
      bio: 'LPC and EMDRIA Approved Consultant in Miami with a practice focused on children and adolescents.',
      credentials: 'LPC, EMDRIA Approved Consultant',
      photo: null,
      website: 'https://example.com/rebecca-thornton',
      thinkificAffiliateUrl: null,
      statesServed: ['FL', 'GA'],
    },
    trainings: [
      basics({
        title: 'EMDR with Children and Adolescents',
        eligibleLicenses: ['psychologist', 'counselor', 'social_worker'],
        prerequisite: 'emdr_basic',
        programType: 'advanced',
        // A cohort of twelve, full: sign-ups go to the waitlist (docs/product.md, Availability).
        availability: 'sold_out',
        waitlistUrl: 'https://emdr-training.thinkific.com/courses/emdr-children-adolescents-waitlist',
        ceApprovals: [approval('EMDRIA', 12, { providerNumber: '21007' }), NBCC(12)],
        startsInDays: 35,
        days: 2,
        location: 'Miami, FL',
        postalCode: '33131',
        venue: 'Biscayne Professional Center',
        state: 'FL',
        price: 550,
        ceCredits: 13,
        schedule: schedule(
          ['Day 1', '9:00 AM - 4:30 PM', 'Developmental adaptations, play-based resourcing'],
          ['Day 2', '9:00 AM - 4:30 PM', 'Working with caregivers, case consultation'],
        ),
      }),
      basics({
        title: 'EMDR Basic Training — Atlanta',
        eligibleLicenses: ['counselor', 'social_worker', 'mft'],
        preLicensed: true,
        students: { allowed: true, proof: null },
        prerequisite: 'none',
        programType: 'basic',
        ceApprovals: [NBCC(50), ASWB(50)],
        consultation: consultation(10, false, 700, 1000),
        completionWindowMonths: 18,
        startsInDays: 170,
        // Part 1 in person, Part 2 live online five weeks later: time to practise in between.
        parts: [
          { startsInDays: 170, days: 3 },
          { startsInDays: 205, days: 2, format: 'Virtual', location: 'Zoom', venue: null },
        ],
        availability: 'few_seats',
        seatsLeft: 4,
        location: 'Atlanta, GA',
        postalCode: '30303',
        venue: 'Peachtree Conference Hall',
        state: 'GA',
        refundPolicy: STANDARD_REFUND,
      }),
    ],
  },
  {
    trainer: {
      name: 'Michael Chen',
      bio: 'LMFT in Seattle who has taught EMDR to couples and family therapists for twelve years.',
      credentials: 'LMFT',
      photo: null,
      website: null,
      thinkificAffiliateUrl: null,
      statesServed: ['WA', 'OR'],
    },
    trainings: [
      basics({
        title: 'EMDR in Couples Therapy',
        eligibleLicenses: ['mft', 'counselor', 'psychologist'],
        prerequisite: 'emdr_basic',
        startsInDays: 75,
        days: 2,
        format: 'Hybrid',
        location: 'Seattle, WA',
        postalCode: '98101',
        venue: 'Lake Union Center',
        state: 'WA',
        price: 520,
        ceCredits: 12,
      }),
      basics({
        title: 'EMDR Basic Training Part 1 — Live Online (Mountain & Pacific)',
        eligibleLicenses: ['counselor', 'social_worker', 'other'],
        otherLicense: 'Licensed creative arts therapists',
        prerequisite: 'none',
        restrictedTo: 'Staff of Front Range Community Mental Health only',
        startsInDays: 240,
        format: 'Virtual',
        location: 'Zoom',
        state: null,
        // A live online training with no state names the zone its sessions run in.
        timeZone: 'America/Denver',
        price: 1295,
      }),
    ],
  },
  {
    trainer: {
      name: 'Dr. Samuel Okafor',
      bio: 'Clinical psychologist in Chicago, EMDRIA Approved Trainer, and former director of a university trauma clinic.',
      credentials: 'PhD, EMDRIA Approved Trainer',
      photo: null,
      website: 'https://example.com/samuel-okafor',
      thinkificAffiliateUrl: null,
      statesServed: ['IL', 'WI', 'IN', 'MI'],
    },
    trainings: [
      basics({
        title: 'EMDR Basic Training — Chicago',
        eligibleLicenses: [...CLINICIANS, 'psychiatrist', 'psychiatric_np', 'addiction'],
        preLicensed: false,
        students: { allowed: true, proof: 'Proof of enrolment in a graduate clinical program' },
        prerequisite: 'none',
        programType: 'basic',
        ceApprovals: [APA(50), NBCC(50), ASWB(50)],
        consultation: consultation(10, true),
        completionWindowMonths: 12,
        startsInDays: 110,
        location: 'Chicago, IL',
        postalCode: '60601',
        venue: 'Loop Training Institute',
        state: 'IL',
        price: 1450,
        refundPolicy: STANDARD_REFUND,
      }),
      basics({
        title: 'Consultation Group for EMDRIA Certification',
        prerequisite: 'emdr_basic',
        programType: 'other',
        ceApprovals: [approval('EMDRIA', 10, { providerNumber: '21007' })],
        startsInDays: 265,
        days: 1,
        format: 'Virtual',
        location: 'Zoom',
        state: 'IL',
        price: 200,
        ceCredits: 5,
      }),
    ],
  },
];
