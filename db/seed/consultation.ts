import type { OfferingFormValues } from '../../src/domain/consultation/offering';
import { ruleDate } from '../../src/domain/consultation/recurrence';

/**
 * Demo consultation offerings (docs/product.md, Consultation), by the demo trainers of demo.ts and
 * tied to its Basic Trainings by title: group and individual, toward a Basic Training and toward
 * certification, one by a consultant-in-training, two in Spanish (one an evening group toward certification), one still forming, two designated
 * by a demo Basic Training. Dates count in days from the day of seeding, as the trainings' do; each
 * first session is at a local time on the offering's own zone. Not seeded yet: the seeder turns
 * each into a body with demoOfferingBody and inserts it through the offering's schema.
 */
export interface DemoOffering {
  /** A demo trainer's name (demo.ts). */
  consultant: string;
  /** Titles of demo trainings (demo.ts) whose provider designates this consultant. */
  designatedBy?: string[];
  /** Days from the seeding day to the first session, and its wall-clock time; absent when arranged. */
  firstSessionInDays?: number;
  at?: string;
  /** Which of the repeat rule's dates have no session (0 is the first session's). */
  skippedOccurrences?: number[];
  offering: Omit<OfferingFormValues, 'trainerId' | 'firstSession' | 'skippedDates' | 'designations'>;
}

const ZOOM = { format: 'Virtual', location: 'Zoom' } as const;
const REFUND =
  'Full refund up to 7 days before the first session; after that, sessions missed are not refunded, and your place can pass to someone on the waitlist.';

