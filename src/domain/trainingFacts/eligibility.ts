/**
 * Who may take a training (docs/product.md, Program facts, Who can attend): the license
 * types it names, pre-licensed clinicians, graduate students, what it requires first, and whether
 * it is for one organisation only. Every label is here; the schema is in eligibilityFields.ts, the
 * page's sentences in eligibilityText.ts. The public islands never import it (their JavaScript
 * budget): the pages hand the "I am a …" choices to the list island (WHO_OPTIONS), and cards get
 * their badge texts projected.
 *
 * `person` is one clinician ("I am a …" filter, admin checkboxes); `label` is the group the page
 * names ("This training is for: …").
 */
export const LICENSES = [
  { value: 'psychologist', person: 'Psychologist', label: 'Psychologists' },
  { value: 'counselor', person: 'Counselor (LPC, LPCC, LMHC)', label: 'Counselors (LPC, LPCC, LMHC)' },
  { value: 'social_worker', person: 'Social worker (LCSW, LICSW)', label: 'Social workers (LCSW, LICSW)' },
  { value: 'mft', person: 'Marriage and family therapist (LMFT)', label: 'Marriage and family therapists (LMFT)' },
  { value: 'psychiatrist', person: 'Psychiatrist or other physician', label: 'Psychiatrists and other physicians' },
  { value: 'psychiatric_np', person: 'Psychiatric nurse practitioner', label: 'Psychiatric nurse practitioners' },
  { value: 'addiction', person: 'Licensed addiction professional', label: 'Licensed addiction professionals' },
  { value: 'other', person: 'Other licensed professional', label: 'Other licensed professionals' },
] as const;
export type License = (typeof LICENSES)[number]['value'];
export const LICENSE_VALUES = LICENSES.map((l) => l.value) as [License, ...License[]];

/** The "I am a …" filter's other choice: a graduate student in a program leading to licensure. */
export const STUDENT = { value: 'student', person: 'Graduate student' } as const;
/** Every value of the `license` filter, in the order the filter offers them. */
export const WHO_VALUES = [...LICENSE_VALUES, STUDENT.value] as const;
export type Who = (typeof WHO_VALUES)[number];

/** The "I am a …" filter's choices as [value, label], in order: the list pages pass them to the island. */
export const WHO_OPTIONS: [Who, string][] = [...LICENSES, STUDENT].map((l) => [l.value, l.person]);

export const PREREQUISITES = [
  { value: 'none', label: 'None: no EMDR training before' },
  { value: 'emdr_basic', label: 'A completed EMDRIA-approved Basic Training' },
  { value: 'emdria_certified', label: 'EMDRIA certification' },
  { value: 'other', label: 'Other (describe it)' },
] as const;
export type Prerequisite = (typeof PREREQUISITES)[number]['value'];
export const PREREQUISITE_VALUES = PREREQUISITES.map((p) => p.value) as [Prerequisite, ...Prerequisite[]];

/** Prerequisites that need a completed EMDR training: what "Show only trainings I can take now" hides. */
export const needsBasicTraining = (p: string | null | undefined) => p === 'emdr_basic' || p === 'emdria_certified';

export const ELIGIBILITY_LIMITS = { otherLicense: 100, proof: 200, prerequisiteText: 200, restrictedTo: 200 } as const;

export interface Students {
  allowed: boolean;
  /** What proof of enrolment is asked for; only when students are taken. */
  proof: string | null;
}

/** What a training states about who may attend; null and [] are "not stated". */
export interface Eligibility {
  eligibleLicenses: License[];
  /** The short label of `other` in the list ("Creative arts therapists"). */
  otherLicense: string | null;
  preLicensed: boolean | null;
  students: Students | null;
  prerequisite: Prerequisite | null;
  /** The prerequisite in the provider's words when it is `other`. */
  prerequisiteText: string | null;
  restrictedTo: string | null;
}

/** A training that states none of it: what every training was before these facts existed (ADR 0045). */
export const NO_ELIGIBILITY: Eligibility = {
  eligibleLicenses: [],
  otherLicense: null,
  preLicensed: null,
  students: null,
  prerequisite: null,
  prerequisiteText: null,
  restrictedTo: null,
};

/** The group label of a license type; `other` is the training's own label when it gives one. */
export function licenseLabel(value: License, otherLicense: string | null = null): string {
  if (value === 'other' && otherLicense) return otherLicense;
  return LICENSES.find((l) => l.value === value)?.label ?? value;
}

/** The license types a training names, as the page and the card write them, in LICENSES order. */
export function licenseLabels(t: Partial<Pick<Eligibility, 'eligibleLicenses' | 'otherLicense'>>): string[] {
  const named = t.eligibleLicenses ?? [];
  return LICENSE_VALUES.filter((v) => named.includes(v)).map((v) => licenseLabel(v, t.otherLicense ?? null));
}

/**
 * Whether a training states who may attend (the license types it names, or whether it takes
 * students): one that does not is kept by the "I am a …" filter after those that do.
 */
export function statesAudience(t: Partial<Pick<Eligibility, 'eligibleLicenses' | 'students'>>): boolean {
  return (t.eligibleLicenses?.length ?? 0) > 0 || t.students != null;
}

/** Whether a training states any of its eligibility: its Register button then asks first (the checklist). */
export function statesEligibility(t: Partial<Eligibility>): boolean {
  return statesAudience(t) || t.preLicensed != null || t.prerequisite != null || !!t.restrictedTo;
}

/**
 * What the "I am a …" filter makes of a training: it names that license type or takes students
 * ('yes'), it states nothing about it ('unstated': kept, after the others), or it does not ('no').
 */
export function whoMatch(
  t: Partial<Pick<Eligibility, 'eligibleLicenses' | 'students'>>,
  who: Who,
): 'yes' | 'no' | 'unstated' {
  if (who === STUDENT.value) {
    if (t.students?.allowed) return 'yes';
    return statesAudience(t) ? 'no' : 'unstated';
  }
  if ((t.eligibleLicenses?.length ?? 0) === 0) return 'unstated';
  return (t.eligibleLicenses as readonly string[]).includes(who) ? 'yes' : 'no';
}

/** The card's badges, in this order: "Students welcome", "Requires Basic Training", "Restricted". */
export function eligibilityBadges(t: Partial<Eligibility>): string[] {
  const badges: string[] = [];
  if (t.students?.allowed) badges.push('Students welcome');
  if (needsBasicTraining(t.prerequisite)) badges.push('Requires Basic Training');
  if (t.restrictedTo) badges.push('Restricted');
  return badges;
}

/** A card names the license types when there are three or fewer, without the credentials in brackets. */
export function cardLicenses(t: Partial<Pick<Eligibility, 'eligibleLicenses' | 'otherLicense'>>): string[] {
  const named = licenseLabels(t);
  return named.length > 3 ? [] : named.map((label) => label.replace(/ \(.*\)$/, ''));
}
