import { z } from 'zod';
import { LIMITS, optionalText, optionalUrl } from '../fields';
import { TrainingFieldsSchema } from '../training';
import { LanguageSchema, quarterHours } from '../trainingFacts/programFields';
import { availabilityFields } from '../parts/availabilityFields';
import { positionFields } from '../nearMe/positionFields';
import { checkEligibility, eligibilityFields, withoutUnusedEligibilityText } from '../trainingFacts/eligibilityFields';
import {
  CONSULTANT_CREDENTIALS,
  GOAL_VALUES,
  OFFERING_KIND_VALUES,
  OFFERING_LIMITS as L,
  PRICE_UNIT_VALUES,
} from './consultationFacts';
import { OFFERING_CHECKS, OFFERING_MESSAGES as M } from './offeringFields';
import { checkWhen, onOfferingClock, whenFields, withSortedDates } from './offeringWhen';
import { checkOfferingRules } from './offeringRules';

/**
 * A consultation offering: the one schema of the listing kind (docs/product.md, Consultation), read
 * by the admin API, the form and the tests. Store what the consultant states; refuse only what
 * cannot be true (offeringRules.ts). Facts a clinician may leave out are optional, with defaults.
 */

const wholeOrNull = (max: number, message: string) =>
  z
    .number({ error: message })
    .int({ error: message })
    .min(0, { error: message })
    .max(max, { error: message })
    .nullish()
    .transform((v) => v ?? null);

/** A provider or a training that designates the consultant for its Basic Training's consultation. */
export const DesignationSchema = z.strictObject({
  trainingId: z
    .union([z.uuid({ error: M.designations }), z.literal('')], { error: M.designations })
    .nullish()
    .transform((v) => v || null),
  provider: optionalText(),
});
export type Designation = z.output<typeof DesignationSchema>;

/** Fields of an offering as the admin API accepts them; unknown keys are refused. */
export const OfferingFieldsSchema = z.strictObject({
  trainerId: z.uuid({ error: M.trainerId }),
  consultantCredential: z.enum(CONSULTANT_CREDENTIALS, { error: M.consultantCredential }),
  // Absent: the page names it from its kind and goal (offeringTitle).
  title: optionalText(),
  description: optionalText(LIMITS.long),
  kind: z.enum(OFFERING_KIND_VALUES, { error: M.kind }),
  countsToward: z
    .array(z.enum(GOAL_VALUES, { error: M.countsToward }), { error: M.countsToward })
    .min(1, { error: M.countsToward })
    .max(GOAL_VALUES.length, { error: M.countsToward })
    // Once each, in the list's order: the card, the filter and the rules read them alike.
    .transform((list) => GOAL_VALUES.filter((g) => list.includes(g))),
  designations: z
    .array(DesignationSchema, { error: M.designations })
    .max(L.maxDesignations, { error: M.designations })
    .nullish()
    .transform((list) => list ?? []),
  ...whenFields,
  format: TrainingFieldsSchema.shape.format,
  location: optionalText(),
  ...positionFields,
  language: LanguageSchema,
  groupMin: wholeOrNull(L.maxGroup, M.groupMin),
  groupMax: wholeOrNull(L.maxGroup, M.groupMax),
  forming: z.boolean({ error: M.forming }).default(false),
  joinedCount: wholeOrNull(L.maxGroup, M.joinedCount),
  ...availabilityFields,
  price: TrainingFieldsSchema.shape.price,
  priceUnit: z.enum(PRICE_UNIT_VALUES, { error: M.priceUnit }),
  individualHours: quarterHours(0, L.maxHours, M.individualHours)
    .nullish()
    .transform((v) => v ?? null),
  groupHours: quarterHours(0, L.maxHours, M.groupHours)
    .nullish()
    .transform((v) => v ?? null),
  refundPolicy: optionalText(LIMITS.long),
  agreementUrl: optionalUrl(),
  registerUrl: optionalUrl(),
  // "Before you register" (docs/product.md, Program facts): what it requires first, as a training states it.
  prerequisite: eligibilityFields.prerequisite,
  prerequisiteText: eligibilityFields.prerequisiteText,
  isPublished: z.boolean().default(true),
});

type Fields = z.output<typeof OfferingFieldsSchema>;

/** A one-to-one offering's group is one; designations are kept only for Basic Training consultation. */
function withDefaults<T extends Fields>(value: T): T {
  const oneToOne = value.kind !== 'group';
  return {
    ...value,
    groupMax: value.groupMax ?? (oneToOne ? 1 : null),
    designations: value.countsToward.includes('basic') ? value.designations : [],
  };
}

/** Sizes in order, a forming group's threshold, a place to meet, a named designation. */
export function checkGroup(value: Fields, ctx: z.RefinementCtx): void {
  const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
  if (value.groupMax === null) issue(['groupMax'], OFFERING_CHECKS.groupNeedsSize);
  if (value.groupMin !== null && value.groupMax !== null && value.groupMin > value.groupMax)
    issue(['groupMin'], OFFERING_CHECKS.groupOrder);
  if (value.forming && value.groupMin === null) issue(['groupMin'], M.forming);
  if (value.joinedCount !== null && value.groupMax !== null && value.joinedCount > value.groupMax)
    issue(['joinedCount'], M.joinedCount);
  if (value.format !== 'Virtual' && !value.location) issue(['location'], OFFERING_CHECKS.needsPlace);
  value.designations.forEach((d, i) => {
    if (!d.trainingId && !d.provider) issue(['designations', i, 'provider'], OFFERING_CHECKS.designationNeedsName);
  });
}

/** Create and full update: the fields, then the checks between them, then EMDRIA's rules as stated. */
export const OfferingInputSchema = OfferingFieldsSchema.transform(onOfferingClock)
  .transform(withDefaults)
  .superRefine(checkWhen)
  .superRefine(checkGroup)
  .superRefine(checkEligibility)
  .superRefine(checkOfferingRules)
  .transform(withSortedDates)
  .transform(withoutUnusedEligibilityText);

export type OfferingFormValues = z.input<typeof OfferingFieldsSchema>;
export type OfferingInput = z.output<typeof OfferingInputSchema>;

/** An offering as stored and as the API returns it. */
export interface Offering extends OfferingInput {
  id: string;
  createdAt: Date;
  updatedAt: Date;
  /** Raised by the database on every update (the calendar's SEQUENCE). */
  revision: number;
}
