/**
 * The words of a consultation offering (docs/product.md, Consultation; why: docs/domain.md,
 * Consultation), zod-free so cards, filters and pages read them without a schema library. Every
 * value's label lives here alone; the schema is offering.ts, the field labels offeringFields.ts.
 */

/** What is offered: a group, individual consultation, or a package of hours ("10 individual hours"). */
export const OFFERING_KINDS = [
  { value: 'group', label: 'Consultation group' },
  { value: 'individual', label: 'Individual consultation' },
  { value: 'package', label: 'Package of hours' },
] as const;
export type OfferingKind = (typeof OFFERING_KINDS)[number]['value'];
export const OFFERING_KIND_VALUES = OFFERING_KINDS.map((k) => k.value) as [OfferingKind, ...OfferingKind[]];

/**
 * What the hours count toward. `toward` is the phrase after the hours on a card ("10 group hours
 * toward EMDR Certification"); consultation for consultants-in-training counts toward the
 * Approved Consultant level.
 */
export const GOALS = [
  { value: 'basic', label: 'Basic Training consultation', toward: 'Basic Training consultation' },
  { value: 'certification', label: 'EMDR Certification', toward: 'EMDR Certification' },
  { value: 'cit', label: 'Consultation for consultants-in-training', toward: 'EMDRIA Approved Consultant' },
] as const;
export type Goal = (typeof GOALS)[number]['value'];
export const GOAL_VALUES = GOALS.map((g) => g.value) as [Goal, ...Goal[]];

/**
 * The consultant's level: the credential the offering claims, one of the trust module's kinds
 * (src/domain/trust/credentialChecks.ts), so a team check of it is the same check a trainer has.
 */
export const CONSULTANT_LEVELS = [
  { value: 'emdria-approved-consultant', label: 'EMDRIA Approved Consultant', filter: 'approved' },
  { value: 'emdria-consultant-in-training', label: 'EMDRIA Consultant-in-Training', filter: 'cit' },
] as const;
export type ConsultantCredential = (typeof CONSULTANT_LEVELS)[number]['value'];
export const CONSULTANT_CREDENTIALS = CONSULTANT_LEVELS.map((l) => l.value) as [
  ConsultantCredential,
  ...ConsultantCredential[],
];
export type ConsultantLevel = (typeof CONSULTANT_LEVELS)[number]['filter'];
export const APPROVED_CONSULTANT: ConsultantCredential = 'emdria-approved-consultant';
export const CONSULTANT_IN_TRAINING: ConsultantCredential = 'emdria-consultant-in-training';

/** How the sessions are set: a repeating series, a list of dates, or arranged with the consultee. */
export const SCHEDULES = [
  { value: 'repeat', label: 'Repeats' },
  { value: 'dates', label: 'On these dates' },
  { value: 'arranged', label: 'Arranged with you' },
] as const;
export type ScheduleKind = (typeof SCHEDULES)[number]['value'];
export const SCHEDULE_VALUES = SCHEDULES.map((s) => s.value) as [ScheduleKind, ...ScheduleKind[]];

/** How a series repeats; monthly is the same weekday of the month (ADR 0043). */
export const REPEATS = [
  { value: 'weekly', label: 'Weekly' },
  { value: 'biweekly', label: 'Every two weeks' },
  { value: 'monthly', label: 'Monthly, same weekday' },
] as const;
export type Repeat = (typeof REPEATS)[number]['value'];
export const REPEAT_VALUES = REPEATS.map((r) => r.value) as [Repeat, ...Repeat[]];

/** What the stated price is for; the total is derived from it (offeringPrice.ts), never stated. */
export const PRICE_UNITS = [
  { value: 'session', label: 'Per session', after: 'a session' },
  { value: 'hour', label: 'Per hour', after: 'an hour' },
  { value: 'series', label: 'For the series', after: 'for the series' },
] as const;
export type PriceUnit = (typeof PRICE_UNITS)[number]['value'];
export const PRICE_UNIT_VALUES = PRICE_UNITS.map((u) => u.value) as [PriceUnit, ...PriceUnit[]];

/** The limits of the facts (not rules of EMDRIA's: those are offeringRules.ts). */
export const OFFERING_LIMITS = {
  minSessionMinutes: 15,
  maxSessionMinutes: 480,
  maxSessions: 200,
  maxDates: 200,
  maxGroup: 100,
  maxHours: 200,
  maxDesignations: 20,
} as const;

const labelOf = <T extends { value: string; label: string }>(list: readonly T[], value: string) =>
  list.find((item) => item.value === value)?.label ?? value;

export const kindLabel = (kind: string) => labelOf(OFFERING_KINDS, kind);
export const goalLabel = (goal: string) => labelOf(GOALS, goal);
export const levelLabel = (credential: string) => labelOf(CONSULTANT_LEVELS, credential);

/** "toward EMDR Certification", "toward Basic Training consultation or EMDR Certification". */
export function towardText(goals: readonly string[]): string {
  const names = GOALS.filter((g) => goals.includes(g.value)).map((g) => g.toward);
  return names.length === 0 ? '' : `toward ${names.join(' or ')}`;
}

/** The consultant level a credential stands for: the `level` filter's value. */
export function levelOf(credential: string): ConsultantLevel | null {
  return CONSULTANT_LEVELS.find((l) => l.value === credential)?.filter ?? null;
}

export const isGoal = (value: string): value is Goal => (GOAL_VALUES as readonly string[]).includes(value);
export const isOfferingKind = (value: string): value is OfferingKind =>
  (OFFERING_KIND_VALUES as readonly string[]).includes(value);
export const isConsultantLevel = (value: string): value is ConsultantLevel =>
  CONSULTANT_LEVELS.some((l) => l.filter === value);

/** An offering's page (docs/product.md, Consultation). */
export const consultationPath = (id: string) => `/consultation/${id}`;
