import { z } from 'zod';
import { optionalText } from '../fields';
import {
  ELIGIBILITY_LIMITS,
  LICENSE_VALUES,
  PREREQUISITES,
  PREREQUISITE_VALUES,
  type License,
  type Prerequisite,
} from './eligibility';

/**
 * Who may attend, as the admin API and the form accept it (docs/product.md, Program facts,
 * Who can attend). Every field is optional: a body written before they existed is still valid and
 * states nothing. They live in the training's one schema, so the history and any review of a
 * change see them like every other field.
 */
export const ELIGIBILITY_MESSAGES = {
  eligibleLicenses: 'Choose license types from the list',
  otherLicense: 'Name the other license type',
  preLicensed: 'Say whether pre-licensed clinicians may attend',
  studentsAllowed: 'Say whether graduate students may attend',
  prerequisite: `Choose one of ${PREREQUISITES.map((p) => p.value).join(', ')}`,
  prerequisiteText: 'Describe the prerequisite',
} as const;

const yesNoOrUnstated = (message: string) =>
  z
    .boolean({ error: message })
    .nullish()
    .transform((v) => v ?? null);

export const StudentsSchema = z
  .strictObject({
    allowed: z.boolean({ error: ELIGIBILITY_MESSAGES.studentsAllowed }),
    proof: optionalText(ELIGIBILITY_LIMITS.proof),
  })
  // Proof is asked only of students who are taken.
  .transform((s) => (s.allowed ? s : { ...s, proof: null }))
  .nullish()
  .transform((s) => s ?? null);

/** The eligibility fields, spread into the training schema. */
export const eligibilityFields = {
  eligibleLicenses: z
    .array(z.enum(LICENSE_VALUES, { error: ELIGIBILITY_MESSAGES.eligibleLicenses }), {
      error: ELIGIBILITY_MESSAGES.eligibleLicenses,
    })
    .max(LICENSE_VALUES.length, { error: ELIGIBILITY_MESSAGES.eligibleLicenses })
    .nullish()
    // Once each, in the list's order: the page, the card and the filter read them alike.
    .transform((list): License[] => LICENSE_VALUES.filter((v) => (list ?? []).includes(v))),
  otherLicense: optionalText(ELIGIBILITY_LIMITS.otherLicense),
  preLicensed: yesNoOrUnstated(ELIGIBILITY_MESSAGES.preLicensed),
  students: StudentsSchema,
  prerequisite: z
    .union([z.enum(PREREQUISITE_VALUES), z.literal('')], { error: ELIGIBILITY_MESSAGES.prerequisite })
    .nullish()
    .transform((v): Prerequisite | null => (v ? v : null)),
  prerequisiteText: optionalText(ELIGIBILITY_LIMITS.prerequisiteText),
  restrictedTo: optionalText(ELIGIBILITY_LIMITS.restrictedTo),
};

interface EligibilityValues {
  eligibleLicenses?: readonly License[];
  otherLicense?: string | null;
  prerequisite?: Prerequisite | null;
  prerequisiteText?: string | null;
}

/**
 * The rules between the fields: `other` in the list names its type, an `other` prerequisite is
 * described. A label or text left with nothing to label is dropped, so nothing unseen is stored.
 */
export function checkEligibility(t: EligibilityValues, ctx: z.RefinementCtx): void {
  // Refinements also run over a body whose fields failed: only a real list is looked into.
  if (Array.isArray(t.eligibleLicenses) && t.eligibleLicenses.includes('other') && !t.otherLicense)
    ctx.addIssue({ code: 'custom', path: ['otherLicense'], message: ELIGIBILITY_MESSAGES.otherLicense });
  if (t.prerequisite === 'other' && !t.prerequisiteText)
    ctx.addIssue({ code: 'custom', path: ['prerequisiteText'], message: ELIGIBILITY_MESSAGES.prerequisiteText });
}

/** Labels and texts of choices not made are not kept. */
export function withoutUnusedEligibilityText<T extends EligibilityValues>(t: T): T {
  const keepOther = t.eligibleLicenses === undefined || t.eligibleLicenses.includes('other');
  const keepText = t.prerequisite === undefined || t.prerequisite === 'other';
  return {
    ...t,
    ...(keepOther || t.otherLicense === undefined ? {} : { otherLicense: null }),
    ...(keepText || t.prerequisiteText === undefined ? {} : { prerequisiteText: null }),
  };
}
