import { z } from 'zod';
import { TrainingFieldsSchema, endNotBeforeStart, inTimeZone } from './training';
import { ScheduleRowsSchema } from './parts/scheduleRows';
import { CeApprovalsSchema, ConsultationSchema } from './trainingFacts/programFields';
import { datesFromParts, inParts } from './parts/partFields';
import { StudentsSchema, checkEligibility, withoutUnusedEligibilityText } from './trainingFacts/eligibilityFields';

/**
 * An API schema run after a form's own stage (`.pipe`): typed as taking that stage's values, which
 * it checks like any other input, refusing with its own messages at their paths under the field.
 */
function apiCheck<In, S extends z.ZodType>(schema: S): z.ZodType<z.output<S>, In> {
  return schema as unknown as z.ZodType<z.output<S>, In>;
}

/**
 * One CE approval as its editor row holds it: text inputs hold '' and an empty number is null. Every
 * row is checked by the API's schema, blank or not, so a message's row index is the row on screen
 * (the client's and the server's alike: `ceApprovals.1.hours`).
 */
const CeApprovalRowSchema = z.object({
  body: z.string(),
  boardName: z.string(),
  providerNumber: z.string(),
  hours: z.number().nullable(),
  statement: z.string(),
});
export type CeApprovalRow = z.input<typeof CeApprovalRowSchema>;
export const EMPTY_CE_APPROVAL_ROW: CeApprovalRow = {
  body: '',
  boardName: '',
  providerNumber: '',
  hours: null,
  statement: '',
};

/**
 * The consultation as its fieldset holds it: `stated` off is "not stated" (null); costs are kept
 * only when the price does not include it.
 */
const ConsultationInputsSchema = z.object({
  stated: z.boolean(),
  hours: z.number().nullable(),
  included: z.boolean(),
  costMin: z.number().nullable(),
  costMax: z.number().nullable(),
});
type StatedConsultation = Omit<z.output<typeof ConsultationInputsSchema>, 'stated'> | null;
const ConsultationFormSchema = ConsultationInputsSchema.transform(({ stated, ...c }): StatedConsultation =>
  !stated ? null : c.included ? { ...c, costMin: null, costMax: null } : c,
).pipe(apiCheck<StatedConsultation, typeof ConsultationSchema>(ConsultationSchema));
export type ConsultationForm = z.input<typeof ConsultationFormSchema>;
export const NO_CONSULTATION_FORM: ConsultationForm = {
  stated: false,
  hours: null,
  included: false,
  costMin: null,
  costMax: null,
};

/** A yes/no select that may be left at "Not stated" (''). */
const YES_NO = ['', 'yes', 'no'] as const;
const yesNo = (value: (typeof YES_NO)[number]) => (value === '' ? null : value === 'yes');

/** Graduate students as the form holds them: a Yes/No/Not stated select and the proof asked. */
const StudentsFormSchema = z
  .object({ allowed: z.enum(YES_NO), proof: z.string() })
  .transform(({ allowed, proof }) => (allowed === '' ? null : { allowed: allowed === 'yes', proof }))
  .pipe(apiCheck<{ allowed: boolean; proof: string } | null, typeof StudentsSchema>(StudentsSchema));
export type StudentsForm = z.input<typeof StudentsFormSchema>;
export const NO_STUDENTS_FORM: StudentsForm = { allowed: '', proof: '' };

/**
 * The training form's schema: the API's fields, except that the schedule is edited as rows and
 * leaves the form as the stored text the API takes, and the CE approvals, the consultation, the
 * pre-licensed clinicians and the students are edited as inputs and leave it as the API's values.
 */
const TrainingFormFields = TrainingFieldsSchema.extend({
  schedule: ScheduleRowsSchema,
  ceApprovals: z
    .array(CeApprovalRowSchema)
    .pipe(apiCheck<CeApprovalRow[], typeof CeApprovalsSchema>(CeApprovalsSchema)),
  consultation: ConsultationFormSchema,
  preLicensed: z.enum(YES_NO).transform(yesNo),
  students: StudentsFormSchema,
});
export type TrainingFormValues = z.input<typeof TrainingFormFields>;

/** With parts, the training's own dates are derived from them, as the API does (partFields.ts). */
const TrainingFormPipeline = z
  .preprocess(datesFromParts, TrainingFormFields)
  .transform(inTimeZone)
  .transform(inParts)
  .superRefine(endNotBeforeStart)
  .superRefine(checkEligibility)
  .transform(withoutUnusedEligibilityText);
export type TrainingFormOutput = z.output<typeof TrainingFormPipeline>;
// A preprocess takes any input: typed back as taking the form's values, for the form's resolver.
export const TrainingFormSchema = TrainingFormPipeline as unknown as z.ZodType<TrainingFormOutput, TrainingFormValues>;

/** A part's editor row: text inputs hold '' for "the training's own". */
export const EMPTY_PART_ROW = {
  label: '',
  startDate: '',
  endDate: '',
  timeZone: '',
  format: '',
  location: '',
  venue: '',
} as const;
