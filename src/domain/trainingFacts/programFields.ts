import { z } from 'zod';
import { optionalText } from '../fields';
import {
  CE_BODY_CODES,
  DEFAULT_LANGUAGE,
  NAMED_BODIES,
  PROGRAM_TYPES,
  ceBodyOf,
  languageName,
  type ProgramType,
} from './programFacts';

/**
 * The program facts' fields as the admin API and the form accept them (docs/product.md, Program
 * facts). Every one is optional, so a body written before they existed is still valid.
 */
export const PROGRAM_MESSAGES = {
  programType: 'Choose Basic, Advanced or Other',
  body: 'Choose the approving body',
  boardName: 'Name the board that approves it',
  hours: 'CE hours must be more than 0 and at most 200, in quarter hours',
  duplicateBody: 'This body is already listed',
  duplicateBoard: 'This board is already listed',
  consultationHours: 'Consultation hours must be from 0 to 100',
  consultationCost: 'Enter the consultation cost in whole dollars, since it is not included',
  costOrder: 'The highest cost must not be below the lowest',
  completionWindow: 'Completion window must be a whole number of months from 1 to 36',
  language: 'Choose a language (a code such as en or es)',
  // The disclosure rule (422): what a Basic Training must state before it is listed.
  needsConsultation:
    'A Basic Training must state its consultation (hours, and included or its cost) before it is published',
  needsCompletionWindow: 'A Basic Training must state its completion window before it is published',
  needsRefundPolicy: 'A Basic Training must state its refund policy before it is published',
} as const;

export const FACT_TEXT_MAX = 1000;

export const quarterHours = (min: number, max: number, message: string, exclusiveMin = false) =>
  z
    .number({ error: message })
    .refine((n) => Number.isFinite(n) && (exclusiveMin ? n > min : n >= min) && n <= max && Number.isInteger(n * 4), {
      error: message,
    });

const dollars = (message: string) =>
  z.number({ error: message }).int({ error: message }).min(0, { error: message }).max(10_000_000, { error: message });

export const CeApprovalSchema = z
  .strictObject({
    body: z.enum(CE_BODY_CODES, { error: PROGRAM_MESSAGES.body }),
    boardName: optionalText(),
    providerNumber: optionalText(100),
    hours: quarterHours(0, 200, PROGRAM_MESSAGES.hours, true),
    statement: optionalText(FACT_TEXT_MAX),
  })
  .superRefine((a, ctx) => {
    if (NAMED_BODIES.includes(a.body) && !a.boardName)
      ctx.addIssue({ code: 'custom', path: ['boardName'], message: PROGRAM_MESSAGES.boardName });
  });

/** One body once; a state board or other approver once per board name. */
export const CeApprovalsSchema = z
  .array(CeApprovalSchema, { error: 'CE approvals must be a list' })
  .max(20, { error: 'At most 20 CE approvals' })
  .nullish()
  .transform((list) => list ?? [])
  .superRefine((list, ctx) => {
    const seen = new Set<string>();
    list.forEach((a, i) => {
      const named = NAMED_BODIES.includes(a.body);
      const key = named ? `${a.body}|${(a.boardName ?? '').toLowerCase()}` : a.body;
      if (seen.has(key))
        ctx.addIssue({
          code: 'custom',
          path: [i, named ? 'boardName' : 'body'],
          message: named
            ? PROGRAM_MESSAGES.duplicateBoard
            : `${ceBodyOf(a.body)?.short ?? a.body}: ${PROGRAM_MESSAGES.duplicateBody}`,
        });
      seen.add(key);
    });
  });

export const ConsultationSchema = z
  .strictObject({
    hours: quarterHours(0, 100, PROGRAM_MESSAGES.consultationHours),
    included: z.boolean({ error: 'Say whether the price includes the consultation' }),
    costMin: dollars(PROGRAM_MESSAGES.consultationCost)
      .nullish()
      .transform((v) => v ?? null),
    costMax: dollars(PROGRAM_MESSAGES.consultationCost)
      .nullish()
      .transform((v) => v ?? null),
  })
  .superRefine((c, ctx) => {
    if (!c.included) {
      if (c.costMin === null)
        ctx.addIssue({ code: 'custom', path: ['costMin'], message: PROGRAM_MESSAGES.consultationCost });
      if (c.costMax === null)
        ctx.addIssue({ code: 'custom', path: ['costMax'], message: PROGRAM_MESSAGES.consultationCost });
    }
    if (c.costMin !== null && c.costMax !== null && c.costMax < c.costMin)
      ctx.addIssue({ code: 'custom', path: ['costMax'], message: PROGRAM_MESSAGES.costOrder });
  })
  .nullish()
  .transform((c) => c ?? null);

export const ProgramTypeSchema = z
  .union([z.enum(PROGRAM_TYPES.map((t) => t.value) as [ProgramType, ...ProgramType[]]), z.literal('')], {
    error: PROGRAM_MESSAGES.programType,
  })
  .nullish()
  .transform((v): ProgramType | null => (v ? v : null));

export const LanguageSchema = z
  .string({ error: PROGRAM_MESSAGES.language })
  .trim()
  .toLowerCase()
  .refine((tag) => tag === '' || languageName(tag) !== null, { error: PROGRAM_MESSAGES.language })
  .nullish()
  .transform((tag) => tag || DEFAULT_LANGUAGE);

/** The program facts' fields, spread into the training schema. */
export const programFields = {
  programType: ProgramTypeSchema,
  ceApprovals: CeApprovalsSchema,
  consultation: ConsultationSchema,
  completionWindowMonths: z
    .number({ error: PROGRAM_MESSAGES.completionWindow })
    .int({ error: PROGRAM_MESSAGES.completionWindow })
    .min(1, { error: PROGRAM_MESSAGES.completionWindow })
    .max(36, { error: PROGRAM_MESSAGES.completionWindow })
    .nullish()
    .transform((v) => v ?? null),
  language: LanguageSchema,
  eligibility: optionalText(FACT_TEXT_MAX),
  accessibility: optionalText(FACT_TEXT_MAX),
};
