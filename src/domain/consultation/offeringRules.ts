import type { z } from 'zod';
import { APPROVED_CONSULTANT, CONSULTANT_IN_TRAINING, type Goal } from './consultationFacts';
import type { OfferingField } from './offeringFields';
import { meetingHours, type Series } from './recurrence';

/**
 * The rules an offering is checked against when it is submitted (docs/product.md, Consultation),
 * each with the source it comes from beside it, in one place so each is easy to change. They
 * refuse only what cannot be true (docs/domain.md, Consultation: "store what the consultant states,
 * and refuse only what cannot be true"): a refusal is a 400 on the field, with a message that
 * says the rule.
 */
export interface RuleFacts extends Series {
  kind: string;
  countsToward: readonly Goal[];
  consultantCredential: string;
  groupMax: number | null;
  individualHours: number | null;
  groupHours: number | null;
  designations: readonly unknown[];
}

export interface OfferingRule {
  id: string;
  /** Where the rule comes from, quoted. */
  source: string;
  /** The field a refusal is on. */
  field: (o: RuleFacts) => OfferingField;
  message: string;
  refuses: (o: RuleFacts) => boolean;
}

const hoursPerMember = (o: RuleFacts) => (o.individualHours ?? 0) + (o.groupHours ?? 0);
/** The hours field a refusal about the total is on: the group hours when stated, else the individual. */
const hoursField = (o: RuleFacts): OfferingField => (o.groupHours ? 'groupHours' : 'individualHours');
const toward = (o: RuleFacts, goal: Goal) => o.countsToward.includes(goal);

export const OFFERING_RULES = [
  {
    id: 'certification-group-size',
    source: 'docs/domain.md, Consultation, for EMDR Certification: "a consultation group has at most 8 members"',
    field: () => 'groupMax',
    message: 'A consultation group toward EMDR Certification has at most 8 members',
    refuses: (o) => toward(o, 'certification') && (o.groupMax ?? 0) > 8,
  },
  {
    id: 'individual-hours-group-size',
    source: 'docs/domain.md, Consultation: "individual hours may be earned only in groups of 4 or fewer"',
    field: () => 'individualHours',
    message: 'Individual hours can be earned only in a group of 4 or fewer',
    refuses: (o) => (o.individualHours ?? 0) > 0 && (o.groupMax ?? 0) > 4,
  },
  {
    id: 'cit-certification-hours',
    source: 'docs/domain.md, Consultation: "a consultant-in-training (CIT) may give at most 15 of the 20 hours"',
    field: hoursField,
    message: 'A consultant-in-training may give at most 15 of the 20 hours toward EMDR Certification',
    refuses: (o) =>
      o.consultantCredential === CONSULTANT_IN_TRAINING && toward(o, 'certification') && hoursPerMember(o) > 15,
  },
  {
    id: 'cit-consultation-by-approved',
    source: 'docs/domain.md, Consultation: "Consultants of consultants need to be Approved Consultants."',
    field: () => 'consultantCredential',
    message: 'Consultation for consultants-in-training is given only by an EMDRIA Approved Consultant',
    refuses: (o) => toward(o, 'cit') && o.consultantCredential !== APPROVED_CONSULTANT,
  },
  {
    id: 'basic-names-designation',
    source:
      'docs/domain.md, Consultation, for a Basic Training: "They count only with the consultants (or consultants-in-training) that the training\'s provider designates."',
    field: () => 'designations',
    message:
      'Basic Training consultation counts only with a consultant its provider designates: name the provider or the training',
    refuses: (o) => toward(o, 'basic') && o.designations.length === 0,
  },
  {
    id: 'hours-within-meeting-time',
    source:
      'docs/domain.md, Consultation: "store what the consultant states, and refuse only what cannot be true": no member earns more hours than the sessions last',
    field: hoursField,
    message: 'Hours per member cannot be more than the time the sessions meet in all',
    refuses: (o) => {
      const meeting = meetingHours(o);
      return meeting !== null && hoursPerMember(o) > meeting;
    },
  },
] as const satisfies readonly OfferingRule[];

export type OfferingRuleId = (typeof OFFERING_RULES)[number]['id'];

export interface Refusal {
  rule: OfferingRuleId;
  field: OfferingField;
  message: string;
}

/** The rules an offering breaks, in the order above. */
export function offeringRefusals(o: RuleFacts): Refusal[] {
  return OFFERING_RULES.filter((rule) => rule.refuses(o)).map((rule) => ({
    rule: rule.id,
    field: rule.field(o),
    message: rule.message,
  }));
}

/** The schema's step: each broken rule is an issue on its field. */
export function checkOfferingRules(o: RuleFacts, ctx: z.RefinementCtx): void {
  for (const { field, message } of offeringRefusals(o)) ctx.addIssue({ code: 'custom', path: [field], message });
}