export const DEMO_OFFERINGS: DemoOffering[] = [
  {
    consultant: 'Rebecca Thornton',
    firstSessionInDays: 30,
    at: '18:00',
    skippedOccurrences: [4],
    offering: {
      title: 'Evening consultation group for EMDR Certification',
      description: 'Present your own EMDR cases in a small group; ten group hours toward certification.',
      consultantCredential: 'emdria-approved-consultant',
      kind: 'group',
      countsToward: ['certification'],
      schedule: 'repeat',
      sessionMinutes: 90,
      repeat: 'weekly',
      sessionCount: 10,
      timeZone: 'America/New_York',
      ...ZOOM,
      groupMin: 4,
      groupMax: 6,
      availability: 'few_seats',
      seatsLeft: 3,
      price: 45,
      priceUnit: 'hour',
      groupHours: 10,
      prerequisite: 'emdr_basic',
      refundPolicy: REFUND,
      agreementUrl: 'https://example.com/rebecca-thornton/consultation-agreement',
      registerUrl: 'https://emdr-training.thinkific.com/courses/certification-consultation-group',
    },
  },
  {
    consultant: 'Rebecca Thornton',
    offering: {
      title: '10 individual hours toward EMDR Certification',
      consultantCredential: 'emdria-approved-consultant',
      kind: 'package',
      countsToward: ['certification'],
      schedule: 'arranged',
      sessionMinutes: 60,
      timeZone: 'America/New_York',
      ...ZOOM,
      price: 150,
      priceUnit: 'hour',
      individualHours: 10,
      prerequisite: 'emdr_basic',
      refundPolicy: REFUND,
    },
  },
  {
    consultant: 'Dr. Maria Gonzalez',
    designatedBy: ['EMDR Basic Training Part 1 — Los Angeles'],
    firstSessionInDays: 19,
    at: '18:30',
    offering: {
      title: 'Basic Training consultation group (10 hours)',
      consultantCredential: 'emdria-approved-consultant',
      kind: 'group',
      countsToward: ['basic'],
      schedule: 'repeat',
      sessionMinutes: 120,
      repeat: 'weekly',
      sessionCount: 5,
      timeZone: 'America/Los_Angeles',
      ...ZOOM,
      groupMin: 4,
      groupMax: 8,
      price: 55,
      priceUnit: 'hour',
      groupHours: 10,
      registerUrl: 'https://emdr-training.thinkific.com/courses/basic-consultation-los-angeles',
    },
  },
  {
    consultant: 'Dr. Aisha Patel',
    firstSessionInDays: 40,
    at: '12:00',
    offering: {
      title: 'Lunchtime certification group with a consultant-in-training',
      consultantCredential: 'emdria-consultant-in-training',
      kind: 'group',
      countsToward: ['certification'],
      schedule: 'repeat',
      sessionMinutes: 90,
      repeat: 'biweekly',
      sessionCount: 8,
      timeZone: 'America/New_York',
      ...ZOOM,
      groupMin: 4,
      groupMax: 6,
      // Forming: it starts when four have joined (docs/product.md, Consultation).
      forming: true,
      joinedCount: 2,
      price: 40,
      priceUnit: 'hour',
      groupHours: 10,
    },
  },
  {
    consultant: 'James Whitfield',
    designatedBy: ['EMDR Basic Training — Austin Weekend Intensive'],
    firstSessionInDays: 35,
    at: '19:00',
    offering: {
      title: 'Grupo de consulta EMDR en español (Formación Básica)',
      description: 'Consulta de casos en grupo pequeño para completar las 10 horas de la Formación Básica.',
      consultantCredential: 'emdria-approved-consultant',
      kind: 'group',
      countsToward: ['basic'],
      schedule: 'repeat',
      sessionMinutes: 120,
      repeat: 'weekly',
      sessionCount: 5,
      timeZone: 'America/Chicago',
      ...ZOOM,
      language: 'es',
      groupMin: 3,
      groupMax: 8,
      price: 50,
      priceUnit: 'hour',
      groupHours: 10,
      registerUrl: 'https://emdr-training.thinkific.com/courses/consulta-basica-espanol',
    },
  },
  {
    consultant: 'Dr. Samuel Okafor',
    firstSessionInDays: 50,
    at: '19:00',
    offering: {
      title: 'Consultation for consultants-in-training',
      consultantCredential: 'emdria-approved-consultant',
      kind: 'group',
      countsToward: ['cit'],
      schedule: 'repeat',
      sessionMinutes: 120,
      repeat: 'monthly',
      sessionCount: 6,
      timeZone: 'America/Chicago',
      format: 'Hybrid',
      location: 'Loop Training Institute, Chicago, IL',
      postalCode: '60601',
      groupMin: 2,
      groupMax: 4,
      price: 300,
      priceUnit: 'series',
      groupHours: 12,
      prerequisite: 'emdria_certified',
    },
  },
  {
    consultant: 'Dr. Maria Gonzalez',
    offering: {
      consultantCredential: 'emdria-approved-consultant',
      kind: 'individual',
      countsToward: ['certification'],
      schedule: 'arranged',
      sessionMinutes: 60,
      timeZone: 'America/Los_Angeles',
      ...ZOOM,
      price: 175,
      priceUnit: 'session',
    },
  },
  {
    consultant: 'Dr. Maria Gonzalez',
    firstSessionInDays: 28,
    at: '19:00',
    offering: {
      title: 'Grupo de consulta para la Certificación EMDR (noche)',
      description:
        'Presente sus casos de EMDR en un grupo pequeño, en español: diez horas de grupo para la certificación.',
      consultantCredential: 'emdria-approved-consultant',
      kind: 'group',
      countsToward: ['certification'],
      schedule: 'repeat',
      sessionMinutes: 60,
      repeat: 'weekly',
      sessionCount: 10,
      timeZone: 'America/New_York',
      ...ZOOM,
      language: 'es',
      groupMin: 3,
      groupMax: 6,
      availability: 'open',
      seatsLeft: 4,
      price: 40,
      priceUnit: 'hour',
      groupHours: 10,
      prerequisite: 'emdr_basic',
      refundPolicy: REFUND,
      registerUrl: 'https://emdr-training.thinkific.com/courses/certificacion-consulta-espanol',
    },
  },
];

const DAY_MS = 86_400_000;

/**
 * A demo offering as the schema's input: its consultant's and trainings' ids looked up by the
 * seeder, and its dates counted from `today`'s UTC date (as src/data/seed.ts counts the trainings').
 */
export function demoOfferingBody(
  demo: DemoOffering,
  ids: { trainerId: string; trainingIds: Readonly<Record<string, string>> },
  today: Date,
): OfferingFormValues {
  const base = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  const day = (n: number) => new Date(base + n * DAY_MS).toISOString().slice(0, 10);
  const first = demo.firstSessionInDays === undefined ? null : day(demo.firstSessionInDays);
  const repeat = demo.offering.repeat;
  return {
    ...demo.offering,
    trainerId: ids.trainerId,
    firstSession: first && demo.at ? `${first}T${demo.at}` : null,
    skippedDates: first && repeat ? (demo.skippedOccurrences ?? []).map((i) => ruleDate(first, repeat, i)) : [],
    designations: (demo.designatedBy ?? []).map((title) => ({ trainingId: ids.trainingIds[title] ?? null })),
  };
}
